"""Warmachine focus as the warcaster rules keep it: a Leader replenished to its FOC each turn, power-up and allocation
to its battlegroup within 3 a warjack, spent or kept, the feat once a game, Execution Mode's five-for-one healing."""

from __future__ import annotations

from types import MappingProxyType

import pytest
from pydantic import TypeAdapter

from builder.games.warmachine.catalogue import WarmachineCatalogue
from builder.games.warmachine.focus import (
    Allocate,
    ControlPhase,
    Destroyed,
    Feat,
    FocusRecord,
    Heal,
    Leader,
    PowerUp,
    Spend,
    Vulnerable,
    apply_focus,
    battlegroups,
    new_focus,
    turn_ended,
)
from builder.games.warmachine.roster import WarmachineRoster
from builder.games.warmachine.spending import focus_summary
from builder.resources import Refused
from builder.roster.files import read_roster
from tests.conftest import EXAMPLES

YSOLDE, BULWARK, SPARROW, SQUAD = 0, 1, 2, 3
ARMY = (Leader(YSOLDE, "Ysolde", 7, "focus", MappingProxyType({BULWARK: "Bulwark", SPARROW: "Sparrow"})),)


def play(*events, execution=False):
    state = new_focus(ARMY, execution)
    for event in events:
        state = apply_focus(state, event)
    return state


def refused(state, event) -> tuple[str, str]:
    with pytest.raises(Refused) as caught:
        apply_focus(state, event)
    return caught.value.finding.code, caught.value.finding.message


def test_a_leader_begins_with_its_stat_and_is_replenished_to_it_each_turn():
    assert play().holding(YSOLDE) == 7
    state = play(ControlPhase(), Spend(model=YSOLDE, amount=5, what="boost"))
    assert state.holding(YSOLDE) == 2  # kept into the opponent's turn
    assert apply_focus(state, ControlPhase()).holding(YSOLDE) == 7


def test_power_up_and_allocation_within_3_a_warjack():
    state = play(ControlPhase(), PowerUp(model=BULWARK), Allocate(leader=YSOLDE, model=BULWARK, amount=2))
    assert (state.holding(BULWARK), state.holding(YSOLDE)) == (3, 5)
    assert refused(state, Allocate(leader=YSOLDE, model=BULWARK)) == (
        "battle/focus",
        "Bulwark holds 3 focus at most (3 on it, 1 more asked)",
    )
    assert refused(state, PowerUp(model=BULWARK))[1] == "Bulwark powered up this turn already"
    assert refused(state, Allocate(leader=YSOLDE, model=SQUAD))[1] == "model 4 is not in Ysolde's battlegroup"
    state = apply_focus(state, Allocate(leader=YSOLDE, model=SPARROW, amount=3))
    assert refused(state, Allocate(leader=YSOLDE, model=SPARROW))[1].startswith("Sparrow holds 3 focus at most")


def test_a_leader_allocates_no_more_than_it_has_and_only_in_the_control_phase():
    state = play(ControlPhase(), Allocate(leader=YSOLDE, model=BULWARK, amount=3))
    state = apply_focus(state, Allocate(leader=YSOLDE, model=SPARROW, amount=3))
    assert refused(state, Spend(model=YSOLDE, amount=2)) == ("battle/focus", "Ysolde has 1 focus, not 2")
    state = apply_focus(state, Spend(model=BULWARK, what="boost"))
    assert refused(state, Allocate(leader=YSOLDE, model=BULWARK))[0] == "battle/turn"
    assert apply_focus(state, ControlPhase()).holding(BULWARK) == 0  # a warjack's points go at the next turn


def test_the_feat_once_a_game():
    state = play(ControlPhase(), Feat(leader=YSOLDE), ControlPhase())
    assert refused(state, Feat(leader=YSOLDE)) == (
        "battle/focus",
        "Ysolde used its feat in turn 1: a feat is used once a game",
    )
    assert "feat used" in focus_summary(state)


