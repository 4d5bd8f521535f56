"""Warsurge Advanced CP count "each Unit on the Battlefield (including those that are inside Transports)" and "do not
count Units that are in Reserve": a passenger of a transport in reserve waits in reserve with it (the transport
deploys with it aboard), so it gives no CP until the transport is on the battlefield; one of a destroyed transport
does (its survivors are placed where the transport was)."""

from __future__ import annotations

import pytest

from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.games.warsurge import spending
from builder.games.warsurge.command_points import (
    Action,
    CommandPoints,
    GameTurn,
    Place,
    apply_command_points,
    roster_command_points,
)
from builder.games.warsurge.cp_ledger import turn_lines
from builder.games.warsurge.transport import Carrier
from builder.roster.files import read_roster
from catalog.errors import WarbenchError
from tests.conftest import EXAMPLES
from tests.test_warsurge_battle_places import tank_battle


def placed(state: CommandPoints, **where: str) -> CommandPoints:
    """`state` with each unit (by its index, as `u0=…`) placed."""
    for unit, place in where.items():
        state = apply_command_points(state, Place.model_validate({"unit": int(unit[1:]), "where": place}))
    return state


def strike_force() -> CommandPoints:
    """The Ursus strike force: the Ursus APC (0) carries the Troopers (1) and the Sniper Troopers (2); the Biker (3)."""
    loaded = read_roster(EXAMPLES / "warsurge-apc.toml")
    return roster_command_points(loaded.roster, loaded.catalogue)


def test_the_passengers_of_a_transport_never_placed_give_no_cp_until_it_is_on_the_battlefield():
    state = placed(strike_force(), u1="embarked", u2="embarked", u3="battlefield")  # the Ursus still in reserve
    state = apply_command_points(state, GameTurn(roll=[4]))
    assert (state.cp, [state.in_reserve(n) for n in range(4)]) == (6, [True, True, True, False])  # the Biker's 2 + 4
    state = apply_command_points(placed(state, u0="battlefield"), GameTurn(roll=[4]))
    assert state.cp == 18  # 6 carried over + 4 units x 2 + 4
    assert turn_lines(state) == [
        "turn 1  +6 CP: 2 for 1 unit, 4 rolled (4), 0 carried over",
        "turn 2  +12 CP: 8 for 4 units, 4 rolled (4), 6 carried over",
    ]


def test_a_transport_placed_back_in_reserve_takes_its_passengers_cp_with_it():
    state = placed(strike_force(), u0="battlefield", u1="embarked", u2="embarked", u3="battlefield")
    assert apply_command_points(state, GameTurn(roll=[1])).cp == 9  # 4 units x 2 + 1
    assert apply_command_points(placed(state, u0="reserve"), GameTurn(roll=[1])).cp == 3  # the Biker alone


def test_a_passenger_of_a_destroyed_transport_still_gives_cp():
    """As a battle written before the survivors were let out (`passengers.survivors`) has it."""
    state = placed(strike_force(), u1="embarked", u2="embarked", u0="casualty")
    assert apply_command_points(state, GameTurn(roll=[2])).cp == 6  # the Troopers and the Snipers: 4 + 2


def test_a_transport_in_a_transport_in_reserve_keeps_both_levels_of_passengers_in_reserve():
    """The book's Hangar carrying a Hunter Car carrying a unit: one level of transports in transports."""
    carriers = {1: Carrier("Hangar", False, 0), 2: Carrier("Hunter Car", False, 1)}
    names = ("Hangar", "Hunter Car", "Arsonist and Puncher")
    state = CommandPoints(names, 500, carriers=carriers, transports=frozenset({0, 1}))
    state = placed(state, u1="embarked", u2="embarked")
    assert ([state.in_reserve(n) for n in range(3)], apply_command_points(state, GameTurn(roll=[3])).cp) == (
        [True, True, True],
        3,
    )
    assert apply_command_points(placed(state, u0="battlefield"), GameTurn(roll=[3])).cp == 9  # 3 units x 2 + 3


def test_an_embarked_unit_whose_transport_the_roster_does_not_name_counts_as_on_the_battlefield():
    """Which transport it boarded (the Ursus, the roster's other unit) the battle does not know: it gives CP as an
    embarked unit always did."""
    state = placed(CommandPoints(("Troopers", "Ursus APC"), 500, transports=frozenset({1})), u0="embarked")
    assert apply_command_points(state, GameTurn(roll=[5])).cp == 7


def test_the_command_line_rolls_cp_without_the_passengers_of_a_tank_in_reserve(tmp_path, capsys):
    """The tank column: the tank put back in reserve with its Troopers aboard, the Biker on the battlefield."""
    path = tank_battle(tmp_path)
    for words in (("place", "Old", "reserve"), ("place", "Revenge", "battlefield")):
        assert main(["battle", "cp", str(path), "--side", "us", *words]) == 0
    capsys.readouterr()
    assert main(["battle", "cp", str(path), "roll", "4"]) == 0
    assert "Tank column: CP 6 · spent 0 · game turn 1" in capsys.readouterr().out.splitlines()  # 2 + 4
    state = BattleSession(path, Store(tmp_path / "data")).result.spending.state
    assert spending.where_words(state, 0, 1) == "embarked in Old Rumbler (in reserve)"
    assert spending.details(state, 0)[1:4] == [
        "Old Rumbler: reserve",
        "Troopers: embarked in Old Rumbler (in reserve)",
        "Revenge Wing Biker: battlefield",
    ]


def test_a_passenger_of_a_transport_in_reserve_cannot_act_until_the_transport_deploys():
    state = placed(strike_force(), u1="embarked", u2="embarked", u3="battlefield")  # the Ursus still in reserve
    state = apply_command_points(state, GameTurn(roll=[4]))
    with pytest.raises(WarbenchError, match="Troopers is aboard a transport in reserve: it cannot act until that dep"):
        apply_command_points(state, Action(unit=1, action="move"))
    state = apply_command_points(state, Action(unit=0, action="deploy"))  # the Ursus deploys, its passengers aboard
    assert apply_command_points(state, Action(unit=1, action="move")).cp == state.cp - 1
