"""Sides that share a name (three copies of one roster, no players named): every `--side` takes the side's number
and the report's own label, a refusal says how to name each side, and the battle screen's lines tell them apart."""

from __future__ import annotations

import shutil

import pytest

from builder.battles import new_battle, read_battle, replay_battle_file
from builder.cli import main
from builder.scenarios.side_names import side_index, told_apart
from builder.tui.widgets.scenario_bar import scenario_lines
from builder.tui.widgets.seats import Seat, seats_line
from builder.tui.widgets.text import fit_sides, name_and_figures
from catalog.scenarios import ScenarioError
from tests.conftest import EXAMPLES

RUSTY = ["Rustbucket"] * 3


def refusal(name: str, names: list[str]) -> str:
    with pytest.raises(ScenarioError) as caught:
        side_index(name, names)
    return str(caught.value)


def test_a_side_is_named_by_its_player_us_opponent_its_number_or_the_reports_label():
    assert [side_index(n, RUSTY) for n in ("1", "2", "3", "us", "opponent", "Rustbucket (side 3)")] == [
        0,
        1,
        2,
        0,
        1,
        2,
    ]
    assert [side_index(n, ["Anna", "Ben", "Cai"]) for n in ("Cai", "2", "Opponent")] == [2, 1, 1]
    mirror = ["Cogmire vanguard"] * 2
    assert side_index("Cogmire vanguard (the opponent's)", mirror) == 1
    assert side_index("2", ["Anna", "2"]) == 1  # a player's own name first: old command lines mean what they meant


def test_a_name_several_sides_share_or_no_side_has_is_refused_with_how_to_name_each():
    assert refusal("Rustbucket", RUSTY) == (
        "3 sides are named 'Rustbucket': say the side's number (1, 2 or 3) or its name as the report tells it apart "
        "('Rustbucket (side 1)', 'Rustbucket (side 2)' or 'Rustbucket (side 3)')"
    )
    assert refusal("Eve", RUSTY) == (
        "no player 'Eve' (players: Rustbucket (side 1), Rustbucket (side 2), Rustbucket (side 3); "
        "or the side's number, 1 to 3; or us, opponent)"
    )
    assert refusal("4", RUSTY).startswith("no side 4 (players: Rustbucket (side 1),")
    assert refusal("9" * 5000, RUSTY).startswith("no side 9999… (5,000 characters) (players:")
    assert refusal("Rustbucket", ["Anna", "Rustbucket", "Cai", "Rustbucket"]).startswith(
        "2 sides are named 'Rustbucket': say the side's number (2 or 4)"
    )
    assert refusal("Cogmire vanguard", ["Cogmire vanguard"] * 2) == (
        "both sides are named 'Cogmire vanguard': say us or opponent (or name the players: battle new --players)"
    )


@pytest.fixture
def three_rusties(table):
    for n in (2, 3):
        (table / f"rb{n}.toml").write_bytes((table / "mcwarrior-rustbucket.toml").read_bytes())
    path = table / "kh3.toml"
    rosters = [str(table / "rb2.toml"), str(table / "rb3.toml")]
    new_battle(table / "mcwarrior-rustbucket.toml", rosters, path, scenario="king-of-the-hill")
    return str(path)


def test_every_battle_command_takes_the_sides_number_and_label(three_rusties, capsys):
    path = three_rusties
    assert main(["battle", "mark", path, "--unit", "1", "--heat", "1", "--side", "Rustbucket (side 3)"]) == 0
    assert main(["battle", "mark", path, "--unit", "1", "--heat", "2", "--side", "2"]) == 0
    assert [m.heat for side in (1, 2) for m in read_battle(path).marks(side)] == [2, 1]
    for _ in range(2):
        assert main(["battle", "turn", path]) == 0
    assert main(["battle", "score", path, "--side", "3", "--vp", "2"]) == 0
    assert main(["battle", "score", path, "--side", "Rustbucket (side 2)", "--vp", "1"]) == 0
    assert main(["battle", "score", path, "--side", "1", "--out"]) == 0
    capsys.readouterr()
    assert main(["battle", "score", path, "--side", "Rustbucket", "--vp", "1"]) == 2
    assert capsys.readouterr().err.startswith("warbench: 3 sides are named 'Rustbucket': say the side's number")
    play = read_battle(path).play
    assert play is not None
    assert [(e.side, e.vp, e.out) for e in play.events] == [(2, 2, False), (1, 1, False), (0, None, True)]
    assert main(["battle", "declare", path, "--side", "Rustbucket (side 3)"]) == 0
    assert replay_battle_file(path).leader == "Rustbucket"
    assert replay_battle_file(path).leader_sides == (2,)


