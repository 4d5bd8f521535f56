"""Bad league and campaign files: one line on stderr and exit 2, whichever command reads them."""

from __future__ import annotations

import pytest

from builder.cli import main


@pytest.mark.parametrize(
    ("command", "text", "line"),
    [
        ("league", "warbench = 1\nkind = \n", "not valid TOML"),
        (
            "campaign",
            'warbench = 1\nkind = "raid"\n',
            "kind: unknown kind 'raid' (expected frontier-campaign or port-oldsand)",
        ),
        (
            "campaign",
            'warbench = 1\nkind = "league"\nplayers = []\n',
            "this is a journeyman league file, not a frontier campaign file or Port Oldsand campaign file; "
            "open it with `warbench league FILE`",
        ),
        ("league", 'warbench = 2\nkind = "league"\n', "warbench: expected format 1, got 2"),
        (
            "league",
            'warbench = 1\nkind = "league"\n[[players]]\nname = "A"\narmies = ["gone.toml"]\n',
            "gone.toml: no such roster file",
        ),
        (
            "league",
            'warbench = 1\nkind = "league"\n[[players]]\nname = "A"\ncolour = "red"\n',
            "players[0].colour: unknown key",
        ),
        (
            "campaign",
            'warbench = 1\nkind = "port-oldsand"\ndistricts = ["X"]\nplayers = [{ name = "A", start = "Y" }]\n',
            "players[0].start: 'Y' is not a district of the map",
        ),
        (
            "campaign",
            'warbench = 1\nkind = "port-oldsand"\ndistricts = ["X", "Z"]\nplayers = [{ name = "A", start = "X" }]\n'
            '[[rounds]]\npicks = { Q = "Z" }\n',
            "rounds[0]: unknown player 'Q' (players: A)",
        ),
        (
            "campaign",
            'warbench = 1\nkind = "frontier-campaign"\nplayers = ["A", "A"]\n',
            "players: a player is named twice",
        ),
    ],
)
def test_a_bad_ledger_gets_one_line_and_exit_2(tmp_path, capsys, command, text, line):
    path = tmp_path / "ledger.toml"
    path.write_text(text, encoding="utf-8")
    assert main([command, str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("warbench: ") and line in captured.err


def test_a_missing_ledger_is_one_line(tmp_path, capsys):
    assert main(["league", str(tmp_path / "none.toml")]) == 2
    assert capsys.readouterr().err == f"warbench: {tmp_path / 'none.toml'}: no such ledger file\n"


def test_an_army_of_another_game_is_refused(tmp_path, capsys):
    from tests.conftest import EXAMPLES

    path = tmp_path / "league.toml"
    path.write_text(
        f'warbench = 1\nkind = "league"\n[[players]]\nname = "A"\narmies = ["{EXAMPLES / "mcwarrior-warband.toml"}"]\n',
        encoding="utf-8",
    )
    assert main(["league", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.endswith("mcwarrior-warband.toml is a McWarrior roster; a Warmachine league needs a Warmachine roster\n")


def test_findings_make_the_exit_code_1(tmp_path, capsys):
    path = tmp_path / "league.toml"
    path.write_text(
        'warbench = 1\nkind = "league"\n[[players]]\nname = "A"\n[[players.stages]]\ngoals = ["x"]\n', encoding="utf-8"
    )
    assert main(["league", str(path)]) == 1
    assert "league/goal" in capsys.readouterr().out
