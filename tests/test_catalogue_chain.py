"""Names stay on one line, references hold no NUL, and a builder that runs for hours sees a changed base catalogue."""

from __future__ import annotations

import os
import shutil

from builder.catalogues import load_catalogue
from builder.cli import main
from exports.share.catalogue_code import encode_catalogue
from tests.conftest import FIXTURES
from tests.test_number_bounds import raw

OWN = FIXTURES / "warsurge-own-catalogue.toml"


def run(capsys, *argv) -> tuple[int, str]:
    code = main([*map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_a_nul_in_extends_is_a_located_line_not_an_unexpected_error(tmp_path, capsys):
    path = tmp_path / "mine.toml"
    text = OWN.read_text(encoding="utf-8")
    path.write_text(text.replace("revision = 1 ", 'extends = "a\\u0000b.toml"\nrevision = 1 ', 1), encoding="utf-8")
    code, said = run(capsys, "catalog", "check", path)
    assert code == 2 and "extends: holds the control character \\x00" in said and "unexpected" not in said


def test_a_line_break_in_a_name_from_a_code_is_refused_like_a_control_character(capsys):
    data = raw()
    data["units"][0]["name"] = "Marsh Rangers\nwarbench: all legal"
    code, said = run(capsys, "catalog", "import", encode_catalogue(data))
    assert code == 2 and "units[0].name: holds the control character \\x0a" in said and said.count("\n") == 1


def test_a_line_break_stays_welcome_in_a_summary(tmp_path, capsys):
    path = tmp_path / "mine.toml"
    path.write_text(OWN.read_text(encoding="utf-8") + '\n[[perks]]\nname = "Two"\nsummary = "a\\nb"\n', "utf-8")
    _code, said = run(capsys, "catalog", "check", path)
    assert "control character" not in said, said


def test_a_base_catalogue_changed_under_a_running_builder_is_read_again(tmp_path):
    base = tmp_path / "base.toml"
    shutil.copy(OWN, base)
    top = tmp_path / "top.toml"
    top.write_text('id = "top"\ngame = "warsurge"\nname = "Top"\nrevision = 1\nextends = "base.toml"\n', "utf-8")
    assert load_catalogue(str(top)).unit("marsh-rangers").move == 6
    text = base.read_text(encoding="utf-8").replace("move = 6 ", "move = 7 ", 1)
    base.write_text(text, encoding="utf-8")
    later = os.stat(top).st_mtime_ns + 5_000_000_000
    os.utime(base, ns=(later, later))
    assert load_catalogue(str(top)).unit("marsh-rangers").move == 7


def test_a_unicode_line_separator_in_a_name_is_refused_too(capsys):
    data = raw()
    data["units"][0]["name"] = "Marsh Rangers\u2028warbench: all legal"
    code, said = run(capsys, "catalog", "import", encode_catalogue(data))
    assert code == 2 and "units[0].name: holds the control character \\u2028" in said
