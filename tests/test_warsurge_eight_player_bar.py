"""Eight Warsurge players at 80 columns: the scenario bar gives every side's VP (or points left) on a line of their own
where the first line has no room for them, and the Tab strip names every side, losing its key's name first."""

from __future__ import annotations

import shutil

from builder.battles import replay_battle_file
from builder.cli import main
from builder.tui.widgets.scenario_bar import scenario_lines
from builder.tui.widgets.seats import Seat, seats_line
from tests.conftest import EXAMPLES

PLAYERS = ("Annabel", "Benedict", "Cyrus", "Delphine", "Eustace", "Fenella", "Gwendolyn", "Horatio")


def eight_players(folder, scenario: str, *teams: str):
    shutil.copy(EXAMPLES / "warsurge-499.toml", folder / "p1.toml")
    words = ["battle", "new", str(folder / "p1.toml")]
    for n in range(2, 9):
        shutil.copy(EXAMPLES / "warsurge-apc.toml", folder / f"p{n}.toml")
        words += ["--opponent", str(folder / f"p{n}.toml")]
    path = folder / "battle.toml"
    assert main([*words, "--players", *PLAYERS, *teams, "--scenario", scenario, "-o", str(path)]) == 0
    assert main(["battle", "mark", str(path), "--side", "Cyrus", "--unit", "1", "--damage", "2"]) == 0
    return replay_battle_file(path)


def bar(result, width: int = 78) -> list[str]:
    return scenario_lines(result.judged, result.battle.turn, width).plain.splitlines()[:3]


def test_every_players_vp_has_a_line_of_its_own_at_80_columns(tmp_path):
    assert bar(eight_players(tmp_path, "capture-objectives")) == [
        "Capture Objectives · game turn 1 · VP",
        "Anna… 0 · Bene… 0 · Cyrus 0 · Delp… 0 · Eust… 0 · Fene… 0 · Gwen… 0 · Hora… 0",
        "VP at the end of each game turn; most VP wins; the game ends after game turn 4",
    ]


def test_points_left_go_to_the_whole_point_and_teams_to_their_totals(tmp_path):
    assert bar(eight_players(tmp_path, "deathmatch"))[1] == (
        "An… 499 · Be… 434 · Cy… 390 · De… 434 · Eu… 434 · Fe… 434 · Gw… 434 · Ho… 434"
    )
    teams = ["--team", *PLAYERS[:4], "--team", *PLAYERS[4:]]
    (tmp_path / "teams").mkdir()
    assert bar(eight_players(tmp_path / "teams", "deathmatch", *teams), 70)[1] == (
        "Annab…+Bened…+Cyrus+Delph… = 1758 · Eusta…+Fenel…+Gwend…+Horat… = 1737"
    )


def test_two_players_keep_one_line(tmp_path):
    shutil.copy(EXAMPLES / "warsurge-499.toml", tmp_path / "a.toml")
    shutil.copy(EXAMPLES / "warsurge-apc.toml", tmp_path / "b.toml")
    path = tmp_path / "battle.toml"
    words = ["battle", "new", str(tmp_path / "a.toml"), "--opponent", str(tmp_path / "b.toml")]
    assert main([*words, "--players", "Ann", "Ben", "--scenario", "capture-objectives", "-o", str(path)]) == 0
    assert bar(replay_battle_file(path))[0] == "Capture Objectives · game turn 1 · VP Ann 0 · Ben 0"


def test_the_tab_strip_names_all_eight_losing_its_keys_name_first():
    seats = [Seat(name, "100%") for name in PLAYERS]
    assert seats_line(seats, 7, 78).plain == (
        "Tab: An… 100% Be… 100% Cy… 100% De… 100% Eu… 100% Fe… 100% Gw… 100% ▸Ho… 100%"
    )
    assert seats_line(seats, 0, 74).plain == "▸An… 100% Be… 100% Cy… 100% De… 100% Eu… 100% Fe… 100% Gw… 100% Ho… 100%"
    assert seats_line(seats[:4], 0, 78).plain == "Tab: ▸Annabel 100%  Benedict 100%  Cyrus 100%  Delphine 100%"


def test_the_tracker_line_ends_with_an_ellipsis_where_the_bars_three_rows_cut_it(tmp_path):
    """With the scores on a row of their own, the tracker line has one row left: it was cut there unsaid ("… the game
    ends after", the 4 gone); with one row of scores it wraps to the two it has."""
    eight = scenario_lines((result := eight_players(tmp_path, "deathmatch")).judged, result.battle.turn, 78)
    assert eight.plain.splitlines()[0] == "Deathmatch · game turn 1 · points left"
    assert eight.plain.splitlines()[2:] == [
        "no VP; most points left wins (reserves count as lost); the game ends after…"
    ]
    (tmp_path / "two").mkdir()
    for name in ("warsurge-499.toml", "warsurge-apc.toml"):
        shutil.copy(EXAMPLES / name, tmp_path / "two" / name)
    path = tmp_path / "two" / "b.toml"
    words = [str(tmp_path / "two" / "warsurge-499.toml"), "--opponent", str(tmp_path / "two" / "warsurge-apc.toml")]
    assert main(["battle", "new", *words, "--players", "Ann", "Bob", "--scenario", "deathmatch", "-o", str(path)]) == 0
    two = replay_battle_file(path)
    assert scenario_lines(two.judged, two.battle.turn, 78).plain.splitlines() == [
        "Deathmatch · game turn 1 · points left Ann 499 · Bob 434.3",
        "no VP; most points left wins (reserves count as lost); the game ends after",
        "game turn 4",
    ]
