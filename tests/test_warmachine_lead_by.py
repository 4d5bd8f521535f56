"""Warmachine's lead-by scenarios ("3 VP ahead of the opponent after scoring at the end of the opponent's turn"):
every player turn from the defender's second ends with its scoring, so a turn that passed with nothing recorded
scored 0 and the lead is checked at its end all the same."""

from __future__ import annotations

import shutil

import pytest

from builder.cli import main
from builder.game import game
from builder.scenarios import find_scenario
from builder.scenarios.table import Event, Table
from builder.scenarios.victory import decide
from tests.conftest import EXAMPLES

ANNA, BEN = 0, 1
LEAD_BY = ("first-blood", "lines-drawn", "close-quarters", "seize-the-initiative", "breakthrough", "point-of-no-return")


def outcome(scenario_id: str, table: Table):
    scenario = find_scenario(scenario_id)
    return decide(scenario, game(scenario.game).scenarios, table)


def played(events: tuple[Event, ...], round_: int, step: int) -> Table:
    """Anna attacking (her turn first each round), the battle at (round, step)."""
    return Table(("Anna", "Ben"), events=events, round=round_, step=step, attacker=ANNA, order=(ANNA, BEN))


BEN_SCORES = (Event(BEN, 2, vp=2, turn=BEN), Event(BEN, 3, vp=2, turn=BEN))
"""Ben 2 VP at the end of his second and third turns; Anna records nothing."""


@pytest.mark.parametrize("scenario", [*LEAD_BY, "major-battle"])
def test_the_lead_wins_when_the_opponents_turn_ends_with_nothing_recorded(scenario):
    in_annas_turn = outcome(scenario, played(BEN_SCORES, 4, 0))  # Ben 4 ahead after his own turn: not yet
    assert (in_annas_turn.winner, in_annas_turn.over) == (None, False)
    after = outcome(scenario, played(BEN_SCORES, 4, 1))  # Anna's fourth turn ended: she scored 0
    assert after.winner is not None and after.over
    assert (after.winner.sides, after.winner.reason) == ((BEN,), "Ben: 4 VP to 0, 4 ahead after the opponent's turn")
    assert after.findings == ()


def test_the_same_as_recording_the_opponents_zero():
    zero = outcome("first-blood", played((*BEN_SCORES, Event(ANNA, 4, vp=0, turn=ANNA)), 4, 1))
    passed = outcome("first-blood", played(BEN_SCORES, 4, 1))
    assert (zero.winner, zero.vp) == (passed.winner, passed.vp) == (passed.winner, (0, 4))


def test_a_lead_in_the_middle_of_the_game_ends_it_and_what_follows_is_after_the_end():
    # A battle file that passed Anna's fourth turn with Ben 4 ahead and played on: the game ended there, by the book.
    events = (*BEN_SCORES, Event(ANNA, 5, vp=2, turn=ANNA), Event(BEN, 5, vp=1, turn=BEN))
    result = outcome("first-blood", played(events, 6, 0))
    assert result.winner is not None and result.winner.reason == "Ben: 4 VP to 0, 4 ahead after the opponent's turn"
    assert [(f.code, f.path) for f in result.findings] == [
        ("battle/after-end", "events[2]"),
        ("battle/after-end", "events[3]"),
    ]
    assert result.vp == (0, 4)


def test_a_battle_whose_events_do_not_say_whose_turn_is_judged_at_its_scorings_alone():
    # Written before turns were counted: when Ben scored in a round is unknown, so no turn end is assumed.
    events = (Event(BEN, 2, vp=2), Event(BEN, 3, vp=2))
    assert outcome("first-blood", played(events, 5, 1)).winner is None


def test_the_command_line_names_the_winner_as_the_opponents_turn_passes(tmp_path, capsys):
    for name in ("wm.toml", "wm2.toml"):
        shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / name)
    path = str(tmp_path / "c.toml")
    new = ["battle", "new", str(tmp_path / "wm.toml"), "--opponent", str(tmp_path / "wm2.toml")]
    assert (
        main(
            [*new, "--player", "Anna", "--player", "Ben", "--scenario", "first-blood", "--attacker", "Anna"]
            + ["-o", path]
        )
        == 0
    )
    for turn in ("turn",) * 3 + ("ben",) + ("turn",) * 2 + ("ben",) + ("turn",) * 2:
        if turn == "ben":
            assert main(["battle", "score", path, "--side", "Ben", "--vp", "2"]) == 0
        else:
            assert main(["battle", "turn", path]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[-2:] == [
        "Leaders: Anna in play, Ben in play (Assassination Mode)",
        "Game over: Ben wins: 4 VP to 0, 4 ahead after the opponent's turn",
    ]
    assert main(["battle", "turn", path]) == 2
    assert capsys.readouterr().err == (
        "warbench: not recorded: the game is over (Ben wins: 4 VP to 0, 4 ahead after the opponent's turn)\n"
    )


@pytest.mark.parametrize(
    "vp, said",
    [
        ("-3", "--vp -3: a side scores 0 to 99 VP at a time"),
        ("100", "--vp 100: a side scores 0 to 99 VP at a time"),
    ],
)
def test_a_score_out_of_range_is_one_line_and_records_nothing(tmp_path, capsys, vp, said):
    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "army.toml")
    path, army = tmp_path / "battle.toml", str(tmp_path / "army.toml")
    new = ["battle", "new", army, "--opponent", army, "--player", "Anna", "--player", "Ben"]
    assert main([*new, "--scenario", "first-blood", "--attacker", "Anna", "-o", str(path)]) == 0
    for _ in range(3):
        assert main(["battle", "turn", str(path)]) == 0
    before = path.read_bytes()
    capsys.readouterr()
    with pytest.raises(SystemExit) as exited:  # refused as the command line is read
        main(["battle", "score", str(path), "--side", "Ben", "--vp", vp])
    assert exited.value.code == 2
    assert capsys.readouterr().err == f"warbench: {said}\n" and path.read_bytes() == before
