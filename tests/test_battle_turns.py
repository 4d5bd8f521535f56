"""Turns as each book counts them: every event belongs to a moment (round, player turn), so the order it was typed in
never changes a result; what one moment scores is decided together (a draw is a result)."""

from __future__ import annotations

import json
import shutil

import pytest

from builder.battles import new_battle, read_battle, replay_battle_file, write_battle
from builder.battles.session import BattleSession
from builder.campaigns.ledger import LedgerError
from builder.cli import main
from builder.editing.storage import Store
from builder.scenarios import edits
from builder.scenarios.record import EventMark, ScenarioPlay
from tests.conftest import EXAMPLES

ANN, BOB = 0, 1


def warmachine(table, scenario: str = "lines-drawn"):
    path = table / "wm.toml"
    roster = table / "warmachine-example.toml"
    new_battle(roster, str(roster), path, scenario=scenario, play=ScenarioPlay(players=["Ann", "Bob"], attacker=ANN))
    return path


def events(path, marks: list[dict], turn: int, step: int) -> dict:
    """The battle with these events, in this order, at (turn, step): its --json report."""
    battle = read_battle(path)
    assert battle.play is not None
    play = battle.play.model_copy(update={"events": [EventMark.model_validate(m) for m in marks]})
    write_battle(path, battle.model_copy(update={"play": play, "turn": turn, "step": step}))
    return replay_battle_file(path).as_dict()


# Lines Drawn, Ann attacking: Bob scores 2 in his (the defender's) second turn, Ann 1 in her third, Bob 2 in his
# third, Ann 0 in her fourth: after Ann's turn Bob is 3 ahead, at the end of his opponent's turn, and wins.
LINES_DRAWN = [
    {"side": BOB, "round": 2, "turn": BOB, "vp": 2},
    {"side": ANN, "round": 3, "turn": ANN, "vp": 1},
    {"side": BOB, "round": 3, "turn": BOB, "vp": 2},
    {"side": ANN, "round": 4, "turn": ANN, "vp": 0},
]


def test_lines_drawn_scored_in_either_entry_order_gives_the_same_winner(table):
    path = warmachine(table)
    as_played = events(path, LINES_DRAWN, turn=4, step=1)
    typed_by_player = events(path, [LINES_DRAWN[i] for i in (1, 3, 0, 2)], turn=4, step=1)  # Ann's first, Bob's after
    reason = "Bob: 4 VP to 1, 3 ahead after the opponent's turn"
    for report in (as_played, typed_by_player):
        assert report["result"] == {"winners": ["Bob"], "draw": False, "reason": reason}
        assert [v["vp"] for v in report["vp"]] == [1, 4] and report["findings"] == []
        assert report["turn"] == {"round": 4, "player": "Bob", "phase": None}


def test_a_score_the_book_forbids_at_that_moment_is_refused_with_the_reason(table):
    session = BattleSession(warmachine(table), Store(table / "data"))
    for _ in range(2):
        session.next_turn()
    assert session.result.turn() == {"round": 2, "player": "Ann", "phase": None}
    with pytest.raises(LedgerError, match="^not recorded: Lines Drawn scores from the defender's second turn; this is"):
        session.play("Ann scores", edits.score, ANN, 1)
    with pytest.raises(LedgerError, match="from the defender's second turn"):
        session.play("Ann claims a cache", edits.score, ANN, 2, "cache")
    session.next_turn()
    with pytest.raises(LedgerError, match="^not recorded: .* own turn: it is Bob's turn, not Ann's turn$"):
        session.play("Ann scores", edits.score, ANN, 1)
    session.play("Bob scores", edits.score, BOB, 1)
    assert [(e.side, e.round, e.turn, e.vp) for e in session.ledger.play.events] == [(BOB, 2, BOB, 1)]


