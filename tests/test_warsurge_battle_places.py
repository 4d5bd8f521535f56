"""Where a Warsurge unit is in a battle, and what it can suffer there: a unit in reserve, or embarked in a transport
without Fire Points, cannot be attacked (the book: "While inside a Transport, the passenger Unit is safe from being
Attacked"; with Fire Points it may be, in a melee), so damage and casualties on it are refused; healing, restoring
and undo are not, and a file that holds such marks already reads as before. An embarked unit says its transport."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.battles import new_battle, replay_battle_file
from builder.battles.session import BattleSession
from builder.campaigns.ledger import LedgerError
from builder.cli import main
from builder.editing.storage import Store
from builder.games.warsurge import spending
from builder.scenarios.record import ScenarioPlay
from tests.conftest import EXAMPLES

TANK_COLUMN = """warbench = 1
game = "warsurge"
catalogue = "warsurge-examples"
name = "Tank column"
point_limit = 500

[[units]]
id = "tank"
key = "tank"
label = "Old Rumbler"

[[units]]
id = "troopers"
models = 9
weapons = { laser-rifle = 9 }
embarked_in = "tank"

[[units]]
id = "revenge-wing-biker"
weapons = { plasma-gun = 2, bike-slam = 1 }
"""
"""A Tank (Transport 150, no Fire Points) carrying nine Troopers, and a Biker."""

RESERVE = (
    "not marked: Revenge Wing Biker is in reserve, not on the battlefield: it cannot be attacked until it is deployed"
)
IN_TANK = "not marked: Troopers is embarked in Old Rumbler, which has no Fire Points: a passenger cannot be attacked"


def tank_battle(
    folder: Path, playstyle: str | None = "advanced", roster: str = TANK_COLUMN, placed: bool = True
) -> Path:
    """The tank column against the Fantasy Army under Deathmatch; in an Advanced game the tank is placed on the
    battlefield and the Troopers embarked in it (the Biker, never placed, waits in reserve)."""
    (folder / "ours.toml").write_text(roster, encoding="utf-8")
    shutil.copy(EXAMPLES / "warsurge-499.toml", folder / "499.toml")
    path = folder / "battle.toml"
    play = ScenarioPlay(playstyle=playstyle) if playstyle else None
    new_battle(folder / "ours.toml", str(folder / "499.toml"), path, scenario="deathmatch", play=play)
    if playstyle == "advanced" and placed:
        session = open_battle(path)
        session.spend(0, {"kind": "place", "unit": 0, "where": "battlefield"}, "placed")
        session.spend(0, {"kind": "place", "unit": 1, "where": "embarked"}, "placed")
        session.save()
    return path


def open_battle(path: Path) -> BattleSession:
    return BattleSession(path, Store(path.parent / "data"))


def left(session: BattleSession) -> list[int]:
    return [state.boxes_left for state in session.result.sides[0].states]


def test_damage_and_casualties_on_a_unit_in_reserve_or_in_a_transport_without_fire_points_are_refused(tmp_path):
    session = open_battle(tank_battle(tmp_path))
    for mark in (lambda i: session.take(0, i, 1), lambda i: session.casualty(0, i)):
        for index, said in ((2, RESERVE), (1, IN_TANK)):
            with pytest.raises(LedgerError) as refused:
                mark(index)
            assert str(refused.value) == said
    assert (left(session), session.dirty, session.ledger.units) == ([5, 9, 3], False, [])
    session.take(0, 0, 2)  # the tank itself, on the battlefield
    assert left(session) == [3, 9, 3]


def test_placed_on_the_battlefield_or_disembarked_the_unit_takes_damage(tmp_path):
    session = open_battle(tank_battle(tmp_path))
    session.spend(0, {"kind": "place", "unit": 2, "where": "battlefield"}, "deployed")
    session.spend(0, {"kind": "place", "unit": 1, "where": "battlefield"}, "disembarked")
    session.take(0, 2, 1)
    session.casualty(0, 1)
    assert left(session) == [5, 8, 2]


def test_a_passenger_of_a_transport_with_fire_points_can_be_attacked_in_a_melee(tmp_path):
    """The Ursus APC has Fire Points: its Troopers may be targeted when it is attacked in a melee."""
    roster = (EXAMPLES / "warsurge-apc.toml").read_text(encoding="utf-8")
    session = open_battle(tank_battle(tmp_path, roster=roster))
    assert spending.where_words(session.result.spending.state, 0, 1) == "embarked in Ursus APC"
    session.take(0, 1, 1)
    assert left(session)[1] == 8


def test_a_unit_placed_embarked_in_no_transport_the_roster_names_can_be_marked(tmp_path):
    """As a battle file written before `--in` has it: which transport it boarded, and whether that one has Fire
    Points, the battle does not know: not refused."""
    path = tank_battle(tmp_path)
    aboard = '\n[[spent]]\nside = 0\nround = 1\nevent = { kind = "place", unit = 2, where = "embarked" }\n'
    path.write_text(path.read_text(encoding="utf-8").replace("reserves = [[2]], ", "") + aboard, encoding="utf-8")
    session = open_battle(path)
    session.take(0, 2, 1)
    assert left(session)[2] == 2 and spending.where_words(session.result.spending.state, 0, 2) == "embarked"


def test_the_passengers_of_a_destroyed_transport_can_be_marked(tmp_path):
    """The book places a destroyed transport's survivors where it was (those that do not fit are casualties, which
    the table marks)."""
    session = open_battle(tank_battle(tmp_path))
    session.take(0, 0, 5)  # the tank destroyed: a casualty on the tracker, its Troopers let out
    assert spending.where_words(session.result.spending.state, 0, 1) == "battlefield"
    session.casualty(0, 1)
    session.take(0, 1, 1)
    assert left(session) == [0, 7, 3]


def test_an_advanced_battle_that_records_no_places_refuses_no_damage_as_older_files_were_played(tmp_path):
    """Without a unit placed by the player, where each unit is is not tracked: every unit can be marked."""
    session = open_battle(tank_battle(tmp_path, placed=False))
    assert session.result.spending.state.placing and session.result.spending.state.sides[0].where == {}
    session.take(0, 1, 1)
    session.take(0, 2, 1)
    assert left(session) == [5, 8, 2]


def test_a_standard_game_places_no_unit_and_refuses_only_the_scenarios_reserves(tmp_path):
    """Without the Advanced playstyle nothing is placed (every unit can be marked), but a unit the Deathmatch's record
    keeps in reserve is off the battlefield all the same."""
    session = open_battle(tank_battle(tmp_path, playstyle=None))
    session.take(0, 1, 1)
    session.take(0, 2, 1)
    session.take(0, 2, -1)
    assert left(session) == [5, 8, 3]
    session.play("reserve", lambda battle: battle.model_copy(update={"play": ScenarioPlay(reserves=[[2]])}))
    with pytest.raises(LedgerError) as refused:
        session.take(0, 2, 1)
    assert str(refused.value) == RESERVE


def test_the_command_line_refuses_in_one_line_with_exit_2_and_writes_nothing(tmp_path, capsys):
    path = tank_battle(tmp_path)
    before = path.read_bytes()
    for unit, said in (("3", RESERVE), ("2", IN_TANK)):
        assert main(["battle", "mark", str(path), "--unit", unit, "--damage", "1"]) == 2
        assert capsys.readouterr().err == f"warbench: {said}\n"
    assert path.read_bytes() == before
    assert main(["battle", "mark", str(path), "--unit", "1", "--damage", "1"]) == 0


def test_marks_a_file_holds_already_read_as_before_and_heal_restore_and_undo(tmp_path):
    """A battle written before the refusal, with damage on the unit in reserve and on the passenger."""
    path = tank_battle(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text + "\n[[units]]\nindex = 1\nmodels = 7\nhp = 7\n\n[[units]]\nindex = 2\nmodels = 1\nhp = 1\n",
        encoding="utf-8",
    )
    result = replay_battle_file(path)
    assert (result.valid, [s.boxes_left for s in result.sides[0].states]) == (True, [5, 7, 1])
    session = open_battle(path)
    session.take(0, 2, -1)
    session.casualty(0, 1, restore=True)
    assert left(session) == [5, 8, 2]
    session.restore_unit(0, 2)
    assert left(session) == [5, 8, 3]
    session.undo()
    session.undo()
    assert left(session) == [5, 7, 2]


def test_the_full_view_says_the_transport_each_embarked_unit_is_in(tmp_path, capsys):
    path = tank_battle(tmp_path)
    assert main(["battle", str(path), "--side", "us"]) == 0
    assert capsys.readouterr().out.splitlines()[-6:-2] == [
        "  CP 0 · game turn 1: CP dice not rolled yet · 1 D6 a game turn (500 points)",
        "  Old Rumbler: battlefield",
        "  Troopers: embarked in Old Rumbler",
        "  Revenge Wing Biker: reserve",
    ]


def places(session: BattleSession) -> list[str | None]:
    return [spending.place_of(session.result.spending.state, 0, unit) for unit in range(3)]


def test_a_casualty_marked_back_by_mistake_is_where_it_was_when_it_fell(tmp_path):
    """Destroyed on the tracker, a unit is placed a casualty; healed back (a mistake corrected) it is where it was
    then: the tank on the battlefield (its Troopers, let out as it fell, stay there), and a unit never placed on the
    battlefield too (it took the damage fighting), not a casualty that still takes damage. Undo takes the correction
    back whole."""
    session = open_battle(tank_battle(tmp_path))
    session.take(0, 0, 5)
    assert places(session) == ["casualty", "battlefield", "reserve"]
    session.take(0, 0, -2)
    assert places(session) == ["battlefield", "battlefield", "reserve"] and left(session)[0] == 2
    session.undo()
    assert places(session) == ["casualty", "battlefield", "reserve"] and left(session)[0] == 0

    (tmp_path / "unplaced").mkdir()
    unplaced = open_battle(tank_battle(tmp_path / "unplaced", placed=False))
    unplaced.take(0, 2, 3)
    assert places(unplaced)[2] == "casualty"
    unplaced.take(0, 2, -1)
    assert places(unplaced)[2] == "battlefield"


def test_a_casualty_placed_again_by_hand_still_comes_back_where_it_fell(tmp_path):
    """The tank destroyed on the tracker is a casualty; the player also places it one by hand (`battle cp … place 1
    casualty`). Healed, it is on the battlefield where it fell, not 'where it was' as the second placing saw it: a
    casualty still."""
    session = open_battle(tank_battle(tmp_path))
    session.take(0, 0, 5)
    session.spend(0, {"kind": "place", "unit": 0, "where": "casualty"}, "placed")
    assert places(session) == ["casualty", "battlefield", "reserve"]
    session.take(0, 0, -2)
    assert places(session) == ["battlefield", "battlefield", "reserve"] and left(session)[0] == 2
    session.save()
    assert places(open_battle(tmp_path / "battle.toml")) == ["battlefield", "battlefield", "reserve"]  # replayed so


def test_a_casualty_placed_by_hand_then_destroyed_and_healed_is_a_casualty_still_as_when_it_was_destroyed(tmp_path):
    """The Biker placed on the battlefield, then a casualty by hand (it fled the table), then destroyed on the
    tracker by mistake: healed back, it is where it was at the moment it was destroyed, a casualty, not on the
    battlefield where it was before the player's placing; so after the file is read again, and undo takes the
    correction back whole. The player's own later placing (reserve) is where the next loss and heal bring it."""
    session = open_battle(tank_battle(tmp_path))
    for where in ("battlefield", "casualty"):
        session.spend(0, {"kind": "place", "unit": 2, "where": where}, "placed")
    session.take(0, 2, 3)
    assert session.ledger.spent[-1].event == {"kind": "place", "unit": 2, "where": "destroyed"}
    session.take(0, 2, -1)
    assert places(session) == ["battlefield", "embarked", "casualty"] and left(session)[2] == 1
    session.save()
    assert places(open_battle(session.path)) == ["battlefield", "embarked", "casualty"]
    session.spend(0, {"kind": "place", "unit": 2, "where": "reserve"}, "placed")
    session.spend(0, {"kind": "place", "unit": 2, "where": "battlefield"}, "placed")
    session.take(0, 2, 1)
    assert places(session)[2] == "casualty"
    session.take(0, 2, -1)
    assert places(session)[2] == "battlefield"
    session.undo()
    assert places(session)[2] == "casualty" and left(session)[2] == 0


