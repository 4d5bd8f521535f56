"""Warcaster's Arc as the book keeps it: the well of 7, each holder's limit, the Charging Phase, deployment from a
gate, recall and destruction clearing Arc, two gates at most, a gate collapsing at 0; the total never changes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.games.warcaster.arc import ArcUnit, apply_arc, arc_summary, arc_units, new_arc
from builder.games.warcaster.arc_events import (
    Charge,
    Clear,
    Deploy,
    Destroyed,
    GateDamage,
    PlaceGate,
    Recall,
    Spike,
)
from builder.games.warcaster.catalogue import WarcasterCatalogue
from builder.games.warcaster.roster import WarcasterRoster
from builder.games.warcaster.steps import Turn
from builder.resources import Refused, replay
from builder.roster.files import read_roster
from tests.conftest import EXAMPLES

JACK, TEAM, HERO, SOLO, RAZORBAT, SHIELD = range(6)
FORCE = (
    ArcUnit("Dusk Wolf", "warjack", 3),
    ArcUnit("Ranger Fire Team", "squad", 2),
    ArcUnit("Hunter", "hero", 2),
    ArcUnit("Combat Engineer", "solo", 1),
    ArcUnit("Razorbat", "vehicle", 3),
    ArcUnit("Blast Shield", "mantlet", 1),
)


def play(*events):
    """The state after the events, each one allowed."""
    state = new_arc(FORCE)
    for event in events:
        state = apply_arc(state, event)
    return state


def refused(state, event) -> tuple[str, str]:
    with pytest.raises(Refused) as caught:
        apply_arc(state, event)
    return caught.value.finding.code, caught.value.finding.message


# The set-up and a first turn that charges the Fire Team and places a gate with 5 Arc (1 left in the well).
FIRST_TURN = (Deploy(units=[TEAM, SOLO]), Turn(), Charge(unit=TEAM), PlaceGate(arc=5, by=TEAM))


def test_the_game_begins_with_7_arc_in_the_well_and_up_to_5_dc_deployed_without_a_gate():
    state = play(Deploy(units=[TEAM, SOLO]))
    assert (state.well, dict(state.in_play), state.setup_dc) == (7, {TEAM: 0, SOLO: 0}, 3)
    assert refused(state, Deploy(units=[JACK])) == (
        "battle/arc",
        "the set-up deploys up to 5 DC: 3 + 3 is more",
    )


def test_the_charging_phase_charges_one_holder_with_1_arc_or_clears_any():
    state = play(*FIRST_TURN)
    assert (state.well, state.in_play[TEAM], dict(state.gates)) == (1, 1, {1: 5})
    assert refused(play(*FIRST_TURN[:3]), Charge(unit=SOLO))[0] == "battle/arc"  # one charge a turn
    cleared = play(*FIRST_TURN, Turn(), Clear(unit=TEAM), Clear(gate=1, amount=2))
    assert (cleared.well, cleared.in_play[TEAM], cleared.gates[1]) == (4, 0, 3)
    assert refused(cleared, Charge(gate=1))[1].startswith("the Charging Phase charges one unit or gate")


def test_each_holder_keeps_to_its_limit_warjack_3_squad_1_gate_5():
    state = play(*FIRST_TURN, Turn(), Clear(gate=1, amount=5))  # the gate collapses: 6 in the well
    assert refused(state, Charge(unit=TEAM, rule="Wild Surge")) == (
        "battle/arc",
        "Ranger Fire Team holds 1 Arc at most (1 on it, 1 more asked)",
    )
    state = play(Deploy(units=[TEAM]), Turn(), PlaceGate(arc=5), Turn(), Deploy(units=[JACK], gate=1))
    state = apply_arc(state, Charge(unit=JACK, amount=3, rule="Arc Siphon"))
    assert state.in_play[JACK] == 3
    assert "holds 3 Arc at most" in refused(state, Charge(unit=JACK, rule="Arc Siphon"))[1]
    assert "a gate is placed with up to 5 Arc" in refused(play(Turn()), PlaceGate(arc=6))[1]


def test_a_vehicle_holds_1_and_a_mantlet_none():
    state = play(Turn(), PlaceGate(arc=4), Turn(), Deploy(units=[RAZORBAT, SHIELD], gate=1), Turn())
    state = apply_arc(state, Charge(unit=RAZORBAT))
    assert state.in_play[RAZORBAT] == 1
    assert refused(state, Charge(unit=SHIELD, rule="any")) == (
        "battle/arc",
        "Blast Shield holds 0 Arc at most (0 on it, 1 more asked)",
    )


def test_a_spike_clears_1_arc_from_a_charged_unit():
    state = play(*FIRST_TURN, Spike(unit=TEAM))
    assert (state.well, state.in_play[TEAM]) == (2, 0)
    assert refused(state, Spike(unit=TEAM))[1] == "Ranger Fire Team has no Arc to spike (it is not charged)"


def test_deploying_clears_the_units_dc_from_one_gate_and_a_gate_at_0_collapses():
    state = play(*FIRST_TURN, Turn(), Deploy(units=[JACK, HERO], gate=1))
    assert (dict(state.gates), state.well, state.placed) == ({}, 6, 1)  # 3 + 2 DC: its last Arc, back to the well
    assert refused(state, Deploy(units=[RAZORBAT], gate=1)) == ("battle/gate", "gate 1 collapsed: no such gate in play")
    short = play(*FIRST_TURN, Turn(), Clear(gate=1, amount=3))
    assert refused(short, Deploy(units=[JACK], gate=1)) == (
        "battle/gate",
        "gate 1 has 2 Arc, not the 3 DC of the units deployed",
    )


def test_a_recalled_or_destroyed_unit_clears_its_arc_and_a_destroyed_hero_is_removed():
    state = play(*FIRST_TURN, Turn(), Recall(unit=TEAM))
    assert (state.well, TEAM in state.in_play) == (2, False)
    assert refused(state, Deploy(units=[JACK], gate=1))[1] == "this turn recalled a unit: it deploys none"
    hero = play(*FIRST_TURN, Turn(), Deploy(units=[HERO], gate=1), Destroyed(unit=HERO))
    assert HERO in hero.removed
    assert (
        refused(hero, Deploy(units=[HERO], gate=1))[1]
        == "Hunter was removed from the game: only a unit in reserve is deployed"
    )
    squad = play(*FIRST_TURN, Destroyed(unit=TEAM))
    assert (squad.well, TEAM in squad.in_play, TEAM in squad.removed) == (2, False, False)


def test_a_third_gate_is_refused_and_one_gate_a_turn():
    state = play(Turn(), PlaceGate(arc=2), Turn(), PlaceGate(arc=2), Turn())
    assert refused(state, PlaceGate(arc=1)) == (
        "battle/gate",
        "2 void gates are in play already: the most a player has",
    )
    assert refused(play(Turn(), PlaceGate(arc=2)), PlaceGate(arc=1)) == ("battle/gate", "one void gate placed a turn")


def test_a_gate_is_placed_by_a_warrior_model_not_deployed_this_turn():
    state = play(*FIRST_TURN, Turn(), PlaceGate(arc=0), Turn(), Deploy(units=[JACK, HERO], gate=1))
    assert refused(state, PlaceGate(by=HERO)) == (
        "battle/gate",
        "Hunter was deployed this turn: it cannot be nominated to place a gate",
    )
    assert (
        refused(state, PlaceGate(by=JACK))[1]
        == "Dusk Wolf was deployed this turn: it cannot be nominated to place a gate"
    )
    assert refused(play(*FIRST_TURN, Turn(), Deploy(units=[JACK], gate=1), Turn()), PlaceGate(by=JACK))[1] == (
        "Dusk Wolf is no warrior model: it cannot be nominated to place a gate"
    )


def test_damage_to_a_gate_clears_arc_and_collapses_it_at_0():
    state = play(*FIRST_TURN, GateDamage(gate=1, damage=2))
    assert (state.gates[1], state.well) == (3, 3)
    state = apply_arc(state, GateDamage(gate=1, damage=4))
    assert (dict(state.gates), state.well, state.total) == ({}, 6, 7)


def test_the_steps_go_in_order():
    state = play(*FIRST_TURN)  # the gate is placed: step 7
    assert refused(state, Charge(unit=SOLO)) == (
        "battle/turn",
        "charging belongs to the Charging Phase, but this turn has reached placing a void gate (steps go in order)",
    )
    assert refused(play(Deploy(units=[TEAM])), Charge(unit=TEAM))[0] == "battle/turn"  # the set-up charges nothing


def test_the_compact_line():
    assert arc_summary(play(*FIRST_TURN)) == "Arc 1 · gates 5 · on units 1"
    assert arc_summary(play()) == "Arc 7 · gates none · on units 0"


def test_the_force_comes_from_the_roster_with_types_and_dc():
    loaded = read_roster(EXAMPLES / "warcaster-marcher-worlds.toml")
    assert isinstance(loaded.roster, WarcasterRoster) and isinstance(loaded.catalogue, WarcasterCatalogue)
    units = arc_units(loaded.roster, loaded.catalogue)
    assert [(u.type, u.limit) for u in units[:1]] == [("warjack", 3)]
    assert {u.type for u in units} <= {"warjack", "squad", "solo", "hero", "vehicle", "mantlet"}
    assert all(u.dc > 0 for u in units)


indexes = st.integers(0, len(FORCE) - 1)
gates = st.integers(1, 4)
events = st.one_of(
    st.just(Turn()),
    st.builds(Charge, unit=indexes, amount=st.integers(1, 3), rule=st.sampled_from([None, "rule"])),
    st.builds(Charge, gate=gates, amount=st.integers(1, 5), rule=st.sampled_from([None, "rule"])),
    st.builds(Clear, unit=indexes, amount=st.integers(1, 3), rule=st.sampled_from([None, "rule"])),
    st.builds(Clear, gate=gates, amount=st.integers(1, 5)),
    st.builds(Spike, unit=indexes),
    st.builds(Deploy, units=st.lists(indexes, min_size=1, max_size=3), gate=st.none() | gates),
    st.builds(Recall, unit=indexes),
    st.builds(Destroyed, unit=indexes),
    st.builds(PlaceGate, arc=st.integers(0, 6), by=st.none() | indexes),
    st.builds(GateDamage, gate=gates, damage=st.integers(1, 6)),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(events, max_size=60))
def test_the_total_arc_is_always_7_and_every_holder_within_its_limit(sequence):
    replayed = replay(apply_arc, new_arc(FORCE), sequence)
    state = replayed.state
    assert state.total == 7
    assert state.well >= 0 and len(state.gates) <= 2
    assert all(0 <= arc <= 5 for arc in state.gates.values())
    assert all(0 <= arc <= FORCE[unit].limit for unit, arc in state.in_play.items())
    assert all(f.code in ("battle/arc", "battle/gate", "battle/turn") for f in replayed.refused)
