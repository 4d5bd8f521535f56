"""`warbench export pdf`: exit 0 written, 1 illegal (findings printed, nothing written), 2 bad input or target."""

from __future__ import annotations

from io import BytesIO

import pytest
from pypdf import PdfReader

from builder.cli import main
from tests.fixtures.pdf.reading import EXAMPLES

EXAMPLE_ROSTERS = sorted(EXAMPLES.glob("*.toml"))


def over_limit(tmp_path):
    """The Ursus example with its limit cut to 400 points: illegal (warsurge/point-limit)."""
    text = (
        (EXAMPLES / "warsurge-apc.toml").read_text(encoding="utf-8").replace("point_limit = 500", "point_limit = 400")
    )
    path = tmp_path / "over.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("path", EXAMPLE_ROSTERS, ids=lambda p: p.stem)
def test_every_example_exports(path, tmp_path, capsys):
    out = tmp_path / f"{path.stem}.pdf"
    assert main(["export", "pdf", str(path), "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}\n"
    reader = PdfReader(out)
    assert len(reader.pages) >= 2 and round(float(reader.pages[0].mediabox.width), 2) == 595.28


def test_letter_paper_from_the_command_line(tmp_path):
    out = tmp_path / "army.pdf"
    assert main(["export", "pdf", str(EXAMPLES / "warmachine-example.toml"), "-o", str(out), "--paper", "letter"]) == 0
    assert {(float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(out).pages} == {(612.0, 792.0)}


def test_an_illegal_roster_exits_1_with_its_findings_and_writes_nothing(tmp_path, capsys):
    out = tmp_path / "over.pdf"
    assert main(["export", "pdf", str(over_limit(tmp_path)), "-o", str(out)]) == 1
    captured = capsys.readouterr()
    assert "NOT LEGAL, no PDF written (use --force" in captured.err
    assert "error   warsurge/point-limit" in captured.out and "over its 400-point limit" in captured.out
    assert not out.exists()


def test_force_prints_an_illegal_roster_with_a_banner(tmp_path, capsys):
    out = tmp_path / "over.pdf"
    assert main(["export", "pdf", str(over_limit(tmp_path)), "-o", str(out), "--force"]) == 0
    assert capsys.readouterr().out == f"wrote {out} (marked NOT A LEGAL ROSTER)\n"
    sheet = PdfReader(out).pages[0].extract_text()
    assert sheet.startswith("NOT A LEGAL ROSTER\n Printed with --force: the findings below break the game's rules.")
    assert "✗ error warsurge/point-limit (point_limit): the roster totals 434.3 points" in sheet


@pytest.mark.parametrize(
    "target, message",
    [
        ("missing-folder/out.pdf", "the folder"),
        (".", "is a directory"),
    ],
)
def test_an_unwritable_target_exits_2_in_one_line(target, message, tmp_path, capsys):
    out = tmp_path / target
    assert main(["export", "pdf", str(EXAMPLES / "warmachine-example.toml"), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("warbench: ") and message in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "roster", [EXAMPLES / "warmachine-example.toml", EXAMPLES / "campaigns" / "warmachine-league.toml"]
)
@pytest.mark.parametrize("name", ["cards.txt", "cards"])
def test_a_target_not_named_pdf_is_refused_like_a_qr_image(tmp_path, capsys, roster, name):
    out = tmp_path / name
    assert main(["export", "pdf", str(roster), "-o", str(out)]) == 2
    suffix = out.suffix or "no extension"
    assert capsys.readouterr().err == f"warbench: {out}: a PDF must end in .pdf, not '{suffix}'\n"
    assert not out.exists()


def test_a_target_inside_a_file_exits_2(tmp_path, capsys):
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder", encoding="utf-8")
    assert main(["export", "pdf", str(EXAMPLES / "warmachine-example.toml"), "-o", str(blocker / "out.pdf")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_a_missing_roster_exits_2(tmp_path, capsys):
    assert main(["export", "pdf", str(tmp_path / "nope.toml"), "-o", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("warbench: ") and err.count("\n") == 1
    assert not (tmp_path / "x.pdf").exists()


def test_an_existing_file_is_kept_unless_overwrite_is_asked(tmp_path, capsys):
    out = tmp_path / "army.pdf"
    out.write_bytes(b"old")
    assert main(["export", "pdf", str(EXAMPLES / "mcwarrior-rustbucket.toml"), "-o", str(out)]) == 2
    assert "army.pdf: already exists (use --overwrite to replace it)" in capsys.readouterr().err
    assert out.read_bytes() == b"old"


def test_the_roster_itself_is_never_the_target(tmp_path, capsys):
    roster = tmp_path / "r.toml"
    roster.write_bytes((EXAMPLES / "mcwarrior-rustbucket.toml").read_bytes())
    assert main(["export", "pdf", str(roster), "-o", str(roster), "--overwrite"]) == 2
    assert "r.toml: is the file being read" in capsys.readouterr().err
    assert roster.read_bytes() == (EXAMPLES / "mcwarrior-rustbucket.toml").read_bytes()


def test_an_existing_file_is_replaced_whole(tmp_path):
    out = tmp_path / "army.pdf"
    out.write_bytes(b"old")
    assert main(["export", "pdf", str(EXAMPLES / "mcwarrior-rustbucket.toml"), "-o", str(out), "--overwrite"]) == 0
    assert PdfReader(BytesIO(out.read_bytes())).pages[1].extract_text().startswith("Rustbucket")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["army.pdf"]  # no temp file left behind