def test_the_screens_lines_tell_sides_of_one_name_apart_at_80_columns(three_rusties):
    for _ in range(2):
        assert main(["battle", "turn", three_rusties]) == 0
    assert main(["battle", "score", three_rusties, "--side", "2", "--vp", "2"]) == 0
    result = replay_battle_file(three_rusties)
    assert result.judged is not None
    assert scenario_lines(result.judged, 3, 79).plain.splitlines()[0] == (
        "King Of The Hill · turn 3 · VP Rustbuc… (1) 0 · Rustbuc… (2) 2 · Rustbuc… (3) 0"
    )
    assert scenario_lines(result.judged, 3).plain.splitlines()[0] == (
        "King Of The Hill · turn 3 · VP Rustbucket (side 1) 0 · Rustbucket (side 2) 2 · Rustbucket (side 3) 0"
    )
    seats = [Seat("Rustbucket", "100%")] * 3
    assert seats_line(seats, 2, 78).plain == (
        "Tab:  Rustbuc… (side 1) 100%  Rustbuc… (side 2) 100% ▸Rustbuc… (side 3) 100%"
    )
    assert result.leader_sides == (1,)


def test_a_name_is_cut_before_what_tells_it_apart_and_unshared_names_as_before():
    assert fit_sides(RUSTY, None) == told_apart(RUSTY)
    assert fit_sides(RUSTY, 19) == ["Rustbucket (side 1)", "Rustbucket (side 2)", "Rustbucket (side 3)"]
    assert fit_sides(RUSTY, 15) == ["Rustb… (side 1)", "Rustb… (side 2)", "Rustb… (side 3)"]
    assert fit_sides(RUSTY, 14) == ["Rustbucket (1)", "Rustbucket (2)", "Rustbucket (3)"]
    assert fit_sides(RUSTY, 12) == ["Rustbuc… (1)", "Rustbuc… (2)", "Rustbuc… (3)"]
    assert fit_sides(["Anna", "Rustbucket", "Rustbucket"], 8) == ["Anna", "Rus… (2)", "Rus… (3)"]
    assert fit_sides(["Anna Long-Name", "Ben"], 6) == ["Anna …", "Ben"]
    mirror = ["Cogmire vanguard"] * 2
    assert name_and_figures("Cogmire vanguard", "75/75 (100%)", 34, mirror, 1) == "Cogmire vanguard (2)  75/75 (100%)"
    assert name_and_figures("Cogmire vanguard", "75/75 (100%)", 48, mirror, 1) == (
        "Cogmire vanguard (the opponent's)  75/75 (100%)"
    )


def test_the_reports_scenario_lines_tell_a_mirror_matchs_sides_apart(tmp_path, capsys):
    """The VP, out-of-the-game and winner lines named both sides "Matt's Alliance skirmish", saying nothing of
    which one scored, was out or won."""
    roster = tmp_path / "firebrand.toml"
    roster.write_text((EXAMPLES / "warcaster-firebrand.toml").read_text())
    path = tmp_path / "mirror.toml"
    assert (
        main(["battle", "new", str(roster), "--opponent", str(roster), "--scenario", "boiling-point", "-o", str(path)])
        == 0
    )
    assert main(["battle", "score", str(path), "--side", "opponent", "--vp", "1"]) == 2  # in our turn: refused
    assert capsys.readouterr().err == (
        "warbench: not recorded: Boiling Point scores in each player's own turn: it is the turn of Matt's Alliance "
        "skirmish (ours), not the turn of Matt's Alliance skirmish (the opponent's)\n"
    )
    assert main(["battle", "score", str(path), "--side", "us", "--vp", "1"]) == 0
    assert main(["battle", "score", str(path), "--side", "opponent", "--out"]) == 0
    capsys.readouterr()
    assert main(["battle", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-3:] == [
        "VP: Matt's Alliance skirmish (ours) 1, Matt's Alliance skirmish (the opponent's) 0",
        "Out of the game: Matt's Alliance skirmish (the opponent's)",
        "Game over: Matt's Alliance skirmish (ours) wins: the opponent has no models in play (mercy rule)",
    ]
    winner = replay_battle_file(path).as_dict()["winner"]
    assert (winner["name"], winner["sides"]) == ("Matt's Alliance skirmish", [0])  # the JSON's name as it was


def test_a_mirror_matchs_turn_says_whose_seat_it_is(tmp_path, capsys):
    """Two sides of one roster and no player names: the turn names the seat as the report tells it apart ("the turn
    of … (ours)"), where it said "Matt's Alliance skirmish's turn" for either."""
    roster = tmp_path / "a.toml"
    shutil.copy(EXAMPLES / "warcaster-firebrand.toml", roster)
    path = tmp_path / "m.toml"
    assert (
        main(["battle", "new", str(roster), "--opponent", str(roster), "--scenario", "boiling-point", "-o", str(path)])
        == 0
    )
    assert capsys.readouterr().out.endswith("set-up, then turn 1.1, the turn of Matt's Alliance skirmish (ours)\n")
    for whose in ("(ours)", "(the opponent's)"):  # the set-up over, then the opponent's 1.1
        assert main(["battle", "turn", str(path)]) == 0
        first = capsys.readouterr().out.splitlines()[0]
        assert first == f"Matt's Alliance skirmish, turn 1.1, the turn of Matt's Alliance skirmish {whose}"
    assert replay_battle_file(path).turn()["player"] == "Matt's Alliance skirmish"  # the data keeps the name
