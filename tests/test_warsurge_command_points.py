"""Warsurge Advanced command points as the book counts them: 2 per unit on the battlefield (embarked ones too) plus
the Turn Master's D6 per 500 points plus what was left; costs doubling on a unit's repeated action, counter actions
included; free Deploy; Support; a refusal naming the sum; Time Attack's 1 CP."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pydantic import TypeAdapter

from builder.games.warsurge.catalogue import WarsurgeCatalogue
from builder.games.warsurge.command_points import (
    Action,
    CommandRecord,
    GameTurn,
    Overrun,
    Place,
    apply_command_points,
    bonus_dice,
    new_command_points,
    roster_command_points,
)
from builder.games.warsurge.cp_ledger import command_summary, ledger_lines, spent_this_turn, turn_lines
from builder.games.warsurge.roster import WarsurgeRoster
from builder.resources import Refused
from builder.roster.files import read_roster
from tests.conftest import EXAMPLES

UNITS = ("Strike Team", "Scouts", "Walker", "APC", "Riflemen", "Reserve Squad")


def play(*events, limit=800):
    state = replace(new_command_points(UNITS, limit), transports=frozenset({3}))  # the APC
    for event in events:
        state = apply_command_points(state, event)
    return state


def refused(state, event) -> tuple[str, str]:
    with pytest.raises(Refused) as caught:
        apply_command_points(state, event)
    return caught.value.finding.code, caught.value.finding.message


# The book's example: 5 units on the battlefield (one embarked in the APC), the sixth in reserve.
DEPLOYED = (
    *(Place(unit=n, where="battlefield") for n in range(4)),
    Place(unit=4, where="embarked"),
)


@pytest.mark.parametrize(
    ("limit", "dice"), [(100, 1), (500, 1), (501, 2), (800, 2), (1000, 2), (1001, 3), (1500, 3), (2500, 5)]
)
def test_the_turn_master_rolls_one_d6_per_500_points_of_the_limit(limit, dice):
    assert bonus_dice(limit) == dice


def test_800_points_5_units_and_a_roll_of_3_and_4_give_17_cp():
    state = play(*DEPLOYED, GameTurn(roll=[3, 4]))
    assert (state.cp, state.game_turn) == (17, 1)
    assert refused(play(*DEPLOYED), GameTurn(roll=[6])) == ("battle/cp", "a 800-point game rolls 2 D6 for CP, not 1")


def test_leftover_cp_is_kept_and_casualties_give_none():
    state = play(*DEPLOYED, GameTurn(roll=[3, 4]), Action(unit=0, action="move"), Place(unit=1, where="casualty"))
    state = apply_command_points(state, GameTurn(roll=[1, 1]))
    assert state.cp == 16 + 2 * 4 + 2


def test_moving_three_times_costs_1_2_4_7_cp_and_the_next_game_turn_costs_1_again():
    state = play(*DEPLOYED, GameTurn(roll=[3, 4]), *[Action(unit=0, action="move")] * 3)
    assert (state.cp, command_summary(state)) == (10, "CP 10 · spent 7 · game turn 1")
    assert state.cost(0, "move") == 8 and state.cost(1, "move") == 1 and state.cost(0, "dash") == 1
    state = apply_command_points(state, GameTurn(roll=[1, 1]))
    assert state.cost(0, "move") == 1


def test_counter_actions_count_toward_the_doubling():
    state = play(*DEPLOYED, GameTurn(roll=[3, 4]), Action(unit=2, action="attack"))
    state = apply_command_points(state, Action(unit=2, action="attack", counter=True))
    assert (state.cp, state.cost(2, "attack")) == (14, 4)
    assert refused(state, Action(unit=2, action="move", counter=True)) == (
        "battle/cp",
        "Move is no counter action (Attack, Guard or Use Perks are)",
    )


def test_an_action_the_player_cannot_pay_for_is_refused_with_the_sum():
    state = play(*DEPLOYED, GameTurn(roll=[1, 1]), *[Action(unit=0, action="move")] * 3)  # 12 - 7 = 5 left
    assert refused(state, Action(unit=0, action="move")) == (
        "battle/cp",
        "Strike Team's 4th Move this game turn costs 8 CP (1 + 2 + 4 + 8 = 15 in all) — the player has 5",
    )


def test_deploy_is_free_and_support_gives_1_cp_only_to_a_unit_that_has_not_acted():
    state = play(*DEPLOYED, GameTurn(roll=[3, 4]), Action(unit=5, action="deploy"))
    assert (state.cp, state.place(5)) == (17, "battlefield")
    assert refused(state, Action(unit=5, action="support"))[1] == (
        "Reserve Squad has acted this game turn: only a unit that has not gives Support"
    )
    state = apply_command_points(state, Action(unit=1, action="support"))
    assert state.cp == 18
    assert refused(state, Action(unit=1, action="guard", counter=True)) == (
        "battle/cp",
        "Scouts gave Support this game turn: it makes no other action",
    )
    assert refused(state, Action(unit=0, action="deploy"))[1] == (
        "Strike Team is not in reserve: only a unit in reserve is deployed"
    )


def test_a_unit_in_reserve_or_a_casualty_cannot_act_and_nothing_before_the_first_game_turn():
    state = play(*DEPLOYED, Place(unit=3, where="casualty"), GameTurn(roll=[3, 4]))
    assert refused(state, Action(unit=5, action="move"))[1] == "Reserve Squad is in reserve: it cannot act"
    assert refused(state, Action(unit=3, action="attack"))[1] == "APC is a casualty: it cannot act"
    assert refused(play(*DEPLOYED), Action(unit=0, action="move"))[0] == "battle/turn"


def test_time_attack_overrun_costs_1_cp():
    state = play(*DEPLOYED, GameTurn(roll=[3, 4]), Overrun())
    assert state.cp == 16
    broke = play(
        GameTurn(roll=[1, 1]),
        Action(unit=0, action="deploy"),
        Action(unit=0, action="move"),
        Action(unit=0, action="dash"),
    )
    assert (broke.cp, apply_command_points(broke, Overrun()).cp) == (
        0,
        0,
    )  # a player with nothing left loses nothing more


def test_an_overrun_at_0_cp_is_recorded_as_nothing_paid_not_as_1_cp_spent():
    """The book charges 1 CP and says nothing of a player with none: the overrun is in the ledger, but nothing is
    paid nor owed, and the game turn's spending does not count a CP that was never there."""
    broke = play(GameTurn(roll=[1, 1]), Action(unit=0, action="deploy"), Action(unit=0, action="move"))
    broke = apply_command_points(broke, Action(unit=0, action="dash"))
    spent = spent_this_turn(broke)
    after = apply_command_points(broke, Overrun())
    assert (after.cp, spent_this_turn(after), after.ledger[-1].cost) == (0, spent, 0)
    assert ledger_lines(after)[-1] == "turn 1  (timer)  overrun  0 CP, none left to pay"
    paid = apply_command_points(play(*DEPLOYED, GameTurn(roll=[3, 4])), Overrun())
    assert (paid.cp, ledger_lines(paid)[-1]) == (16, "turn 1  (timer)  overrun  1 CP")


