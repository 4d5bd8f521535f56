"""Broken files from the corpus give their paired message: one line on stderr, exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.cli import main
from tests.conftest import FIXTURES

BROKEN = FIXTURES / "broken"


def expectations(path: Path) -> list[str]:
    """The `# expect:` lines of a fixture, or of its `.expect` sidecar for empty and binary files."""
    sidecar = path.with_suffix(".expect")
    source = sidecar if sidecar.exists() else path
    lines = source.read_text(encoding="utf-8", errors="replace").splitlines()
    found = [line.split("# expect:", 1)[1].strip() for line in lines if line.startswith("# expect:")]
    assert found, f"{path.name} has no expectation"
    return found


def corpus(kind: str) -> list[Path]:
    return sorted((BROKEN / kind).glob("*.toml"))


@pytest.mark.parametrize("path", corpus("rosters"), ids=lambda p: p.stem)
def test_broken_roster_gives_its_one_line_message(path, capsys):
    assert main(["validate", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err.strip()
    assert "\n" not in err and "Traceback" not in err
    for expected in expectations(path):
        assert expected in err


@pytest.mark.parametrize("path", corpus("catalogues"), ids=lambda p: p.stem)
def test_broken_catalogue_lists_every_problem(path, capsys):
    assert main(["catalog", "check", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # problems are errors: standard error, like every other command's
    out = captured.err
    assert "Traceback" not in out
    for expected in expectations(path):
        assert expected in out


def test_every_mistake_is_listed_with_its_location(capsys):
    main(["catalog", "check", str(BROKEN / "catalogues" / "every-mistake.toml")])
    out = capsys.readouterr().err.splitlines()
    assert out[0].endswith("5 problems")
    assert "  units[0].armour: at most 7, not 9" in out


def test_huge_roster_file_is_refused_before_parsing(tmp_path, capsys):
    huge = tmp_path / "huge.toml"
    huge.write_bytes(b'name = "' + b"x" * (20 * 1024 * 1024) + b'"\n')
    assert main(["validate", str(huge)]) == 2
    assert "too large for a roster file (limit 2048 KB)" in capsys.readouterr().err


def test_directory_and_missing_file(tmp_path, capsys):
    assert main(["validate", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err
    assert main(["validate", str(tmp_path / "nope.toml")]) == 2
    assert "no such roster file" in capsys.readouterr().err


def test_unknown_subcommand_argument_is_one_line(capsys):
    assert main_exit(["validate"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("warbench: ") and err.count("\n") == 1


def main_exit(argv: list[str]) -> int:
    """argparse exits through SystemExit; turn it into the code."""
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code)
