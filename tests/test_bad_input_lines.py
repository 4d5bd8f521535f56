"""Every bad value inside a file is one located line and exit 2: control characters in the paths a file names, a
BattleScribe roster's name, and loose values (a bool or a string where a number belongs) that are refused, not
coerced."""

from __future__ import annotations

import shutil

import pytest

from builder.cli import main
from tests.conftest import EXAMPLES, FIXTURES

NUL = "\\u0000"


def one_line_error(capsys) -> str:
    """What a refused command said: one line on stderr, nothing on stdout, no bug report."""
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.count("\n") == 1, out.err
    assert "unexpected error" not in out.err and "Traceback" not in out.err
    return out.err


def battle_text(extra: str = "", game: str = "warsurge", roster: str = "warsurge-499.toml") -> str:
    return f'warbench = 1\nkind = "battle"\ngame = "{game}"\nroster = "{roster}"\n{extra}'


@pytest.fixture
def examples(tmp_path):
    """A copy of the bundled examples (rosters and campaigns) to damage."""
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    return tmp_path / "examples"


@pytest.mark.parametrize(
    "file, command, old, new, key",
    [
        ("battle.toml", "battle", None, battle_text(roster=f"a{NUL}b.toml"), "roster"),
        ("battle.toml", "battle", None, battle_text(f'opponent = "o{NUL}.toml"\n'), "opponent"),
        (
            "campaigns/warmachine-league.toml",
            "league",
            '"league/cogmire-stage1.toml"',
            f'"league/a{NUL}b.toml"',
            "players[0].armies[0]",
        ),
        (
            "campaigns/mcwarrior-port-oldsand.toml",
            "campaign",
            'warbands = { Ben = "../mcwarrior-warband.toml" }',
            f'warbands = {{ Ben = "../a{NUL}b.toml" }}',
            "rounds[1].warbands.Ben",
        ),
        (
            "warsurge-499.toml",
            "validate",
            'catalogue = "warsurge-examples"',
            f'catalogue = "own/a{NUL}b.toml"',
            "catalogue",
        ),
        (
            "warsurge-499.toml",
            "validate",
            'catalogue = "warsurge-examples"',
            'catalogue = "own/\\u001b[2Jb.toml"',
            "catalogue",
        ),
    ],
)
def test_a_control_character_in_a_path_inside_a_file_is_one_line_naming_the_key(
    examples, capsys, file, command, old, new, key
):
    path = examples / file
    path.write_text(new if old is None else path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    assert main([command, str(path)]) == 2
    said = one_line_error(capsys)
    assert f"{path}: {key}: holds the control character" in said


@pytest.mark.parametrize(
    "old, new, key",
    [
        ('name = "Ada"', 'name = "Ada\\nerror   fake/finding   all: fine"', "players[0].name"),
        ('picks = { Ada = "Foundry Row"', 'picks = { "Ada\\u001b[2J" = "Foundry Row"', "rounds[0].picks.Ada\\x1b[2J"),
        ('districts = ["Harbour Gate"', 'districts = ["Harbour\\tGate"', "districts[0]"),
    ],
)
def test_a_ledger_name_or_key_holding_a_line_break_or_control_character_is_one_line(examples, capsys, old, new, key):
    path = examples / "campaigns" / "mcwarrior-port-oldsand.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert main(["campaign", str(path)]) == 2
    assert one_line_error(capsys).startswith(f"warbench: {path}: {key}: ")


@pytest.mark.parametrize("character", ["&#x7f;", "&#x202e;", "&#x85;"])
def test_a_battlescribe_roster_whose_name_holds_a_control_character_is_one_line(tmp_path, capsys, character):
    source = (FIXTURES / "battlescribe" / "marcher-strike.ros").read_text(encoding="utf-8")
    hostile = tmp_path / "hostile.ros"
    hostile.write_text(
        source.replace('name="Strike at dawn"', f'name="Strike{character} at dawn"', 1), encoding="utf-8"
    )
    assert main(["import", str(hostile), "-o", str(tmp_path / "out.toml")]) == 2
    said = one_line_error(capsys)
    assert said.startswith(f"warbench: {hostile}: the <roster> element's name: holds the control character")
    assert not (tmp_path / "out.toml").exists()


@pytest.mark.parametrize(
    "marks, message",
    [
        ("[[units]]\nindex = 0\nhp = true\n", "units[0].hp: Input should be a valid integer, got True"),
        ('[[units]]\nindex = "0"\n', "units[0].index: Input should be a valid integer, got '0'"),
        ("turn = 1.0\n", "turn: Input should be a valid integer, got 1.0"),
        ('[[units]]\nindex = 1\nmodels = "3"\n', "units[0].models: Input should be a valid integer, got '3'"),
    ],
)
def test_a_battle_with_a_loose_value_is_refused_not_coerced(examples, capsys, marks, message):
    battle = examples / "battle.toml"
    battle.write_text(battle_text(marks), encoding="utf-8")
    assert main(["battle", str(battle)]) == 2
    assert one_line_error(capsys) == f"warbench: {battle}: {message}\n"


@pytest.mark.parametrize(
    "file, old, new, message",
    [
        (
            "warsurge-499.toml",
            "point_limit = 500",
            "point_limit = true",
            "point_limit: Input should be a valid integer, got True",
        ),
        (
            "warsurge-499.toml",
            "models = 10",
            'models = "10"',
            "units[1].models: Input should be a valid integer, got '10'",
        ),
        (
            "mcwarrior-rustbucket.toml",
            "budget = 40",
            "budget = 40.0",
            "budget: Input should be a valid integer, got 40.0",
        ),
        (
            "campaigns/warmachine-league.toml",
            "painted_army = true",
            'painted_army = "yes"',
            "players[0].painted_army: Input should be a valid boolean, got 'yes'",
        ),
    ],
)
def test_rosters_and_ledgers_refuse_loose_values(examples, capsys, file, old, new, message):
    path = examples / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    command = {"campaigns/warmachine-league.toml": "league"}.get(file, "validate")
    assert main([command, str(path)]) == 2
    assert one_line_error(capsys).startswith(f"warbench: {path}: {message}")


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("hp = 6", "hp = true", "units[1].hp: Input should be a valid integer, got True"),
        ("hp = 6", 'hp = "6"', "units[1].hp: Input should be a valid integer, got '6'"),
    ],
)
def test_a_catalogue_refuses_loose_values(tmp_path, capsys, old, new, message):
    own = (FIXTURES / "warsurge-own-catalogue.toml").read_text(encoding="utf-8")
    assert own.count(old) >= 1
    path = tmp_path / "own.toml"
    path.write_text(own.replace(old, new, 1), encoding="utf-8")
    assert main(["catalog", "check", str(path)]) == 2
    out = capsys.readouterr()
    assert message in out.out + out.err


