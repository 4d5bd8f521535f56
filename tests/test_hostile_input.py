"""A stranger's file or code is data, never a command: control characters never reach the terminal, files that
are not files are never read, outsized TOML is refused before parsing, and every failure is one line, exit 2."""

from __future__ import annotations

import io
import os
import sys

import pytest

from builder.catalogues import load_catalogue
from builder.cli import main
from builder.games.mcwarrior.roster import McWarriorRoster
from exports.share import encode_roster
from tests.conftest import EXAMPLES, REPO

OSC52 = "Rust\x1b]52;c;Y3VybCBldmlsLmV4YW1wbGUveC5zaCB8IHNo\x07bucket"
TITLE = "\x1b]0;pwned\x07"
HOSTILE_NAMES = [OSC52, "\x1b[2J" + "clear", TITLE + "title", "two\nlines", "csi\x9bhidden", "rtl\u202eevil"]


def roster_file(tmp_path, name: str):
    path = tmp_path / "hostile.toml"
    escaped = name.encode("unicode_escape").decode("ascii").replace('"', '\\"').replace("\\x", "\\u00")
    path.write_text(
        f'warbench = 1\ngame = "mcwarrior"\ncatalogue = "mcwarrior"\nname = "{escaped}"\nbudget = 40\n',
        encoding="utf-8",
    )
    return path


def said(capsys) -> str:
    out = capsys.readouterr()
    return out.out + out.err


def assert_harmless(text: str) -> None:
    """Nothing a terminal would act on: no control character but line breaks, no bidi override."""
    assert not any(
        (ord(c) < 0x20 and c != "\n")
        or 0x7F <= ord(c) <= 0x9F
        or c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
        for c in text
    ), repr(text)


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_roster_whose_name_holds_control_characters_is_refused_and_shown_escaped(name, tmp_path, capsys):
    assert main(["validate", str(roster_file(tmp_path, name))]) == 2
    text = said(capsys)
    assert_harmless(text)
    assert "name:" in text and "names are plain text" in text
    assert text.count("\n") == 1  # one line, however many line breaks the name held


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_share_code_carrying_control_characters_is_refused(name, tmp_path, capsys):
    catalogue = load_catalogue("mcwarrior")
    forged = McWarriorRoster.model_construct(
        **{**McWarriorRoster(catalogue="mcwarrior", name="x", budget=40).__dict__, "name": name}
    )
    code = encode_roster(forged, catalogue)
    target = tmp_path / "imported.toml"
    assert main(["share", "import", code, "-o", str(target)]) == 2
    assert not target.exists()
    text = said(capsys)
    assert_harmless(text)
    assert "names are plain text" in text


