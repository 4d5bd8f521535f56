"""Ending the Warcaster set-up begins the first player's first turn ("The first player then takes their first turn"):
`battle turn` (the screen's `n`) in the set-up records its end and stays at turn 1.1, where it went on to the second
player's turn 1.1 before, passing the first player's by. A battle written before, whose turn passed from the set-up
to the second player's, reads as it did."""

from __future__ import annotations

import shutil

import pytest

from builder.battles import battle_code, battle_from_code, read_battle, replay_battle_file
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from tests.conftest import EXAMPLES


@pytest.fixture
def battle(tmp_path, capsys) -> str:
    """Ann against Bob, both with the Alliance skirmish force, under Boiling Point, in the set-up."""
    shutil.copy(EXAMPLES / "warcaster-firebrand.toml", tmp_path / "f.toml")
    path, roster = str(tmp_path / "su.toml"), str(tmp_path / "f.toml")
    args = ["battle", "new", roster, "--opponent", roster, "--scenario", "boiling-point", "--players", "Ann", "Bob"]
    assert main([*args, "-o", path]) == 0
    assert capsys.readouterr().out.endswith("Boiling Point, set-up, then turn 1.1, Ann's turn\n")
    return path


def turn(path: str, capsys) -> tuple[list[str], str]:
    assert main(["battle", "turn", path]) == 0
    out, err = capsys.readouterr()
    return out.splitlines()[:2], err


def test_the_set_ups_end_begins_anns_turn_1_1_and_then_bobs_follows(battle, capsys):
    assert main(["battle", "arc", battle, "--side", "Ann", "deploy", "Firebrand"]) == 0  # set-up deployments
    assert main(["battle", "arc", battle, "--side", "Bob", "deploy", "Firebrand"]) == 0
    capsys.readouterr()
    assert turn(battle, capsys) == (
        ["Matt's Alliance skirmish, turn 1.1, Ann's turn", "The set-up is over: the first player's first turn begins."],
        "",  # no warning: nobody's turn passed
    )
    ledger = read_battle(battle)
    assert (ledger.turn, ledger.step) == (1, 0)
    assert ledger.spent[-1].model_dump(exclude_defaults=True) == {
        "side": 0,
        "round": 1,
        "turn": 0,
        "step": 0,
        "event": {"kind": "set-up-over"},
    }
    assert main(["battle", "arc", battle, "--side", "Ann", "charge", "Firebrand"]) == 0  # Ann's, in her turn
    capsys.readouterr()
    assert turn(battle, capsys) == (
        [
            "Matt's Alliance skirmish, turn 1.1, Bob's turn",
            "Scenario: Boiling Point (VP as they are scored; most VP wins; the game ends after Pulse round 3)",
        ],
        "warning: Ann activated no unit (a player with a unit in play activates one each turn); the turn passed all "
        "the same\n",
    )
    result = replay_battle_file(battle)
    assert result.findings == () and result.spending.summary(0).endswith("Pulse 1.1")


def test_the_set_ups_end_travels_in_the_battles_code(battle, capsys, tmp_path):
    turn(battle, capsys)
    (tmp_path / "theirs").mkdir()
    theirs = battle_from_code(battle_code(battle), tmp_path / "theirs" / "b.toml")
    assert [mark.event for mark in theirs.spent] == [{"kind": "set-up-over"}]


def test_a_turn_back_or_the_set_ups_end_again_changes_nothing_more(battle, capsys, tmp_path):
    session = BattleSession(battle, Store(tmp_path / "store"))
    session.next_turn()
    assert session.result.turn_words() == "turn 1.1, Ann's turn"
    session.next_turn(-1)
    assert session.result.turn_words() == "turn 1.1, Ann's turn"
    assert [mark.event["kind"] for mark in session.ledger.spent] == ["set-up-over"]
    session.undo()
    session.undo()
    assert session.result.turn_words() == "set-up, then turn 1.1, Ann's turn"


def test_a_battle_written_before_whose_turn_passed_from_the_set_up_reads_as_it_did(battle, capsys):
    """Before, `battle turn` in the set-up went to Bob's turn 1.1 (step 1) with nothing recorded: Ann's turn 1.1
    passed empty, and what Bob did is his turn 1.1's."""
    assert main(["battle", "arc", battle, "--side", "Ann", "deploy", "Firebrand"]) == 0
    with open(battle, encoding="utf-8") as file:
        text = file.read()
    text = text.replace('kind = "battle"\n', 'kind = "battle"\nstep = 1\n', 1)
    with open(battle, "w", encoding="utf-8") as file:
        file.write(text)
    assert main(["battle", "arc", battle, "--side", "Bob", "deploy", "Firebrand", "--gate", "1"]) == 2  # no gate
    assert main(["battle", "arc", battle, "--side", "Bob", "gate", "--arc", "2"]) == 0
    capsys.readouterr()
    result = replay_battle_file(battle)
    assert result.turn_words() == "turn 1.1, Bob's turn" and result.findings == ()
    assert [(m.turn, m.step, m.event["kind"]) for m in result.battle.spent] == [(0, 0, "deploy"), (1, 1, "place-gate")]
    assert result.spending.summary(1) == "Arc 5 · gates 2 · on units 0 · hand 5 · Pulse 1.1"
