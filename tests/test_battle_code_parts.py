"""A battle's code too long for one QR on a small screen is shown in numbered parts (the share dialog on the battle
screen: tests/test_tui_small_screen.py); `battle import` and the builder's Ctrl+O take the parts back, pasted or
as QR pictures, in any order."""

from __future__ import annotations

import shutil

import pytest
from textual.geometry import Size

from builder.battles import battle_code, new_battle, read_battle
from builder.cli import main
from builder.tui.dialogs.share import screen_parts
from builder.tui.importing import PlayImported, read_import, refused_code
from exports.share.battle_parts import battle_code_in, holds_battle
from exports.share.normalise import grouped
from exports.share.qr import write_qr
from tests.conftest import EXAMPLES


@pytest.fixture
def battle(table):
    """A McWarrior mirror match: its code is too long for one QR at 80×24."""
    path, roster = table / "battle.toml", table / "mcwarrior-warband.toml"
    shutil.copy(EXAMPLES / roster.name, roster)
    new_battle(roster, str(roster), path)
    return path


@pytest.fixture
def parts(battle) -> list[str]:
    parts = screen_parts(battle_code(battle), Size(80, 24))
    assert len(parts) == 2 and parts[0].startswith("1/2 ")
    return parts


def imported(tmp_path, capsys, *sources: str) -> tuple[int, str]:
    output = tmp_path / "got" / "battle.toml"
    output.parent.mkdir(exist_ok=True)
    code = main(["battle", "import", *sources, "-o", str(output), "--overwrite"])
    return code, capsys.readouterr().err


def test_the_parts_in_any_order_or_with_their_numbers_apart_import_the_battle_the_whole_code_does(
    battle, parts, tmp_path, capsys
):
    whole = battle_code(battle)
    assert battle_code_in(parts[::-1]) == whole == battle_code_in([" ".join(parts)])
    assert imported(tmp_path, capsys, whole) == (0, "")
    from_whole = read_battle(tmp_path / "got" / "battle.toml")
    apart = [piece for part in parts[::-1] for piece in part.split(" ", 1)]  # `1/2 ABC…` unquoted: two arguments
    assert imported(tmp_path, capsys, *apart) == (0, "")
    assert read_battle(tmp_path / "got" / "battle.toml") == from_whole
    assert holds_battle(parts) and not holds_battle(parts[:1])
    groups = grouped(whole).replace("-", " ").split()  # the whole code read aloud in groups, pasted unquoted
    assert imported(tmp_path, capsys, *groups) == (0, "")
    assert read_battle(tmp_path / "got" / "battle.toml") == from_whole


def test_the_parts_on_standard_input_import_the_battle_and_the_count_of_marked_units_reads_right(
    battle, parts, tmp_path, capsys, monkeypatch
):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(parts[::-1]) + "\n"))
    assert imported(tmp_path, capsys, "-") == (0, "")
    assert battle_code(tmp_path / "got" / "battle.toml") == battle_code(battle)
    main(["battle", "mark", str(battle), "--unit", "1", "--hit", "torso:1"])
    monkeypatch.setattr("sys.stdin", io.StringIO(battle_code(battle)))
    capsys.readouterr()
    assert main(["battle", "import", "-", "-o", str(tmp_path / "got" / "b.toml")]) == 0
    assert capsys.readouterr().out.endswith(", turn 1, 1 unit marked\n")


def test_the_qr_pictures_of_the_parts_import_the_battle(battle, parts, tmp_path, capsys):
    pictures = [tmp_path / f"qr-{n}.png" for n in (1, 2)]
    for part, picture in zip(parts, pictures):
        write_qr(part, picture)
    assert imported(tmp_path, capsys, *map(str, pictures[::-1])) == (0, "")
    assert battle_code(tmp_path / "got" / "battle.toml") == battle_code(battle)


def test_a_part_left_out_two_whole_codes_or_a_rosters_parts_are_one_line_and_nothing_written(
    battle, parts, table, tmp_path, capsys
):
    whole = battle_code(battle)
    assert imported(tmp_path, capsys, parts[1]) == (2, "warbench: part 1 of 2 is missing\n")
    for n in (1, 2):
        write_qr(whole, tmp_path / f"whole-{n}.png")
    assert imported(tmp_path, capsys, str(tmp_path / "whole-1.png"), str(tmp_path / "whole-2.png")) == (
        2,
        "warbench: 2 battle codes in the pictures: give one, or every numbered part of one\n",
    )
    assert main(["share", "code", str(table / "warsurge-499.toml")]) == 0
    roster = capsys.readouterr().out.strip().splitlines()[-1]
    code, err = imported(tmp_path, capsys, f"1/2 {roster[:20]}", f"2/2 {roster[20:]}")
    assert code == 2 and "this is a roster's share code, not a battle's" in err
    assert not (tmp_path / "got" / "battle.toml").exists()


def test_a_whole_code_among_parts_or_beside_another_is_refused_saying_so(battle, parts, tmp_path, capsys):
    """Joined with the parts, or with another code, a whole code would read as one long damaged code ('part 2 of 2
    is missing', 'damaged'); a whole code numbered 1/1 is whole."""
    whole = battle_code(battle)
    among = "a whole code among numbered parts: give the whole code alone, or every numbered part of one"
    assert imported(tmp_path, capsys, parts[0], whole) == (2, f"warbench: {among}\n")
    assert refused_code(f"{parts[0]} {parts[1]} {whole}", lambda path: None) == among
    twice = "a whole code among more text: give the whole code alone, or every numbered part of one"
    assert imported(tmp_path, capsys, whole, whole) == (2, f"warbench: {twice}\n")
    assert not (tmp_path / "got" / "battle.toml").exists()
    assert imported(tmp_path, capsys, "1/1", whole) == (0, "")


def test_ctrl_o_takes_the_parts_or_their_pictures_on_one_line_and_refuses_them_with_one_missing(
    battle, parts, tmp_path
):
    assert refused_code(parts[1], lambda path: None) == "part 1 of 2 is missing"
    pasted = " ".join(parts[::-1])
    assert refused_code(pasted, lambda path: None) is None
    done = read_import(pasted, tmp_path / "lists")
    assert isinstance(done, PlayImported) and done.path == tmp_path / "lists" / "battle.toml"
    assert battle_code(done.path) == battle_code(battle)
    pictures = [tmp_path / f"qr-{n}.png" for n in (1, 2)]
    for part, picture in zip(parts, pictures):
        write_qr(part, picture)
    named = f"{pictures[1]} {pictures[0]}"  # their pictures' paths on one line, in any order
    assert refused_code(named, lambda path: None) is None
    again = read_import(named, tmp_path / "lists")
    assert isinstance(again, PlayImported) and battle_code(again.path) == battle_code(battle)
