"""Marks the session refuses: a kind of mark the unit's track does not record, and any mark after the scenario's
victory conditions ended the game; neither is written, and earlier marks stay counted."""

from __future__ import annotations

import shutil

import pytest

from builder.battles import new_battle, read_battle, replay_battle_file
from builder.cli import main
from tests.conftest import EXAMPLES


@pytest.fixture
def table(tmp_path):
    for name in (
        "warsurge-499.toml",
        "warsurge-apc.toml",
        "warcaster-marcher-worlds.toml",
        "warmachine-example.toml",
        "mcwarrior-rustbucket.toml",
    ):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    return tmp_path


def battle_of(table, roster: str, opponent: str | None = None, scenario: str | None = None):
    path = table / "battle.toml"
    new_battle(table / roster, str(table / opponent) if opponent else None, path, scenario=scenario)
    return path


def mark(path, *args: str) -> int:
    return main(["battle", "mark", str(path), "--unit", "1", *args])


def test_heat_on_a_destroyed_warsurge_unit_is_refused_and_its_damage_still_counts(table, capsys):
    path = battle_of(table, "warsurge-499.toml", "warsurge-apc.toml")
    assert mark(path, "--damage", "999") == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert mark(path, "--heat", "1") == 2
    err = capsys.readouterr().err
    assert err == "warbench: Catapult has no heat: only a McWarrior mech runs hot\n"
    assert path.read_bytes() == before
    result = replay_battle_file(path)
    assert result.valid
    assert (result.sides[0].remaining, result.sides[0].points) == (230, 499)


@pytest.mark.parametrize(
    ("roster", "first", "name"),
    [
        ("warmachine-example.toml", ["--damage", "3"], "Commander Ysolde Varr"),
        ("warcaster-marcher-worlds.toml", ["--deploy"], "Dusk Wolf"),
    ],
)
def test_heat_is_refused_on_a_warjack_and_a_warcaster_unit_keeping_their_marks(table, capsys, roster, first, name):
    path = battle_of(table, roster)
    assert mark(path, *first) == 0
    before = path.read_bytes()
    assert mark(path, "--heat", "2") == 2
    assert capsys.readouterr().err.endswith(f"warbench: {name} has no heat: only a McWarrior mech runs hot\n")
    assert path.read_bytes() == before
    assert replay_battle_file(path).valid


def test_damage_boxes_on_a_mech_are_refused_not_stored_beside_its_parts(table, capsys):
    path = battle_of(table, "mcwarrior-rustbucket.toml")
    assert mark(path, "--heat", "2") == 0
    assert mark(path, "--damage", "2") == 2
    assert capsys.readouterr().err.endswith(
        "warbench: Rustbucket records the points each part lost, its heat and the upgrades destroyed, not damage\n"
    )
    assert read_battle(path).units[0].model_dump(exclude_defaults=True) == {"index": 0, "heat": 2}