def test_execution_mode_heals_five_for_one_and_not_while_vulnerable():
    assert play(ControlPhase(), Heal(leader=YSOLDE, amount=2), execution=True).healed == 10
    assert play(ControlPhase(), Heal(leader=YSOLDE, amount=2)).healed == 2
    state = play(ControlPhase(), Vulnerable(leader=YSOLDE), execution=True)
    assert refused(state, Heal(leader=YSOLDE)) == (
        "battle/focus",
        "Ysolde is vulnerable: it cannot have damage removed",
    )
    recovered = apply_focus(state, ControlPhase())
    assert (recovered.vulnerable, recovered.healed) == (frozenset(), 1)  # its next turn: 1 damage removed
    assert refused(play(), Vulnerable(leader=YSOLDE))[1] == "only in Execution Mode does a Leader become vulnerable"


def test_the_control_phase_and_the_activation_end_as_another_players_turn_begins():
    """Allocating and powering up belong to the player's Control Phase, a feat and healing to the Leader's activation:
    all in the player's own turn; spending (a Power Field's 5 prevented) is not refused in the opponent's."""
    state = turn_ended(play(ControlPhase()))
    said = "allocating happens in the Control Phase, at the start of the player's turn"
    assert refused(state, Allocate(leader=YSOLDE, model=BULWARK, amount=2)) == ("battle/turn", said)
    assert refused(state, PowerUp(model=BULWARK))[0] == "battle/turn"
    assert refused(state, Feat(leader=YSOLDE)) == (
        "battle/turn",
        "a feat is used in the Leader's activation, in its player's own turn",
    )
    assert refused(state, Heal(leader=YSOLDE)) == (
        "battle/turn",
        "Ysolde removes its own damage in its activation, in its player's own turn",
    )
    assert apply_focus(state, Spend(model=YSOLDE, what="power field")).holding(YSOLDE) == 6
    again = apply_focus(state, ControlPhase())
    assert apply_focus(again, Feat(leader=YSOLDE)).feats == {YSOLDE: 2}


def test_a_destroyed_leader_or_warjack_gains_gives_and_spends_nothing():
    state = play(ControlPhase(), Allocate(leader=YSOLDE, model=SPARROW), Destroyed(model=YSOLDE))
    said = "Ysolde is destroyed: it has no points to gain, give or spend"
    assert refused(state, Allocate(leader=YSOLDE, model=BULWARK)) == ("battle/focus", said)
    assert refused(state, Spend(model=YSOLDE))[1] == said
    assert refused(state, Feat(leader=YSOLDE))[1] == said
    assert refused(state, Heal(leader=YSOLDE))[1] == said
    next_turn = apply_focus(state, ControlPhase())
    assert (next_turn.holding(YSOLDE), focus_summary(next_turn)) == (0, "Ysolde destroyed")
    jack = play(ControlPhase(), Destroyed(model=BULWARK))
    assert refused(jack, Allocate(leader=YSOLDE, model=BULWARK))[1] == (
        "Bulwark is destroyed: it has no points to gain, give or spend"
    )
    assert refused(jack, Destroyed(model=BULWARK))[0] == "battle/focus"


def test_the_compact_line():
    state = play(ControlPhase(), PowerUp(model=BULWARK), Allocate(leader=YSOLDE, model=SPARROW, amount=2))
    assert focus_summary(state) == "Ysolde focus 5 · cohort 3 · feat ready"


def test_the_battlegroups_come_from_the_army():
    loaded = read_roster(EXAMPLES / "warmachine-example.toml")
    assert isinstance(loaded.roster, WarmachineRoster) and isinstance(loaded.catalogue, WarmachineCatalogue)
    (leader,) = battlegroups(loaded.roster, loaded.catalogue)
    assert (leader.index, leader.stat, leader.word, sorted(leader.cohort)) == (0, 7, "focus", [1, 2])


def test_the_events_read_back_from_json_as_their_own_kinds():
    events = [
        ControlPhase(),
        PowerUp(model=1),
        Allocate(leader=0, model=2, amount=2),
        Feat(leader=0),
        Heal(leader=0),
        Destroyed(model=1),
    ]
    records = TypeAdapter(list[FocusRecord])
    assert records.validate_json(records.dump_json(events)) == events
