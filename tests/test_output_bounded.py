"""What Warbench says about a file is bounded however large the file: a value is quoted by a short prefix, and a
list of entries far beyond any roster is refused with a clear line."""

from __future__ import annotations

import pytest

from builder.battles import new_battle
from builder.cli import main
from catalog.wording import MAX_SHOWN, shown
from tests.conftest import EXAMPLES, FIXTURES

HUGE = 1_900_000


def run(capsys, *argv) -> tuple[int, str]:
    code = main([*map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_shown_quotes_a_short_prefix_and_the_size():
    assert shown("x" * HUGE) == f"{'x' * MAX_SHOWN!r}… (1,900,000 characters)"
    assert shown("short") == "'short'" and shown(3) == "3"
    assert shown(10**5000) == "a number of about 5,000 digits"
    assert shown("\x1b]0;t\x07") == "'\\x1b]0;t\\x07'"


def roster(tmp_path, line: str) -> object:
    path = tmp_path / "army.toml"
    text = (EXAMPLES / "warsurge-499.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("point_limit = 500", line), encoding="utf-8")
    return path


def test_a_huge_point_limit_is_quoted_by_a_prefix(tmp_path, capsys):
    code, said = run(capsys, "validate", roster(tmp_path, f'point_limit = "{"x" * HUGE}"'))
    assert code == 2 and "point_limit: Input should be a valid integer" in said and len(said) < 300


def test_catalog_check_and_share_quote_a_huge_value_by_a_prefix(tmp_path, capsys):
    path = tmp_path / "mine.toml"
    text = (FIXTURES / "warsurge-own-catalogue.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("move = 6 ", f'move = "{"x" * HUGE}" ', 1), encoding="utf-8")
    for command in ("check", "share"):
        code, said = run(capsys, "catalog", command, path)
        assert code == 2 and "units[0].move" in said and len(said) < 300, said[:300]


@pytest.mark.parametrize(
    "line",
    [
        f'turn = "{"t" * HUGE}"',
        f'scenario = "{"s" * HUGE}"',
        f'play = {{ declared = {{ side = 0, reason = "{"r" * HUGE}" }} }}',
    ],
    ids=["turn", "scenario", "declared-reason"],
)
def test_a_battles_huge_turn_scenario_or_declared_reason_is_quoted_by_a_prefix(tmp_path, capsys, line):
    path = tmp_path / "battle.toml"
    new_battle(roster(tmp_path, "point_limit = 500"), None, path)
    path.write_text(path.read_text(encoding="utf-8").replace("warbench = 1", f"warbench = 1\n{line}"), encoding="utf-8")
    code, said = run(capsys, "battle", path)
    assert code == 2 and len(said) < 300, said[:300]


def test_a_roster_of_seven_thousand_units_is_refused_in_a_line(tmp_path, capsys):
    """Seven times the most a roster holds; a larger file only takes longer to parse (70,000 took a second) on the
    same way to the same one line."""
    units = ",".join(['{id="catapult",models=1}'] * 7_000)
    text = (EXAMPLES / "warsurge-499.toml").read_text(encoding="utf-8")
    path = tmp_path / "many.toml"
    path.write_text(text[: text.index("[[units]]")] + f"units = [{units}]\n", encoding="utf-8")
    code, said = run(capsys, "validate", path)
    assert (
        code == 2
        and said == f"warbench: {path}: units: 7,000 entries, far more than any roster holds (at most 1,000)\n"
    )


def test_a_battlescribe_rosters_huge_number_of_copies_is_quoted_by_a_prefix(tmp_path, capsys):
    source = (FIXTURES / "battlescribe" / "marcher-strike.ros").read_text(encoding="utf-8")
    hostile = tmp_path / "hostile.ros"
    hostile.write_text(source.replace('number="1"', f'number="{"9" * 100_000}"', 1), encoding="utf-8")
    code, said = run(capsys, "import", hostile, "-o", tmp_path / "out.toml")
    assert code == 2 and "… (100,000 characters) copies is not a number of units" in said and len(said) < 2000, said[
        :300
    ]


LONG = '"' + "X" * 100_000 + '"'


@pytest.mark.parametrize(
    ("example", "line", "replacement"),
    [
        ("warsurge-499.toml", "warbench = 1", f"warbench = {LONG}"),
        ("warsurge-499.toml", 'game = "warsurge"', f"game = {LONG}"),
        ("campaigns/warmachine-league.toml", "warbench = 1", f"warbench = {LONG}"),
        ("campaigns/warmachine-league.toml", 'kind = "league"', f"kind = {LONG}"),
        ("campaigns/warmachine-league.toml", 'name = "Cogmire Winter League"', f"name = {LONG}"),
        ("campaigns/warmachine-frontier.toml", 'players = ["Anna", "Bram"]', f'players = ["Anna", {LONG}]'),
    ],
    ids=["roster-format", "roster-game", "ledger-format", "ledger-kind", "league-name", "frontier-player"],
)
def test_a_huge_header_or_name_in_any_file_is_quoted_by_a_prefix(tmp_path, capsys, example, line, replacement):
    source = EXAMPLES / example
    text = source.read_text(encoding="utf-8")
    assert line in text
    path = tmp_path / source.name
    path.write_text(text.replace(line, replacement, 1), encoding="utf-8")
    command = {"warsurge-499.toml": "validate", "warmachine-league.toml": "league"}.get(source.name, "campaign")
    code, said = run(capsys, command, path)
    assert code == 2 and len(said) < 400, said[:400]


def test_a_catalogues_huge_game_is_quoted_by_a_prefix(tmp_path, capsys):
    path = tmp_path / "mine.toml"
    text = (FIXTURES / "warsurge-own-catalogue.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('game = "warsurge"', f"game = {LONG}", 1), encoding="utf-8")
    code, said = run(capsys, "catalog", "check", path)
    assert code == 2 and "unknown game" in said and len(said) < 400, said[:400]


@pytest.mark.parametrize(
    "keys",
    [[f"k{n}" for n in range(3_000)], ["k" * 100_000]],
    ids=["three-thousand-keys", "huge-key"],
)
def test_a_marks_keys_its_game_lacks_are_named_by_a_few_short_ones(tmp_path, capsys, keys):
    """A mark with keys its game's marks lack names the first few, each quoted by a prefix, and counts the rest."""
    path = tmp_path / "battle.toml"
    new_battle(roster(tmp_path, "point_limit = 500"), None, path)
    marks = "".join(f"{key} = 1\n" for key in keys)
    path.write_text(path.read_text(encoding="utf-8") + f"\n[[units]]\nindex = 0\n{marks}", encoding="utf-8")
    code, said = run(capsys, "battle", path)
    named = "k0, k1, k2, k3, k4 and 2,995 more" if len(keys) > 1 else f"{'k' * 40}… (100,000 characters)"
    assert code == 2 and said == (
        f"warbench: {path}: units[0]: a Warsurge mark has no {named} (it keeps damage, models, hp)\n"
    ), said[:300]


@pytest.mark.parametrize("command", ["validate", "battle"])
def test_a_huge_unknown_key_is_named_by_a_prefix(tmp_path, capsys, command):
    """An unknown key's path is said with the key cut to a prefix (80 characters: the longest id) and its size."""
    path = roster(tmp_path, f"point_limit = 500\n{'k' * 100_000} = 1")
    if command == "battle":
        battle = tmp_path / "battle.toml"
        new_battle(roster(tmp_path, "point_limit = 500"), None, battle)
        text = battle.read_text(encoding="utf-8")
        battle.write_text(text.replace("warbench = 1", f"warbench = 1\n{'k' * 100_000} = 1"), encoding="utf-8")
        path = battle
    code, said = run(capsys, command, path)
    assert code == 2 and said == f"warbench: {path}: {'k' * 80}… (100,000 characters): unknown key\n", said[:300]
