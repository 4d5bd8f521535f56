"""Share codes survive how people paste them: spaces, line breaks and dashes ignored, standard input, groups."""

from __future__ import annotations

import io

import pytest

from builder.cli import main
from builder.roster.files import read_roster
from exports.share import encode_roster
from exports.share.errors import ShareCodeError
from exports.share.normalise import MAX_PASTED_CHARS, grouped, pasted_code
from tests.conftest import EXAMPLES

FIREBRAND = EXAMPLES / "warcaster-firebrand.toml"


@pytest.fixture
def code() -> str:
    loaded = read_roster(FIREBRAND)
    return encode_roster(loaded.roster, loaded.catalogue)


def test_pasted_code_drops_whitespace_and_dashes_only():
    assert pasted_code(" AB-CD\n ef\u2013gh\t\r\nIJ ") == "ABCDefghIJ"
    assert pasted_code("AB.CD") == "AB.CD"  # anything else is left for the decoder to refuse


def test_grouped_is_fours_joined_by_dashes_eight_a_line():
    assert grouped("ABCDEFGHIJ") == "ABCD-EFGH-IJ"
    assert grouped("A" * 33) == "-".join(["AAAA"] * 8) + "\nA"


def test_grouped_code_pastes_back(code):
    assert pasted_code(grouped(code)) == code


def test_pasted_text_is_bounded():
    with pytest.raises(ShareCodeError, match="too long"):
        pasted_code("A" * (MAX_PASTED_CHARS + 1))


def test_share_code_grouped_prints_groups(code, capsys):
    assert main(["share", "code", str(FIREBRAND), "--grouped"]) == 0
    out = capsys.readouterr().out
    assert out == grouped(code) + "\n"
    assert all(len(group) <= 4 for line in out.splitlines() for group in line.split("-"))


def test_import_accepts_a_code_with_spaces_line_breaks_and_dashes(code, tmp_path):
    messy = "  " + " ".join(code[i : i + 5] for i in range(0, len(code), 5)) + "\n"
    messy = messy[:20] + "-\n" + messy[20:]
    out = tmp_path / "imported.toml"
    assert main(["share", "import", messy, "-o", str(out)]) == 0
    assert read_roster(out).roster.name == read_roster(FIREBRAND).roster.name


def test_import_dash_reads_standard_input(code, tmp_path, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(grouped(code) + "\n"))
    out = tmp_path / "from-stdin.toml"
    assert main(["share", "import", "-", "-o", str(out)]) == 0
    loaded, original = read_roster(out), read_roster(FIREBRAND)
    assert [u.id for u in loaded.roster.units] == [u.id for u in original.roster.units]


def test_import_of_empty_standard_input_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(" \n"))
    assert main(["share", "import", "-", "-o", str(tmp_path / "x.toml")]) == 2
    assert capsys.readouterr().err == "warbench: not a share code: the text is empty\n"


def test_a_numbered_part_keeps_its_number_apart_and_the_parts_paste_back():
    from exports.share.catalogue_code import join, split

    whole = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" * 3
    parts = split(whole, 40)
    assert grouped(parts[0], per_line=4) == "1/3 ABCD-EFGH-IJKL-MNOP\nQRST-UVWX-YZ23-4567\nABCD-EFGH"
    assert join("\n".join(grouped(p) for p in reversed(parts))) == whole
