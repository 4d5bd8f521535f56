"""Every Pulse round's end is a scoring moment the players are told of, not only the last: `battle turn` (and the
app's `n`, through the same session) says the round is over and to score its end, and the bar says it until a VP of
the scenario's own is recorded for it or the next round does anything; play is never held up for it (the book:
"both players score simultaneously each time the Pulse round ends")."""

from __future__ import annotations

from pathlib import Path

from builder.battles import replay_battle_file
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.tui.widgets.scenario_bar import second_line
from tests.test_warcaster_round_end import TURNS_A_ROUND, orders

TRACKER = "VP at the end of each Pulse round; most VP wins; the game ends after Pulse round 3"


def bar(path: str) -> str:
    judged = replay_battle_file(path).judged
    assert judged is not None
    return second_line(judged).plain


def test_the_end_of_pulse_round_1_is_said_and_shown_until_it_is_scored(tmp_path, capsys):
    path = orders(tmp_path, TURNS_A_ROUND - 1)  # turn 1.5, Bob's
    assert bar(path) == TRACKER  # in round 1
    capsys.readouterr()
    assert main(["battle", "turn", path]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == [
        "Matt's Alliance skirmish, turn 2.1, Ann's turn",
        "Pulse round 1 is over: score its end now, before Pulse round 2 goes on.",
    ]
    assert bar(path) == "SCORING the end of Pulse round 1 (v), before Pulse round 2"
    assert main(["battle", "score", path, "--side", "Bob", "--vp", "0", "--mission", "overrun"]) == 2  # not chosen
    assert main(["battle", "score", path, "--side", "Ann", "--vp", "0"]) == 0  # scored, if nothing
    assert bar(path) == TRACKER
    assert replay_battle_file(path).judged.scoring_end is None  # type: ignore[union-attr]


def test_play_goes_on_without_the_scoring_and_the_reminder_goes_with_it(tmp_path, capsys):
    path = orders(tmp_path, TURNS_A_ROUND)  # turn 2.1: the end of round 1, nothing scored
    assert bar(path) == "SCORING the end of Pulse round 1 (v), before Pulse round 2"
    capsys.readouterr()
    assert main(["battle", "turn", path]) == 0  # not held up
    assert capsys.readouterr().out.splitlines()[:2] == [
        "Matt's Alliance skirmish, turn 2.1, Bob's turn",
        "Scenario: Orders of Magnitude (VP at the end of each Pulse round; most VP wins; the game ends after Pulse "
        "round 3)",
    ]
    assert bar(path) == TRACKER  # round 1's end passed unscored: play went on


def test_round_2s_end_is_said_as_round_1s_and_the_last_as_before(tmp_path):
    path = orders(tmp_path, 2 * TURNS_A_ROUND - 1)  # turn 2.5, Bob's
    session = BattleSession(Path(path), Store(tmp_path / "store"))
    assert session.next_turn(1) == "Pulse round 2 is over: score its end now, before Pulse round 3 goes on."
    for _ in range(TURNS_A_ROUND):
        said = session.next_turn(1)
    assert said == "Pulse round 3 is over: score its end now; the next turn ends the game."
