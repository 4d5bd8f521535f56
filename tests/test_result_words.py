"""A result with a reason says who won ("Ann wins: …", a team's "Anna and Ben win: …") wherever a player reads it:
the text, the report, the screen's bar; it read "Result: Ann: the opponent has no models in play (mercy rule)". The
JSON's `reason` stays the data it was."""

from __future__ import annotations

import shutil

from builder.battles import replay_battle_file
from builder.cli import main
from builder.scenarios.moments import DRAWN, Verdict, verdict
from builder.scenarios.table import Table
from builder.tui.widgets.scenario_bar import second_line
from tests.conftest import EXAMPLES

MERCY = "the opponent has no models in play (mercy rule)"


def test_a_side_wins_a_team_wins_and_a_draw_reads_as_its_reason():
    assert Verdict("Ann", (0,), f"Ann: {MERCY}").words == f"Ann wins: {MERCY}"
    assert Verdict("Anna and Ben", (0, 1), "Anna and Ben: 10 VP, first to 10").words == (
        "Anna and Ben win: 10 VP, first to 10"
    )
    drawn = "a draw: Ann and Bob reached 10 VP at the same moment"
    assert Verdict("", DRAWN, drawn).words == drawn
    assert Verdict("Ann", (0,), "conceded").words == "conceded"  # a reason that does not name the side: as it is
    assert Verdict("Ann", (0,), f"Ann: {MERCY}").as_dict()["reason"] == f"Ann: {MERCY}"


def test_the_mercy_rules_result_says_who_won_in_the_text_the_report_and_the_bar(tmp_path, capsys):
    shutil.copy(EXAMPLES / "warcaster-firebrand.toml", tmp_path / "f.toml")
    path, roster = str(tmp_path / "m.toml"), str(tmp_path / "f.toml")
    args = ["battle", "new", roster, "--opponent", roster, "--players", "Ann", "Bob"]
    assert main([*args, "--scenario", "orders-of-magnitude", "-o", path]) == 0
    for side in ("Ann", "Bob"):
        assert main(["battle", "arc", path, "--side", side, "deploy", "Firebrand"]) == 0
    assert main(["battle", "turn", path]) == 0 and main(["battle", "turn", path]) == 0  # Bob's turn 1.1
    capsys.readouterr()
    assert main(["battle", "mark", path, "--side", "Bob", "--unit", "1", "--damage", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"Game over: Ann wins: {MERCY}"
    assert main(["battle", path]) == 0
    assert f"Game over: Ann wins: {MERCY}" in capsys.readouterr().out.splitlines()
    assert main(["battle", "report", path, "--markdown"]) == 0
    assert f"- **Result:** Ann wins: {MERCY}" in capsys.readouterr().out.splitlines()
    result = replay_battle_file(path)
    bar = second_line(result.judged)
    assert bar.plain == f"Ann wins: {MERCY}"
    first = bar.spans[0]
    assert (bar.plain[first.start : first.end], str(first.style)) == (
        "Ann wins",
        "bold $success",
    )
    assert result.result() == {"winners": ["Ann"], "draw": False, "reason": f"Ann: {MERCY}"}


def test_a_team_with_a_side_told_apart_from_another_of_its_name_wins_too():
    """A team's member that shares its name with an opponent is told apart in the reason ("Rex (side 1) and Ben"), which
    `_who` could not find from the team's name ("Rex and Ben"): it read "Rex (side 1) and Ben: 10 VP", with no "win"."""
    table = Table(("Rex", "Rex", "Ben", "Cal"), teams=((0, 2), (1, 3)))
    won = verdict(table, 0, "10 VP, first to 10")
    assert (won.name, won.reason) == ("Rex and Ben", f"{table.told_name(0)}: 10 VP, first to 10")
    assert won.words == f"{table.told_name(0)} win: 10 VP, first to 10"
    assert won == Verdict("Rex and Ben", (0, 2), won.reason)  # the told name is no part of the verdict's data
