"""A Random game length (Warsurge, step 8): from the end of game turn 4 the Turn Master rolls a D6, 4+ goes on, else
the game ends; it ends after game turn 10 at the latest. The roll is recorded (`battle turn --end-roll`): the next
game turn waits for it (it passed with a reminder before, and `--round` passed it unsaid)."""

from __future__ import annotations

import pytest

from builder.battles import battle_code, battle_from_code, new_battle, read_battle, replay_battle_file
from builder.battles.session import BattleSession
from builder.battles.text import battle_text
from builder.cli import main
from builder.editing.storage import Store
from builder.scenarios import edits
from builder.scenarios.record import LengthRoll, ScenarioPlay
from builder.tui.app import make_app
from catalog.scenarios import ScenarioError
from tests.conftest import examples_in
from tests.fixtures.tui.pilot import notifications, paste, wait_loaded

REFUSED = (
    "warbench battle turn: roll the Random game length's D6 at the end of game turn 4 first: "
    "--end-roll N (as rolled, 4+ goes on) or --end-roll roll\n"
)


def random_length(folder, turn: int = 1):
    examples_in(folder)
    path = folder / "battle.toml"
    play = ScenarioPlay(length="random", playstyle="standard")
    new_battle(folder / "warsurge-499.toml", str(folder / "warsurge-apc.toml"), path, scenario="deathmatch", play=play)
    for _ in range(turn - 1):
        assert main(["battle", "turn", str(path)]) == 0
    return path


def test_the_roll_is_due_at_the_end_of_game_turns_4_to_9_until_recorded(tmp_path):
    battle = read_battle(random_length(tmp_path))
    assert [edits.length_roll_due(battle.model_copy(update={"turn": t})) for t in (1, 3, 4, 9, 10)] == [
        None,
        None,
        4,
        9,
        None,
    ]
    rolled = edits.length_roll(battle.model_copy(update={"turn": 4}), 5)
    assert rolled.play is not None and rolled.play.length_rolls == [LengthRoll(turn=4, roll=5)]
    assert not rolled.play.over and edits.length_roll_due(rolled) is None
    assert edits.length_roll_due(rolled.model_copy(update={"turn": 5})) == 5


def test_going_on_without_the_roll_is_refused_and_writes_nothing(tmp_path, capsys):
    path = random_length(tmp_path, turn=4)
    before = path.read_bytes()
    capsys.readouterr()
    for more in ([], ["--round"]):
        assert main(["battle", "turn", str(path), *more]) == 2
        assert capsys.readouterr() == ("", REFUSED)
    assert path.read_bytes() == before
    assert battle_text(replay_battle_file(path))[-1] == (
        "Random game length: roll a D6 at the end of game turn 4: 4+ the game goes on, else it ends "
        "(`battle turn --end-roll`)"
    )


def test_the_session_refuses_the_next_turn_and_round_until_the_roll(tmp_path):
    session = BattleSession(random_length(tmp_path, turn=4), Store(tmp_path / "store"))
    for step in (session.next_turn, session.next_round):
        with pytest.raises(ScenarioError) as refused:
            step()
        assert str(refused.value) == (
            "the Random game length's D6 at the end of game turn 4 comes first (4+ the game goes on, else it ends)"
        )
    assert session.next_turn(-1) is None and session.ledger.turn == 3  # back is never refused
    session.next_turn()
    session.change("game length: rolled 5", edits.length_roll, 5)
    session.next_turn()
    assert session.ledger.turn == 5