def test_battle_turn_moves_warmachines_player_turns_attacker_first(table, capsys):
    path = warmachine(table, "first-blood")
    said = []
    for _ in range(3):
        assert main(["battle", "turn", str(path)]) == 0
        said.append(capsys.readouterr().out.splitlines()[0])
        assert main(["battle", str(path), "--json"]) == 0
        said.append(json.loads(capsys.readouterr().out)["turn"])
    assert said == [
        "Cogmire vanguard, turn 1, Bob's turn",
        {"round": 1, "player": "Bob", "phase": None},
        "Cogmire vanguard, turn 2, Ann's turn",
        {"round": 2, "player": "Ann", "phase": None},
        "Cogmire vanguard, turn 2, Bob's turn",
        {"round": 2, "player": "Bob", "phase": None},
    ]


def test_warmachine_asks_who_attacks_rather_than_guessing(table, capsys):
    roster = str(table / "warmachine-example.toml")
    args = ["battle", "new", roster, "--opponent", roster, "--scenario", "lines-drawn", "-o", str(table / "b.toml")]
    assert main(args) == 2
    assert capsys.readouterr().err == (
        "warbench: play.attacker: Lines Drawn needs the attacker (red) named: --attacker NAME (who takes the first turn)\n"
    )
    assert not (table / "b.toml").exists()


def test_warcasters_pulse_round_moves_with_the_first_players_turns(table):
    shutil.copy(EXAMPLES / "warcaster-firebrand.toml", table / "firebrand.toml")
    path = table / "wc.toml"
    play = ScenarioPlay(players=["Will", "Fay"], first=1)
    new_battle(table / "warcaster-marcher-worlds.toml", str(table / "firebrand.toml"), path, play=play)
    session = BattleSession(path, Store(table / "data"))
    assert session.next_turn() == "The set-up is over: the first player's first turn begins."
    seen = [session.result.turn()]
    for _ in range(11):
        session.next_turn()
        seen.append(session.result.turn())
    said = [(t["round"], t["of_round"], t["player"]) for t in seen]
    assert said[:4] == [(1, 1, "Fay"), (1, 1, "Will"), (1, 2, "Fay"), (1, 2, "Will")]
    assert said[9:] == [(1, 5, "Will"), (2, 1, "Fay"), (2, 1, "Will")]  # five turns each make a Pulse round
    session.next_turn(-1)
    assert (session.ledger.turn, session.ledger.step) == (2, 0)
    session.next_turn(-1)
    assert (session.ledger.turn, session.ledger.step) == (1, 9)


def test_mcwarriors_rounds_have_no_player_turns_and_score_in_the_upkeep(table):
    path = table / "mw.toml"
    new_battle(table / "mcwarrior-rustbucket.toml", str(table / "mcwarrior-rustbucket.toml"), path)
    session = BattleSession(path, Store(table / "data"))
    session.next_turn()
    assert session.result.turn() == {"round": 2, "player": None, "phase": "upkeep"}


@pytest.mark.parametrize("order", [(0, 1, 2, 3, 4, 5, 6, 7), (0, 1, 2, 3, 4, 5, 7, 6)])
def test_king_of_the_hill_both_reaching_ten_in_one_upkeep_is_a_draw(table, order):
    path = table / "koth.toml"
    roster = table / "mcwarrior-rustbucket.toml"
    new_battle(roster, str(roster), path, scenario="king-of-the-hill", play=ScenarioPlay(players=["Red", "Blue"]))
    split = [(3, 2), (3, 2), (2, 3), (2, 3)]  # the five tokens each Upkeep: 8 to 7, then 10 to 10
    marks = [{"side": side, "round": r + 1, "vp": vp[side]} for r, vp in enumerate(split) for side in (0, 1)]
    report = events(path, [marks[i] for i in order], turn=4, step=0)
    assert report["result"] == {
        "winners": [],
        "draw": True,
        "reason": "a draw: Red and Blue reached 10 VP at the same moment",
    }
    assert (report["winner"], report["over"], report["findings"]) == (None, True, [])
