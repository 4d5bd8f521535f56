"""`warbench share code|qr|import`: exit 0 on success, 2 with one line on bad input; imports read back equal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from builder.cli import main
from builder.roster.files import read_roster
from exports.share import encode_roster

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((REPO / "builder" / "examples").glob("*.toml"))
WARSURGE = REPO / "builder" / "examples" / "warsurge-apc.toml"


def code_of(path: Path) -> str:
    loaded = read_roster(path)
    return encode_roster(loaded.roster, loaded.catalogue)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_code_prints_the_code_and_import_writes_a_roster_that_reads_back_equal(path, tmp_path, capsys):
    assert main(["share", "code", str(path)]) == 0
    code = capsys.readouterr().out.strip()
    assert code == code_of(path)
    out = tmp_path / "imported.toml"
    assert main(["share", "import", code, "-o", str(out)]) == 0
    original, imported = read_roster(path), read_roster(out)
    assert capsys.readouterr().out == (
        f"wrote {out}: {original.roster.name} ({original.roster.game}, catalogue "
        f"'{original.catalogue.id}' revision {original.catalogue.revision})\n"
    )
    expected = original.roster.model_copy(update={"catalogue_revision": original.catalogue.revision})
    assert imported.roster.model_dump() == expected.model_dump()


def test_qr_then_import_from_the_picture(tmp_path, capsys):
    png = tmp_path / "share.png"
    assert main(["share", "qr", str(WARSURGE), "-o", str(png)]) == 0
    code = code_of(WARSURGE)
    assert capsys.readouterr().out == f"wrote {png}: QR version 3, {len(code)} characters\n"
    out = tmp_path / "from-photo.toml"
    assert main(["share", "import", str(png), "-o", str(out)]) == 0
    assert read_roster(out).roster.units == read_roster(WARSURGE).roster.units
    svg = tmp_path / "share.svg"
    assert main(["share", "qr", str(WARSURGE), "-o", str(svg)]) == 0
    assert "<svg" in svg.read_text()


def test_import_refuses_to_overwrite_unless_asked(tmp_path, capsys):
    out = tmp_path / "mine.toml"
    out.write_text("# precious\n")
    code = code_of(WARSURGE)
    assert main(["share", "import", code, "-o", str(out)]) == 2
    assert capsys.readouterr().err == f"warbench: {out}: already exists (use --overwrite to replace it)\n"
    assert out.read_text() == "# precious\n"
    assert main(["share", "import", code, "-o", str(out), "--overwrite"]) == 0
    assert read_roster(out).roster.name == "Ursus strike force"


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["share", "import", "NOTACODE", "-o", "{tmp}/x.toml"],
            "not a share code: 8 characters is too short (truncated?)",
        ),
        (
            ["share", "import", "hello world!", "-o", "{tmp}/x.toml"],  # the space is ignored, the '!' is not
            "not a share code: character 11 is '!' (share codes use only the letters A–Z and digits 2–7)",
        ),
        (
            ["share", "import", "{tmp}/missing.png", "-o", "{tmp}/x.toml"],
            "{tmp}/missing.png: no such image file (and not a share code)",
        ),
        (
            ["share", "import", "{tmp}/blank.png", "-o", "{tmp}/x.toml"],
            "{tmp}/blank.png: no QR code found in the picture",
        ),
        (
            ["share", "qr", str(WARSURGE), "-o", "{tmp}/q.gif"],
            "{tmp}/q.gif: a QR image must be .png or .svg, not '.gif'",
        ),
        (
            ["share", "qr", str(WARSURGE), "-o", "{tmp}/q"],
            "{tmp}/q: a QR image must be .png or .svg, not 'no extension'",
        ),
        (["share", "code", "{tmp}/missing.toml"], "{tmp}/missing.toml: no such roster file"),
    ],
)
def test_bad_input_exits_2_with_one_line(tmp_path, capsys, argv, message):
    from PIL import Image

    Image.new("L", (200, 200), 255).save(tmp_path / "blank.png")
    assert main([arg.replace("{tmp}", str(tmp_path)) for arg in argv]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"warbench: {message.replace('{tmp}', str(tmp_path))}\n"
    assert not (tmp_path / "x.toml").exists()


def test_a_damaged_code_exits_2_without_writing(tmp_path, capsys):
    code = code_of(WARSURGE)
    damaged = code[:20] + ("A" if code[20] != "A" else "B") + code[21:]
    assert main(["share", "import", damaged, "-o", str(tmp_path / "x.toml")]) == 2
    assert capsys.readouterr().err == "warbench: the share code is damaged or mistyped (its checksum does not match)\n"
    assert not (tmp_path / "x.toml").exists()


def test_the_installed_command_round_trips(tmp_path, capsys):
    """The real `warbench` entry point, as a player runs it, prints the code; the code, typed in lower case, imports
    (in-process: one process proves the entry point) and a far too long one is one line, exit 2."""
    code = subprocess.run(
        [sys.executable, "-m", "builder.cli", "share", "code", str(WARSURGE)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert main(["share", "import", code.lower(), "-o", str(tmp_path / "r.toml")]) == 0, capsys.readouterr().err
    assert read_roster(tmp_path / "r.toml").roster.name == read_roster(WARSURGE).roster.name
    capsys.readouterr()
    assert main(["share", "import", "A" * 100_000, "-o", str(tmp_path / "s.toml")]) == 2
    assert capsys.readouterr().err == (
        "warbench: not a share code: 100000 characters is too long (a share code has at most 4096)\n"
    )
