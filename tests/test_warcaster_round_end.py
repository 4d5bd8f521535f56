"""A Warcaster scenario scored "at the end of each Pulse round": VP recorded once the round has ended and before the
next one does anything count for the round that ended, and the third round's end is scored before the game ends
(`battle turn` and the app's `n` alike); a battle written before, moved past its last round, ended there as it did."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import tomli_w

from builder.battles import replay_battle_file
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.tui.widgets.scenario_bar import first_line, second_line
from tests.conftest import EXAMPLES

TURNS_A_ROUND = 10
"""Five turns of each player in a Pulse round."""


def orders(tmp_path: Path, turns: int) -> str:
    """Ann against Bob under Orders of Magnitude, `turns` player turns on from the first (the set-up ended first)."""
    shutil.copy(EXAMPLES / "warcaster-firebrand.toml", tmp_path / "f.toml")
    path = str(tmp_path / "b.toml")
    args = ["battle", "new", str(tmp_path / "f.toml"), "--opponent", str(tmp_path / "f.toml")]
    assert main([*args, "--players", "Ann", "Bob", "--scenario", "orders-of-magnitude", "-o", path]) == 0
    session = BattleSession(Path(path), Store(tmp_path / "store"))
    for _ in range(turns + 1):
        session.next_turn(1)
    session.save()
    return path


def vp_rounds(path: str, capsys) -> list[list[int]]:
    capsys.readouterr()
    main(["battle", path, "--json"])
    return [side["rounds"] for side in json.loads(capsys.readouterr().out)["vp"]]


def test_vp_scored_after_a_round_ended_before_anything_of_the_next_count_for_the_round_that_ended(tmp_path, capsys):
    path = orders(tmp_path, TURNS_A_ROUND)  # turn 2.1, nothing done in it
    assert main(["battle", "score", path, "--side", "Ann", "--vp", "3"]) == 0
    assert vp_rounds(path, capsys) == [[3, 0], [0, 0]]
    assert main(["battle", "arc", path, "--side", "Ann", "deploy", "Firebrand", "--gate", "1"]) == 2  # no gate yet
    assert main(["battle", "arc", path, "--side", "Ann", "gate", "--arc", "2"]) == 0  # round 2 has begun
    assert main(["battle", "score", path, "--side", "Bob", "--vp", "1", "--mission", "recon"]) == 2  # not chosen
    assert main(["battle", "score", path, "--side", "Bob", "--vp", "1"]) == 0
    assert vp_rounds(path, capsys) == [[3, 0], [0, 1]]


def test_the_last_rounds_end_is_scored_then_the_next_turn_ends_the_game(tmp_path, capsys):
    path = orders(tmp_path, 3 * TURNS_A_ROUND - 1)  # turn 3.5, Bob's
    assert main(["battle", "score", path, "--side", "Ann", "--vp", "3"]) == 0
    capsys.readouterr()
    assert main(["battle", "turn", path]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == [
        "Matt's Alliance skirmish, end of Pulse round 3 (scoring)",
        "Pulse round 3 is over: score its end now; the next turn ends the game.",
    ]
    assert main(["battle", "arc", path, "--side", "Ann", "gate", "--arc", "2"]) == 2
    assert capsys.readouterr().err == (
        "warbench: not recorded: Pulse round 3 is over and the game ends with it: score its end, then go on to the "
        "next turn (or declare the winner)\n"
    )
    assert main(["battle", "score", path, "--side", "Bob", "--vp", "5"]) == 0
    assert vp_rounds(path, capsys) == [[0, 0, 3, 0], [0, 0, 5, 0]]  # up to the battle's turn, as ever
    result = replay_battle_file(path)
    assert result.judged is not None and not result.judged.outcome.over
    assert (
        first_line(result.judged, result.battle.turn).plain
        == "Orders of Magnitude · end of Pulse round 3 · VP Ann 3 · Bob 5"
    )
    assert second_line(result.judged).plain == "LAST SCORING the end of Pulse round 3 (v); then n ends the game"
    assert main(["battle", "turn", path]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Matt's Alliance skirmish, game over after Pulse round 3"
    assert replay_battle_file(path).result() == {
        "winners": ["Bob"],
        "draw": False,
        "reason": "Bob: 5 VP to 3, the most VP",
    }
    assert main(["battle", "score", path, "--side", "Ann", "--vp", "1"]) == 2


def test_a_turn_back_from_the_last_rounds_end_is_the_last_turn_again(tmp_path):
    path = orders(tmp_path, 3 * TURNS_A_ROUND)
    session = BattleSession(Path(path), Store(tmp_path / "store"))
    assert (session.ledger.turn, session.ledger.play.ending, session.result.judged.scoring_last) == (4, True, 3)
    session.next_turn(-1)
    assert (session.ledger.turn, session.ledger.step, session.ledger.play.ending) == (3, 9, False)
    assert session.next_turn(1) == "Pulse round 3 is over: score its end now; the next turn ends the game."
    session.undo()
    assert session.result.turn_words() == "turn 3.5, Bob's turn"


def test_turn_round_goes_to_the_last_rounds_end_then_ends_the_game_and_round_with_over_is_refused(tmp_path, capsys):
    path = orders(tmp_path, 2 * TURNS_A_ROUND + 3)
    assert main(["battle", "turn", path, "--round", "--over"]) == 2
    assert capsys.readouterr().err == (
        "warbench battle turn: --round goes on to the next round, --over ends the game: give one\n"
    )
    assert main(["battle", "turn", path, "--round"]) == 0
    assert replay_battle_file(path).turn_words() == "end of Pulse round 3 (scoring)"
    assert main(["battle", "turn", path, "--round"]) == 0
    assert replay_battle_file(path).turn_words() == "game over after Pulse round 3"


def test_a_battle_written_before_past_its_last_round_ended_there_as_it_did(tmp_path, capsys):
    path = orders(tmp_path, 0)
    data = tomllib.loads(Path(path).read_text())
    data["turn"] = 4
    data["play"]["events"] = [{"side": 0, "round": 3, "turn": 1, "vp": 3}]
    Path(path).write_text(tomli_w.dumps(data))
    result = replay_battle_file(path)
    assert (result.turn_words(), result.result()["reason"]) == (
        "game over after Pulse round 3",
        "Ann: 3 VP to 0, the most VP",
    )
