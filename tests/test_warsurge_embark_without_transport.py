"""A Warsurge unit is embarked only where its side has a transport to carry it: Ann's Fantasy Army (no transport)
cannot put the Catapult "embarked", from the command line or the place dialog, and a battle file that has one so
(written before, or by hand) reports the roster rule's code, warsurge/transport, with the unit left where it was; once
Bob's one transport, the Ursus APC, is a casualty, its passengers let out cannot go back into the wreck."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.battles import replay_battle_file
from builder.cli import main
from builder.games.warsurge import spending
from tests.conftest import examples_in

ASHORE = ("battlefield", "reserve", "casualty")


@pytest.fixture
def battle(tmp_path, capsys) -> Path:
    """Ann's Fantasy Army (Catapult, Dwarven Berserkers, Human Knights) against Bob's Ursus strike force (the APC,
    unit 1, carries units 2 and 3) in Deathmatch."""
    examples_in(tmp_path)
    path = tmp_path / "d1.toml"
    ours, theirs = str(tmp_path / "warsurge-499.toml"), str(tmp_path / "warsurge-apc.toml")
    args = ["battle", "new", ours, "--opponent", theirs, "--scenario", "deathmatch", "--players", "Ann", "Bob"]
    assert main([*args, "-o", str(path)]) == 0
    capsys.readouterr()
    return path


def cp(path: Path, *words: str) -> int:
    try:
        return main(["battle", "cp", str(path), *words])
    except SystemExit as exited:
        return int(exited.code or 0)


def test_a_unit_of_a_side_with_no_transport_is_refused_embarked_in_one_line_and_nothing_written(battle, capsys):
    before = battle.read_bytes()
    assert cp(battle, "--side", "Ann", "place", "Catapult", "embarked") == 2
    assert capsys.readouterr().err == (
        "warbench: not recorded: Catapult cannot embark: the side has no transport in its roster\n"
    )
    assert battle.read_bytes() == before
    assert spending.place_choices(replay_battle_file(battle).spending.state, 0, 0) == ASHORE


def test_a_battle_file_with_a_unit_embarked_and_no_transport_reports_warsurge_transport(battle, capsys):
    """As Warbench before wrote it: the event skipped, its finding the rule's code, the Catapult still in reserve."""
    battle.write_text(
        battle.read_text()
        + '\n[[spent]]\nside = 0\nround = 1\nevent = { kind = "place", unit = 0, where = "embarked" }\n'
    )
    result = replay_battle_file(battle)
    assert [(f.code, f.path, f.message) for f in result.findings] == [
        ("warsurge/transport", "spent[0].where", "Catapult cannot embark: the side has no transport in its roster")
    ]
    assert spending.place_of(result.spending.state, 0, 0) == "reserve"
    assert main(["battle", str(battle)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == (
        "  error   warsurge/transport spent[0].where: Catapult cannot embark: the side has no transport in its roster"
    )


def test_the_passengers_of_the_sides_one_transport_destroyed_cannot_embark_again(battle, capsys):
    assert cp(battle, "--side", "Bob", "place", "Ursus", "battlefield") == 0  # its Troopers and Snipers along
    assert cp(battle, "--side", "Bob", "place", "Ursus", "casualty") == 0  # and let out
    capsys.readouterr()
    assert cp(battle, "--side", "Bob", "place", "Troopers", "embarked") == 2
    assert capsys.readouterr().err == (
        "warbench: not recorded: Troopers cannot embark: the side has no transport left, each one a casualty\n"
    )
    spend = replay_battle_file(battle).spending.state
    assert [spending.place_choices(spend, 1, n) for n in range(4)] == [ASHORE] * 4


def test_the_sides_one_transport_is_refused_embarked_as_having_no_other_not_none_in_the_roster(battle, capsys):
    """The Ursus APC, Bob's one transport, was told 'the side has no transport in its roster', which it is."""
    before = battle.read_bytes()
    assert cp(battle, "--side", "Bob", "place", "Ursus", "embarked") == 2
    assert (
        capsys.readouterr().err == "warbench: not recorded: Ursus APC cannot embark: the side has no other transport\n"
    )
    assert battle.read_bytes() == before