def test_a_4_goes_on_to_the_next_game_turn_and_a_3_ends_the_game_there(tmp_path, capsys):
    path = random_length(tmp_path, turn=4)
    capsys.readouterr()
    assert main(["battle", "turn", str(path), "--end-roll", "4"]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    assert out.out.splitlines()[:2] == [
        "Fantasy Army, turn 5",
        "Random game length: rolled 4 at the end of game turn 4: the game goes on",
    ]
    assert main(["battle", "turn", str(path), "--end-roll", "3"]) == 0
    assert "Random game length: rolled 3 at the end of game turn 5: the game ends after it" in capsys.readouterr().out
    result = replay_battle_file(path)
    assert result.judged is not None and result.judged.outcome.over and result.battle.turn == 6  # past the last
    assert result.result() == {
        "winners": ["Fantasy Army"],
        "draw": False,
        "reason": "Fantasy Army: 499 points left to 434.3 (reserves count as lost)",
    }
    assert read_battle(path).play.length_rolls == [LengthRoll(turn=4, roll=4), LengthRoll(turn=5, roll=3)]


def test_a_roll_refused_says_why_in_one_line(tmp_path, capsys):
    path = random_length(tmp_path, turn=2)
    capsys.readouterr()
    assert main(["battle", "turn", str(path), "--end-roll", "5"]) == 2
    assert capsys.readouterr().err == (
        "warbench: the roll comes at the end of game turn 4 and after (this is game turn 2)\n"
    )
    assert main(["battle", "turn", str(path), "--end-roll", "9"]) == 2
    assert capsys.readouterr().err == "warbench battle turn: --end-roll is a D6 (1 to 6), not '9'\n"


def test_the_scenario_line_says_how_a_random_length_ends(tmp_path, capsys):
    path = random_length(tmp_path)
    assert battle_text(replay_battle_file(path))[-1] == (
        "Scenario: Deathmatch (no VP; most points left wins (reserves count as lost); "
        "from game turn 4 a D6 at each end: 4+ goes on (game turn 10 at most))"
    )


def test_a_battles_code_carries_the_rolls(tmp_path, capsys):
    path = random_length(tmp_path, turn=4)
    assert main(["battle", "turn", str(path), "--end-roll", "6"]) == 0
    code = battle_code(path)
    again = battle_from_code(code, tmp_path / "again.toml")
    assert again.play is not None and again.play.length_rolls == [LengthRoll(turn=4, roll=6)]
    assert battle_code(tmp_path / "again.toml") == code


def test_a_roll_that_goes_on_warns_of_the_turn_left_unfinished_as_a_plain_turn_does(tmp_path, capsys):
    """`battle turn --end-roll 5` passed an Advanced game turn whose CP dice were not rolled without the warning
    `battle turn` gives; a roll that ends the game passes its last game turn too."""
    examples_in(tmp_path)
    path = tmp_path / "battle.toml"
    play = ScenarioPlay(length="random", playstyle="advanced")
    new_battle(
        tmp_path / "warsurge-499.toml", str(tmp_path / "warsurge-apc.toml"), path, scenario="deathmatch", play=play
    )
    for _ in range(3):
        assert main(["battle", "turn", str(path)]) == 0
    capsys.readouterr()
    assert main(["battle", "turn", str(path), "--end-roll", "5"]) == 0
    assert capsys.readouterr().err == "warning: game turn 4's CP dice were not rolled; the turn passed all the same\n"
    assert main(["battle", "turn", str(path), "--end-roll", "1"]) == 0
    assert capsys.readouterr().err == "warning: game turn 5's CP dice were not rolled; the turn passed all the same\n"


def test_a_roll_that_ends_the_game_leaves_its_last_game_turns_end_to_score(tmp_path, capsys):
    """Capture Objectives scores at each game turn's end: a 2 rolled at the end of game turn 4 ended the game at
    once, refusing that end's VP ('the game is over (a draw)'); it now waits there for them, as a Set length's last
    game turn does, and the next turn ends the game."""
    examples_in(tmp_path)
    path = tmp_path / "battle.toml"
    play = ScenarioPlay(length="random", playstyle="standard")
    new_battle(
        tmp_path / "warsurge-499.toml",
        str(tmp_path / "warsurge-apc.toml"),
        path,
        scenario="capture-objectives",
        play=play,
    )
    for _ in range(3):
        assert main(["battle", "turn", str(path)]) == 0
    capsys.readouterr()
    assert main(["battle", "turn", str(path), "--end-roll", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[:3] == [
        "Fantasy Army, end of game turn 4 (scoring)",
        "Random game length: rolled 2 at the end of game turn 4: the game ends after it",
        "Game turn 4 is over: score its end now; the next turn ends the game.",
    ]
    assert main(["battle", "score", str(path), "--side", "2", "--vp", "2"]) == 0
    assert main(["battle", "turn", str(path), "--end-roll", "5"]) == 2
    assert capsys.readouterr().err == "warbench: the roll at the end of game turn 4 ended the game: no roll is due\n"
    assert main(["battle", "turn", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Game over: Ursus strike force wins: 2 VP to 0, the most VP"
    assert [(e.side, e.round, e.vp) for e in read_battle(path).play.events] == [(1, 4, 2)]


def test_a_game_over_at_a_rolls_turn_says_so_and_asks_for_no_roll(tmp_path, capsys):
    """A game a side won (here conceded) at game turn 4 is over: `battle turn` said to roll the D6 first, and the
    roll then met 'the game is over'. Refused as over at once, nothing written."""
    path = random_length(tmp_path, turn=4)
    assert main(["battle", "declare", str(path), "--side", "us", "--reason", "conceded"]) == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["battle", "turn", str(path)]) == 2
    assert capsys.readouterr().err == "warbench: not recorded: the game is over (Fantasy Army wins: conceded)\n"
    assert path.read_bytes() == before


async def test_the_screens_next_turn_asks_for_the_roll_and_a_2_ends_the_game_and_in_a_game_over_asks_none(
    tmp_path, capsys
):
    """Wiring, in one app: at game turn 4, `n` asks for the D6 and the roll chosen is recorded; in a game over at game
    turn 4 (another battle), `n` says it is over: no D6 asked for, none recorded."""
    (tmp_path / "over").mkdir()
    over = random_length(tmp_path / "over", turn=4)
    assert main(["battle", "declare", str(over), "--side", "us", "--reason", "conceded"]) == 0
    app = make_app(random_length(tmp_path, turn=4), data_dir=tmp_path / "data")
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("n")
        await pilot.pause()
        await paste(pilot, "Rolled 2")
        await pilot.press("enter")
        await pilot.pause()
        play = screen.session.ledger.play
        assert play.length_rolls == [LengthRoll(turn=4, roll=2)] and screen.session.result.judged.outcome.over
        assert "Rolled 2: the game ends after game turn 4." in said

        app.open_path(over)
        await wait_loaded(pilot)
        screen = app.screen
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.session.ledger.play.length_rolls == []
        assert said[-1] == "not recorded: the game is over (Fantasy Army wins: conceded)"