def test_a_transport_destroyed_lets_its_passengers_out_onto_the_battlefield(tmp_path):
    """The book: "Survivors of a destroyed Transport will occupy where the Transport model once was". Destroyed on
    the tracker (or placed a casualty by hand), the tank's Troopers are placed on the battlefield in the same change:
    they give CP, act and are attacked there; undo puts them back inside."""
    session = open_battle(tank_battle(tmp_path))
    assert places(session) == ["battlefield", "embarked", "reserve"]
    session.take(0, 0, 5)  # the tank's 5 boxes
    assert places(session) == ["casualty", "battlefield", "reserve"]
    session.take(0, 1, 1)  # the Troopers, out in the open, take damage now
    assert left(session)[1] == 8
    session.undo()
    session.undo()
    assert places(session) == ["battlefield", "embarked", "reserve"]
    session.spend(0, {"kind": "place", "unit": 0, "where": "casualty"}, "the tank wrecked")  # by hand, the same
    assert places(session) == ["casualty", "battlefield", "reserve"]
    session.save()
    assert places(open_battle(session.path)) == ["casualty", "battlefield", "reserve"]


def test_a_casualty_placed_by_hand_is_the_players_place_and_the_report_says_where_each_unit_is(tmp_path, capsys):
    """The side's only placing: the Biker a casualty by hand at full HP (it fled the table). The battle knows where
    the side's units are from then on, as after any placing of the player's: the report and --json say each one's
    place, the casualty's too. A casualty the tracker records of a unit it destroyed is not the player's placing."""
    path = tank_battle(tmp_path, placed=False)
    assert main(["battle", "cp", str(path), "--side", "us", "place", "3", "casualty"]) == 0
    capsys.readouterr()
    assert main(["battle", str(path), "--side", "us"]) == 0
    reserve = "in reserve (counts as lost)"  # Deathmatch's verdict, as for the units of any side that places them
    assert [line.split("HP", 1)[-1].strip() for line in capsys.readouterr().out.splitlines()[2:5]] == [
        reserve,
        reserve,
        "a casualty",
    ]
    assert main(["battle", str(path), "--json"]) == 0
    units = json.loads(capsys.readouterr().out)["sides"][0]["units"]
    assert [(unit["place"], unit["counts_as_lost"]) for unit in units] == [
        ("in reserve", True),
        ("in reserve", True),
        ("a casualty", False),
    ]

    (tmp_path / "destroyed").mkdir()
    destroyed = open_battle(tank_battle(tmp_path / "destroyed", placed=False))
    destroyed.take(0, 2, 3)  # the tracker's casualty: still no place the player keeps
    assert destroyed.ledger.spent[-1].event == {"kind": "place", "unit": 2, "where": "casualty"}
    assert not spending.keeps_places(destroyed.result.spending.state, 0)
