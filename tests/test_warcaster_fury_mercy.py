"""Warcaster's table rules the tracker now knows enough for: a Fury needs a model with Arc Relay in play to be
channeled through, and a player left with no models in play (no unit, no void gate) loses at once under a scenario's
mercy rule. Both are judged as they are recorded, so a battle written before replays with its verdict; and the Arc
and Cypher commands' numbers out of range are one plain line."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest
import tomli_w

from builder.battles import replay_battle_file
from builder.cli import main
from tests.conftest import EXAMPLES

SEED = "aaaaaaaaaa"
"""Deals Ann Annihilation Vector, Force Barrier, Divination Algorithm, Null Collider (a Fury), Plexus Densifier."""
NO_RELAY = (
    "warbench: not recorded: Null Collider is a Fury: it must be channeled through a model with the Arc Relay "
    "ability, and Ann has none in play\n"
)


def battle(tmp_path: Path, *scenario: str) -> str:
    """Ann against Bob, both Firebrand forces, the seed set: nothing deployed yet."""
    shutil.copy(EXAMPLES / "warcaster-firebrand.toml", tmp_path / "f.toml")
    path = tmp_path / "b.toml"
    args = ["battle", "new", str(tmp_path / "f.toml"), "--opponent", str(tmp_path / "f.toml")]
    assert main([*args, "--players", "Ann", "Bob", *scenario, "-o", str(path)]) == 0
    data = tomllib.loads(path.read_text())
    path.write_text(tomli_w.dumps({**data, "seed": SEED}))
    return str(path)


def test_a_fury_with_no_arc_relay_model_in_play_is_refused_with_the_books_reason(tmp_path, capsys):
    path = battle(tmp_path)
    assert main(["battle", "arc", path, "--side", "Ann", "deploy", "Firebrand"]) == 0
    assert main(["battle", "arc", path, "--side", "Bob", "deploy", "Firebrand"]) == 0
    capsys.readouterr()
    assert main(["battle", "cypher", path, "--side", "Ann", "play", "Null Collider", "--on", "1"]) == 2
    assert capsys.readouterr().err == NO_RELAY
    data = tomllib.loads(Path(path).read_text())  # a battle written before: the play was recorded, and still counts
    played = {"kind": "play", "card": "null-collider", "when": "before", "lasts": "resolved", "on": 0}
    data["spent"].append({"side": 0, "round": 1, "turn": 0, "step": 0, "event": played})
    Path(path).write_text(tomli_w.dumps(data))
    result = replay_battle_file(path)
    assert result.valid and "null-collider" in result.spending.as_dict(0)["cyphers"]["discard"]


def test_a_fury_channeled_through_the_paladin_weavers_arc_relay_is_played(tmp_path, capsys):
    path = battle(tmp_path)
    assert main(["battle", "arc", path, "--side", "Ann", "deploy", "Firebrand", "Paladin Weaver"]) == 0
    assert main(["battle", "arc", path, "--side", "Bob", "deploy", "Firebrand"]) == 0
    assert main(["battle", "cypher", path, "--side", "Ann", "play", "Null Collider", "--on", "1"]) == 0


def test_a_player_left_with_no_models_in_play_loses_at_once_by_the_mercy_rule(tmp_path, capsys):
    path = battle(tmp_path, "--scenario", "orders-of-magnitude")
    assert main(["battle", "arc", path, "--side", "Ann", "deploy", "Firebrand"]) == 0
    assert main(["battle", "arc", path, "--side", "Bob", "deploy", "Firebrand"]) == 0
    assert main(["battle", "arc", path, "--side", "Ann", "charge", "Firebrand"]) == 0  # Ann's turn 1.1 begun
    capsys.readouterr()
    assert main(["battle", "mark", path, "--side", "Bob", "--unit", "1", "--damage", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "Game over: Ann wins: the opponent has no models in play (mercy rule)"
    )
    result = replay_battle_file(path)
    assert result.result() == {
        "winners": ["Ann"],
        "draw": False,
        "reason": "Ann: the opponent has no models in play (mercy rule)",
    }
    events = tomllib.loads(Path(path).read_text())["play"]["events"]
    assert events == [{"side": 1, "round": 1, "turn": 0, "out": True}]
    data = tomllib.loads(Path(path).read_text())  # the same table written before: the game goes on, as it did
    del data["play"]["events"], data["ended_with"]
    Path(path).write_text(tomli_w.dumps(data))
    assert replay_battle_file(path).result() is None


def test_a_void_gate_keeps_a_player_in_the_game(tmp_path, capsys):
    path = battle(tmp_path, "--scenario", "orders-of-magnitude")
    assert main(["battle", "arc", path, "--side", "Ann", "deploy", "Firebrand"]) == 0
    assert main(["battle", "arc", path, "--side", "Bob", "deploy", "Firebrand"]) == 0
    assert main(["battle", "turn", path]) == 0  # the set-up's end: Ann's turn 1.1
    assert main(["battle", "turn", path]) == 0  # Bob's turn 1.1
    assert main(["battle", "arc", path, "--side", "Bob", "gate", "--arc", "2"]) == 0
    assert main(["battle", "mark", path, "--side", "Bob", "--unit", "1", "--damage", "3"]) == 0
    assert replay_battle_file(path).result() is None


def test_the_arc_and_cypher_numbers_out_of_range_are_one_plain_line(tmp_path, capsys):
    path = battle(tmp_path)
    capsys.readouterr()
    said = []
    for words in (
        ["arc", path, "--side", "Ann", "charge", "1", "--amount", "0"],
        ["arc", path, "--side", "Ann", "gate", "--arc", "100"],
        ["arc", path, "--side", "Ann", "gate-damage", "0", "1"],
        ["arc", path, "--side", "Ann", "gate-damage", "1", "100"],
        ["cypher", path, "--side", "Ann", "hand-size", "999"],
    ):
        with pytest.raises(SystemExit) as stopped:
            main(["battle", *words])
        said.append((stopped.value.code, capsys.readouterr().err))
    assert said == [
        (2, "warbench: --amount 0: Arc is charged or cleared 1 to 99 at a time\n"),
        (2, "warbench: --arc 100: a void gate is placed with 0 to 99 Arc\n"),
        (2, "warbench: gate 0: a void gate's number is 1 to 999\n"),
        (2, "warbench: damage 100: a void gate takes 1 to 99 damage at a time\n"),
        (2, "warbench: size 999: a hand holds 0 to 15 Cyphers\n"),
    ]


def test_a_game_the_mercy_rule_ended_is_said_over_in_the_turn_it_ended(tmp_path, capsys):
    path = battle(tmp_path, "--scenario", "orders-of-magnitude")
    assert main(["battle", "arc", path, "--side", "Ann", "deploy", "Firebrand"]) == 0
    assert main(["battle", "arc", path, "--side", "Bob", "deploy", "Firebrand"]) == 0
    assert main(["battle", "turn", path]) == 0  # the set-up's end: Ann's turn 1.1
    assert main(["battle", "turn", path]) == 0  # Bob's turn 1.1
    assert main(["battle", "mark", path, "--side", "Bob", "--unit", "1", "--damage", "3"]) == 0
    assert replay_battle_file(path).turn_words() == "game over in turn 1.1, Bob's turn"
    capsys.readouterr()
    assert main(["battle", "report", path, "--markdown"]) == 0
    facts = [line for line in capsys.readouterr().out.splitlines() if line.startswith("- **")]
    assert facts[2:4] == [
        "- **Turn:** game over in turn 1.1, Bob's turn",
        "- **Result:** Ann wins: the opponent has no models in play (mercy rule)",
    ]
    assert main(["battle", path]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Battle, game over in turn 1.1, Bob's turn: valid"