def test_the_ledger_lists_each_action_and_its_cost():
    state = play(*DEPLOYED, GameTurn(roll=[3, 4]), Action(unit=0, action="move"), Action(unit=0, action="move"))
    state = apply_command_points(state, Action(unit=1, action="support"))
    assert ledger_lines(state) == [
        "turn 1  Strike Team  move  1 CP",
        "turn 1  Strike Team  move  2 CP",
        "turn 1  Scouts  support  +1 CP",
    ]


def test_a_rosters_units_and_limit():
    loaded = read_roster(next(EXAMPLES.glob("warsurge*.toml")))
    assert isinstance(loaded.roster, WarsurgeRoster) and isinstance(loaded.catalogue, WarsurgeCatalogue)
    state = roster_command_points(loaded.roster, loaded.catalogue)
    assert (len(state.units), state.limit) == (len(loaded.roster.units), loaded.roster.point_limit)
    assert all(state.units)


def test_the_events_read_back_from_json_as_their_own_kinds():
    events = [*DEPLOYED, GameTurn(roll=[3, 4]), Action(unit=2, action="attack", counter=True), Overrun()]
    records = TypeAdapter(list[CommandRecord])
    assert records.validate_json(records.dump_json(events)) == events


def test_each_game_turns_cp_are_in_the_ledger_before_what_it_spent():
    """The book's 17 CP said as the sum a player checks (units, the roll's dice, what was left), then the actions."""
    state = play(*DEPLOYED, GameTurn(roll=[3, 4]), Action(unit=0, action="move"), Action(unit=0, action="move"))
    state = apply_command_points(state, GameTurn(roll=[1, 1]))
    state = apply_command_points(state, Action(unit=2, action="attack"))
    assert turn_lines(state) == [
        "turn 1  +17 CP: 10 for 5 units, 7 rolled (3 4), 0 carried over",
        "turn 1  Strike Team  move  1 CP",
        "turn 1  Strike Team  move  2 CP",
        "turn 2  +12 CP: 10 for 5 units, 2 rolled (1 1), 14 carried over",
        "turn 2  Walker  attack  1 CP",
    ]
    assert turn_lines(play(Place(unit=0, where="battlefield"), GameTurn(roll=[6, 2]))) == [
        "turn 1  +10 CP: 2 for 1 unit, 8 rolled (6 2), 0 carried over"
    ]
    assert turn_lines(play(*DEPLOYED)) == []