def test_a_catalogue_number_where_a_decimal_belongs_may_be_whole(tmp_path, capsys):
    own = (FIXTURES / "warsurge-own-catalogue.toml").read_text(encoding="utf-8")
    path = tmp_path / "own.toml"
    path.write_text(own.replace("points = 4.15", "points = 4", 1), encoding="utf-8")
    assert main(["catalog", "check", str(path)]) == 0


@pytest.mark.parametrize("command", [["validate"], ["league"], ["battle"], ["import"], ["catalog", "check"]])
def test_a_file_name_with_a_line_break_is_still_one_line(tmp_path, capsys, command):
    name = str(tmp_path / "two\nlines.toml")
    argv = [*command, name] + (["-o", str(tmp_path / "out.toml")] if command == ["import"] else [])
    assert main(argv) == 2
    out = capsys.readouterr()
    assert out.err.count("\n") == (2 if command == ["catalog", "check"] else 1), out.err
    assert "two\\x0alines.toml" in out.err


@pytest.mark.parametrize("number", ["1e999", "-1e999", "nan", "inf"])
def test_a_battlescribe_selection_of_an_infinite_number_of_copies_is_imported_once(tmp_path, capsys, number):
    source = (FIXTURES / "battlescribe" / "marcher-strike.ros").read_text(encoding="utf-8")
    assert source.count('number="1"') >= 1
    hostile = tmp_path / "hostile.ros"
    hostile.write_text(source.replace('number="1"', f'number="{number}"', 1), encoding="utf-8")
    assert main(["import", str(hostile), "-o", str(tmp_path / "out.toml"), "--partial"]) in (0, 1)
    err = capsys.readouterr().err
    assert f"{number} copies is not a number of units (1 to" in err and "unexpected error" not in err


def test_a_new_battle_whose_player_name_holds_a_control_character_writes_nothing(table, capsys):
    """Refused before writing, as reading it back would be: a good battle `--overwrite` named stays as it was."""
    rosters = [str(table / "mcwarrior-rustbucket.toml"), "--opponent", str(table / "mcwarrior-rustbucket.toml")]
    good = table / "good.toml"
    assert main(["battle", "new", *rosters, "-o", str(good)]) == 0
    kept = good.read_bytes()
    capsys.readouterr()
    for output, extra in ((good, ["--overwrite"]), (table / "new.toml", [])):
        assert main(["battle", "new", *rosters, "--players", "E\x1bve", "Bob", "-o", str(output), *extra]) == 2
        assert capsys.readouterr().err == (
            f"warbench: {output} (not written): play.players[0]: holds the control character \\x1b, which no name, "
            "path or code needs\n"
        )
    assert good.read_bytes() == kept and not (table / "new.toml").exists()


def test_an_empty_player_name_is_said_in_words(table, capsys):
    rosters = [str(table / "mcwarrior-rustbucket.toml"), "--opponent", str(table / "mcwarrior-rustbucket.toml")]
    assert main(["battle", "new", *rosters, "--players", "Ann", " ", "-o", str(table / "b.toml")]) == 2
    assert capsys.readouterr().err == "warbench: player 2's name is empty\n"
    assert not (table / "b.toml").exists()