def test_json_output_is_ascii(tmp_path, capsys):
    path = tmp_path / "accents.toml"
    path.write_text(
        (EXAMPLES / "mcwarrior-rustbucket.toml").read_text(encoding="utf-8").replace("Rustbucket", "Rüstbücket"),
        encoding="utf-8",
    )
    assert main(["validate", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert out.isascii() and "R\\u00fcstb\\u00fccket" in out


def test_a_players_catalogue_with_control_characters_names_where(tmp_path, capsys):
    text = (EXAMPLES.parent.parent / "catalog" / "data" / "mcwarrior.toml").read_text(encoding="utf-8")
    path = tmp_path / "own.toml"
    path.write_text(text.replace('name = "McWarrior', 'name = "Mc\\u001b[2JWarrior', 1), encoding="utf-8")
    assert main(["catalog", "check", str(path)]) == 2
    shown = said(capsys)
    assert_harmless(shown)
    assert "name: holds the control character \\x1b" in shown


def test_a_fifo_is_refused_without_waiting(tmp_path, capsys):
    fifo = tmp_path / "roster.toml"
    os.mkfifo(fifo)
    assert main(["validate", str(fifo)]) == 2
    assert "not a regular file" in said(capsys)


def test_a_catalogue_that_is_a_device_is_refused(tmp_path, capsys):
    path = tmp_path / "zero.toml"
    path.write_text('warbench = 1\ngame = "mcwarrior"\ncatalogue = "/dev/zero"\nname = "x"\n', encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    assert "not a regular file" in said(capsys)


def test_catalog_list_skips_fifos_and_devices_in_the_installed_folder(isolated_home, capsys):
    folder = isolated_home / "catalogues"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "fifo.toml")
    (folder / "zero.toml").symlink_to("/dev/zero")
    assert main(["catalog", "list"]) == 0
    listed = capsys.readouterr().out
    assert "warcaster-nm" in listed and "fifo" not in listed and "zero" not in listed


@pytest.mark.parametrize(
    "text, says",
    [
        ("a = " + "[" * 1000 + "]" * 1000 + "\n", "nested more than 20 levels deep"),
        ("a = " + "9" * 4400 + "\n", "a number of more than 30 digits"),
    ],
)
def test_outsized_toml_is_refused_before_parsing(text, says, tmp_path, capsys):
    path = tmp_path / "big.toml"
    path.write_text('warbench = 1\ngame = "mcwarrior"\n' + text, encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    assert says in said(capsys)
    assert main(["catalog", "check", str(path)]) == 2
    assert says in said(capsys)


def test_brackets_inside_strings_are_not_nesting():
    from builder.roster.errors import RosterFileError
    from catalog.toml_input import parse_toml

    deep_in_words = 'name = "' + "[" * 40 + "\"\nnote = '" + "{" * 40 + "'\n"
    assert parse_toml(deep_in_words, "x", RosterFileError, "roster")["name"] == "[" * 40
    with pytest.raises(RosterFileError, match="nested more than 20 levels deep"):
        parse_toml("a = " + "[" * 21 + "]" * 21, "x", RosterFileError, "roster")
    assert parse_toml("a = " + "[" * 20 + "]" * 20, "x", RosterFileError, "roster")


def test_every_hidden_character_is_found_and_only_the_allowed_pass():
    from catalog.wording import BIDI_CONTROLS, LINE_SEPARATORS, hidden_character

    hidden = [chr(c) for c in (*range(0x20), *range(0x7F, 0xA0))] + sorted(BIDI_CONTROLS | LINE_SEPARATORS)
    assert all(hidden_character(f"ok {char} ok") == char for char in hidden)
    assert hidden_character("tab\there\nand a line", "\n\t") is None
    assert hidden_character("plain words, é and ″") is None


class ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_reader_that_goes_away_is_no_traceback(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["validate", str(EXAMPLES / "warsurge-499.toml")]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_an_unexpected_failure_is_one_line_and_exit_2(monkeypatch, capsys):
    import builder.commands.validate as command

    def broken(args):
        raise RuntimeError("something \x1b[31mbroke")

    monkeypatch.setattr(command, "run_validate", broken)
    assert main(["validate", str(EXAMPLES / "warsurge-499.toml")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("warbench: unexpected error (RuntimeError") and err.count("\n") == 1
    assert_harmless(err)


@pytest.mark.parametrize("value", ["inf", "nan", "1e308"])
def test_a_players_catalogue_with_an_impossible_number_is_a_located_error(value, tmp_path, capsys):
    text = (REPO / "tests" / "fixtures" / "catalogues" / "tiny-warsurge.toml").read_text(encoding="utf-8")
    path = tmp_path / "own.toml"
    path.write_text(text.replace("points = 5.0", f"points = {value}", 1), encoding="utf-8")
    assert main(["catalog", "check", str(path)]) == 2
    assert "units[0].points" in said(capsys)


def test_a_forced_pdf_of_an_absurd_roster_is_drawn_within_bounds(tmp_path, capsys):
    import time

    from pypdf import PdfReader

    roster = tmp_path / "horde.toml"
    roster.write_text(
        'warbench = 1\ngame = "warsurge"\ncatalogue = "warsurge-examples"\nname = "Horde"\n'
        'point_limit = 500\n\n[[units]]\nid = "troopers"\nmodels = 100000\n',
        encoding="utf-8",
    )
    start = time.perf_counter()
    assert main(["export", "pdf", str(roster), "-o", str(tmp_path / "horde.pdf"), "--force"]) == 0
    assert time.perf_counter() - start < 10
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "horde.pdf").pages)
    assert "more boxes, too many to print" in text
