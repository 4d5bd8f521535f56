"""Warsurge Deathmatch's reserves and the Advanced playstyle's places say the same from the moment either is recorded:
the book's "Any Units left in Reserve at the end of the game count as casualties for determining a winner" reads the
scenario's `reserves`, which a place (`u`, `battle cp place`, a Deploy action) or the Turn Master's roll sets to the
units the places leave in reserve (never placed, placed there, or aboard a transport there), and `e` records the place
that puts a unit in reserve or out of it. Nothing changes at replay: a battle file written before reads with the
verdict it had until something new is recorded in it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.battles import new_battle, read_battle, replay_battle_file
from builder.battles.session import BattleSession
from builder.campaigns.ledger import LedgerError
from builder.cli import main
from builder.editing.storage import Store
from builder.games.warsurge import spending
from builder.scenarios.record import ScenarioPlay
from tests.conftest import examples_in
from tests.test_battle_scenarios import DEATHMATCH

URSUS_IN_RESERVE = "warbench: not marked: Ursus APC is in reserve, not on the battlefield: it cannot be attacked until it is deployed\n"


def deathmatch(folder: Path, playstyle: str = "advanced") -> Path:
    """The Fantasy Army (ours: Catapult, Berserkers, Knights) against the Ursus strike force (Ursus APC carrying the
    Troopers and the Snipers, a Biker) under Deathmatch, nothing played."""
    examples_in(folder)
    path = folder / "battle.toml"
    play = ScenarioPlay(playstyle=playstyle)  # type: ignore[arg-type]
    new_battle(folder / "warsurge-499.toml", str(folder / "warsurge-apc.toml"), path, scenario="deathmatch", play=play)
    return path


def cp(path: Path, *words: str) -> int:
    return main(["battle", "cp", str(path), *words])


def reserves(path: Path) -> list[list[int]]:
    play = read_battle(path).play
    return play.reserves if play is not None else []


def open_battle(path: Path) -> BattleSession:
    return BattleSession(path, Store(path.parent / "data"))


def test_a_side_that_never_deployed_a_unit_has_nothing_left_at_the_end_and_loses(tmp_path, capsys):
    """The player-tester's battle: the Ursus player never put a unit on the battlefield and won '434.3 points left'."""
    path = deathmatch(tmp_path)
    for unit in ("Catapult", "Dwarven", "Human"):
        assert cp(path, "--side", "us", "place", unit, "battlefield") == 0
    assert reserves(path) == [] and cp(path, "roll", "4") == 0  # the roll counts who is on the battlefield
    assert reserves(path) == [[], [0, 1, 2, 3]]
    capsys.readouterr()
    assert main(["battle", "mark", str(path), "--side", "opponent", "--unit", "1", "--damage", "1"]) == 2
    assert capsys.readouterr().err == URSUS_IN_RESERVE
    assert main(["battle", "turn", str(path), "--over"]) == 0
    capsys.readouterr()
    assert main(["battle", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["winner"]["reason"] == "Fantasy Army: 499 points left to 0 (reserves count as lost)"
    assert [side["remaining"] for side in report["sides"]] == [499, 434.3]  # the tracker's: nothing was marked


def test_units_placed_in_reserve_or_aboard_a_transport_there_are_in_the_scenarios_reserves(tmp_path):
    path = deathmatch(tmp_path)
    session = open_battle(path)
    place = lambda side, unit, where: session.spend(side, {"kind": "place", "unit": unit, "where": where}, where)
    place(1, 1, "embarked")  # the Troopers aboard the Ursus, which waits in reserve
    assert session.ledger.play.reserves == [[], [0, 1, 2, 3]]  # the Snipers and the Biker never placed
    place(1, 0, "battlefield")
    place(1, 2, "embarked")
    assert session.ledger.play.reserves == [[], [3]]
    assert session.result.judged.table.reserve_names == ("Revenge Wing Biker",)
    place(1, 0, "reserve")  # back in reserve, its passengers with it
    assert session.ledger.play.reserves == [[], [0, 1, 2, 3]]
    session.undo()
    assert (session.ledger.play.reserves, spending.place_of(session.result.spending.state, 1, 0)) == (
        [[], [3]],
        "battlefield",
    )


def test_a_deploy_action_takes_the_unit_out_of_the_scenarios_reserves(tmp_path):
    path = deathmatch(tmp_path)
    assert cp(path, "--side", "us", "place", "Catapult", "battlefield") == 0
    assert cp(path, "roll", "4") == 0
    assert reserves(path) == [[1, 2], [0, 1, 2, 3]]
    assert cp(path, "--side", "opponent", "action", "Revenge", "deploy") == 0
    assert reserves(path) == [[1, 2], [0, 1, 2]]


def test_the_reserve_key_records_the_place_and_both_say_the_same(tmp_path):
    """`e` on a unit in an Advanced game puts it in reserve (or on the battlefield) as `u` would, in one change."""
    path = deathmatch(tmp_path)
    session = open_battle(path)
    session.spend(0, {"kind": "place", "unit": 0, "where": "battlefield"}, "placed")
    session.reserve(0, 0, "Catapult: reserve")
    state = session.result.spending.state
    assert (session.ledger.play.reserves, spending.place_of(state, 0, 0)) == ([[0, 1, 2]], "reserve")
    assert session.ledger.spent[-1].event == {"kind": "place", "unit": 0, "where": "reserve"}
    session.reserve(0, 2, "Human Knights: reserve")  # out of reserve: onto the battlefield
    assert (session.ledger.play.reserves, spending.place_of(session.result.spending.state, 0, 2)) == (
        [[0, 1]],
        "battlefield",
    )
    session.undo()
    assert (session.ledger.play.reserves, len(session.ledger.spent)) == ([[0, 1, 2]], 2)


def test_the_reserve_key_is_the_scenarios_record_alone_where_no_unit_is_placed(tmp_path):
    """A Standard game (and an Advanced one before any place or roll) keeps no places: `e` toggles as it did."""
    for playstyle in ("standard", "advanced"):
        (tmp_path / playstyle).mkdir()
        path = deathmatch(tmp_path / playstyle, playstyle)
        session = open_battle(path)
        session.reserve(1, 3, "Revenge Wing Biker: reserve")
        assert (session.ledger.play.reserves, session.ledger.spent) == ([[], [3]], [])
        session.reserve(1, 3, "Revenge Wing Biker: reserve")
        assert session.ledger.play.reserves == []


def test_a_battle_without_a_scenario_keeps_no_reserves(tmp_path):
    """Places and rolls write no `[play]` where no scenario reads it (a record without one is a finding)."""
    examples_in(tmp_path)
    path = tmp_path / "battle.toml"
    new_battle(tmp_path / "warsurge-499.toml", str(tmp_path / "warsurge-apc.toml"), path)
    assert cp(path, "--side", "us", "place", "1", "battlefield") == 0 and cp(path, "roll", "2") == 0
    result = replay_battle_file(path)
    assert (read_battle(path).play, result.valid) == (None, True)


OLD_ADVANCED = DEATHMATCH.replace("reserves = [[2]]\nover = true\n", 'playstyle = "advanced"\n').replace(
    "turn = 5", "turn = 4"
) + "".join(
    f'\n[[spent]]\nside = 0\nround = 1\nevent = {{ kind = "place", unit = {unit}, where = "battlefield" }}\n'
    for unit in (0, 1)
)
"""A battle file written before the records kept in step: the Fantasy Army's player put the Catapult and the
Berserkers on the battlefield with `u` (the Knights never placed), and nobody pressed `e`."""


@pytest.fixture
def old_battle(tmp_path):
    examples_in(tmp_path)
    (tmp_path / "battle.toml").write_text(OLD_ADVANCED, encoding="utf-8")
    return tmp_path / "battle.toml"


def test_a_battle_file_written_before_reads_with_the_verdict_it_had(old_battle, capsys):
    """Its places are not read into the scenario at replay: the Fantasy Army's 292.5 still wins."""
    before = old_battle.read_bytes()
    result = replay_battle_file(old_battle)
    assert (result.valid, result.judged.table.points_left, result.judged.table.reserve_names) == (
        True,
        (292.5, 254.7),
        (),
    )
    assert main(["battle", "turn", str(old_battle), "--over"]) == 0
    assert (
        "Game over: Fantasy Army wins: 292.5 points left to 254.7 (reserves count as lost)" in capsys.readouterr().out
    )
    old_battle.write_bytes(before)
    assert cp(old_battle, "--side", "us", "place", "Catapult", "battlefield") == 0  # something new recorded in it
    assert reserves(old_battle) == [[2]]  # from now on, the Knights left in reserve count as lost
    assert replay_battle_file(old_battle).judged.table.points_left == (242.5, 254.7)


def test_a_refused_place_changes_neither_record(tmp_path, capsys):
    path = deathmatch(tmp_path)
    before = path.read_bytes()
    assert cp(path, "--side", "us", "place", "9", "reserve") == 2
    assert capsys.readouterr().err == "warbench: there is no unit 9 on that side (it has 3)\n"
    assert path.read_bytes() == before


def test_the_reserve_key_is_refused_once_the_game_is_over(tmp_path, capsys):
    path = deathmatch(tmp_path)
    assert cp(path, "roll", "4") == 0 and main(["battle", "turn", str(path), "--over"]) == 0
    session = open_battle(path)
    with pytest.raises(LedgerError) as refused:
        session.reserve(0, 0, "Catapult: reserve")
    assert str(refused.value) == "not recorded: the game is over (a draw)"  # nobody deployed: 0 to 0
    assert (session.dirty, session.ledger.play.reserves) == (False, [[0, 1, 2], [0, 1, 2, 3]])
