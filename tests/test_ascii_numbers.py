"""A number a player types (an option, `N:PART`, `--roll`, dice, a field in the TUI) is ASCII digits with a minus
where one is meant: int() would read "١" (an Arabic-Indic one) as 1, so each is refused in one line, exit 2."""

from __future__ import annotations

import pytest

from builder.battles.dice import HOW, DiceError, parse_dice
from builder.commands.catalog_share import PART_NUMBER
from builder.editing.catalogue_form import FieldSpec, FieldValueError, parse_value
from builder.editing.stepping import whole_number
from builder.numbers import typed_int
from exports.share.catalogue_code import numbered
from tests.fixtures.warsurge_cp import strike_battle
from tests.test_mcwarrior_upkeep import run, warband_battle

ARABIC_ONE = "\u0661"
FULLWIDTH_TWO = "\uff12"
SUPERSCRIPT_TWO = "\u00b2"  # isdigit() says yes, int() raises


@pytest.mark.parametrize("typed", [ARABIC_ONE, FULLWIDTH_TWO, SUPERSCRIPT_TWO, "1_0", "+1", "--1", "", " "])
def test_typed_int_takes_only_ascii_digits(typed):
    with pytest.raises(ValueError):
        typed_int(typed)


def test_typed_int_reads_a_minus_and_spaces_around():
    assert [typed_int(t) for t in ("0", "-12", " 7 ")] == [0, -12, 7]


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (["--unit", "1", "--damage", ARABIC_ONE], f"argument --damage: invalid int value: '{ARABIC_ONE}'"),
        (["--unit", "1", "--heat", FULLWIDTH_TWO], f"argument --heat: invalid int value: '{FULLWIDTH_TWO}'"),
        (["--unit", ARABIC_ONE, "--heat", "1"], f"argument --unit: invalid int value: '{ARABIC_ONE}'"),
        (
            ["--unit", "1", "--hit", f"head:{ARABIC_ONE}"],
            f"--hit takes PART or PART:N (N a whole number), not 'head:{ARABIC_ONE}'",
        ),
        (
            ["--unit", "1", "--heat", "1", "--roll", ARABIC_ONE],
            f"--roll takes the die rolled (1 to 6), N:PART for its hits' part, or d6, not '{ARABIC_ONE}'",
        ),
        (
            ["--unit", "1", "--heat", "1", "--roll", SUPERSCRIPT_TWO],
            f"--roll takes the die rolled (1 to 6), N:PART for its hits' part, or d6, not '{SUPERSCRIPT_TWO}'",
        ),
    ],
)
def test_a_mark_with_a_non_ascii_digit_is_one_line_and_writes_nothing(tmp_path, capsys, given, said):
    battle = warband_battle(tmp_path)
    before = battle.read_bytes()
    assert run("battle", "mark", str(battle), *given) == 2
    assert capsys.readouterr().err == f"warbench: {said}\n"
    assert battle.read_bytes() == before


def test_a_seed_with_a_non_ascii_digit_is_refused(capsys):
    assert run("scenario", "roll", "warsurge", "--seed", ARABIC_ONE) == 2
    assert capsys.readouterr().err.endswith(f"argument --seed: invalid int value: '{ARABIC_ONE}'\n")


@pytest.mark.parametrize("typed", [f"{ARABIC_ONE}d6", f"d6+{ARABIC_ONE}", ARABIC_ONE, SUPERSCRIPT_TWO])
def test_dice_with_a_non_ascii_digit_are_refused(typed):
    with pytest.raises(DiceError):
        parse_dice(typed)


def test_a_typed_whole_number_in_the_tui_takes_only_ascii_digits():
    with pytest.raises(ValueError, match="^Budget must be a whole number$"):
        whole_number(ARABIC_ONE, 0, 10, "Budget")
    with pytest.raises(ValueError, match="^Budget must be a whole number$"):
        whole_number(SUPERSCRIPT_TWO, 0, 10, "Budget")
    with pytest.raises(FieldValueError, match="^hp: a whole number$"):
        parse_value(FieldSpec("hp", "", "int", False), ARABIC_ONE)
    with pytest.raises(FieldValueError, match="^speed: a number$"):
        parse_value(FieldSpec("speed", "", "float", False), f"{ARABIC_ONE}.5")


def test_a_catalogue_codes_part_number_is_ascii_digits():
    assert numbered("2/3 ABC DEF") and not numbered(f"{FULLWIDTH_TWO}/3 ABC DEF")
    assert PART_NUMBER.fullmatch("1/2") and not PART_NUMBER.fullmatch(f"{ARABIC_ONE}/2")


def test_a_number_thousands_of_digits_long_is_refused_in_one_short_line(capsys):
    """`roll 999…` (5,000 nines) said "unexpected error (ValueError: Exceeds the limit (4300 digits) for integer
    string conversion …); please report it", and a refused `--seed 999…` echoed all 5,000 digits back."""
    nines, cut = "9" * 5000, f"'{'9' * 40}'… (5,000 characters)"
    assert run("roll", nines) == 2
    assert capsys.readouterr().err == f"warbench: {cut}: {HOW}\n"
    assert run("scenario", "roll", "warsurge", "--seed", f"x{nines}") == 2
    assert capsys.readouterr().err.endswith(f"argument --seed: invalid int value: 'x{'9' * 39}'… (5,001 characters)\n")


def test_a_unit_number_or_rocket_count_thousands_of_digits_long_is_refused_in_one_short_line(tmp_path, capsys):
    """`--use rocket-launcher:999…` and `battle cp … action 999… move` said "unexpected error (ValueError: Exceeds
    the limit (4300 digits) …); please report it"; `--hit head:999…` echoed all its digits."""
    nines = "9" * 5000
    battle = warband_battle(tmp_path)
    assert run("battle", "mark", str(battle), "--unit", "2", "--use", f"rocket-launcher:{nines}") == 2
    assert capsys.readouterr().err == (
        f"warbench: --use takes UPGRADE or UPGRADE:N (N rockets fired), not 'rocket-launcher:{'9' * 24}'\n"
    )
    assert run("battle", "mark", str(battle), "--unit", "2", "--hit", f"head:{nines}") == 2
    assert capsys.readouterr().err == (
        f"warbench: --hit takes PART or PART:N (N a whole number), not 'head:{'9' * 35}'… (5,005 characters)\n"
    )
    (tmp_path / "warsurge").mkdir()
    warsurge = strike_battle(tmp_path / "warsurge")
    assert run("battle", "cp", str(warsurge), "--side", "us", "action", nines, "move") == 2
    assert capsys.readouterr().err == (
        f"warbench: there is no unit {'9' * 40}… (5,000 characters) on that side (it has 5)\n"
    )
