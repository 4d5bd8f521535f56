"""Catalogue warnings as every game has them: asked of its `Game` value, listed by `catalog check` after the problems
(exit 0 when there are only warnings, 2 when any file has a problem, `--json` the same), none in a bundled catalogue."""

from __future__ import annotations

import json

import pytest

from builder.catalogues import catalogue_warnings, load_catalogue
from builder.cli import main
from builder.game import GAMES, no_warnings
from catalog.paths import BUNDLED_DIR
from tests.sample_game.tinmen import Tinmen
from tests.test_warcaster_catalogue_problems import RIDER

HEALTH = "no damage boxes (health): its card and the battle give it 1 box"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([*map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_bundled_catalogue_has_anything_to_warn_of(game_id):
    assert catalogue_warnings(load_catalogue(GAMES[game_id].catalogue)) == []


def test_a_game_that_names_no_warnings_has_none():
    assert Tinmen().catalogue_warnings is no_warnings


@pytest.mark.parametrize("path", sorted(BUNDLED_DIR.glob("*.toml")))
def test_catalog_check_of_a_bundled_catalogue_is_its_ok_line_alone(path, capsys):
    status, out, err = run(capsys, "catalog", "check", path)
    assert (status, err, len(out.splitlines())) == (0, "", 1) and ": ok — " in out


@pytest.fixture
def files(tmp_path):
    warned = tmp_path / "warned.toml"
    warned.write_text(RIDER.replace('weight = "light"\n', 'weight = "light"\ndc = 2\n'), encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text(RIDER.replace('faction = "marcher-worlds"', 'faction = ""'), encoding="utf-8")
    return warned, broken


def test_warnings_alone_exit_0_and_a_problem_in_any_file_exits_2_its_warnings_still_listed(files, capsys):
    warned, broken = files
    assert run(capsys, "catalog", "check", warned)[0] == 0
    status, out, err = run(capsys, "catalog", "check", broken, warned)
    assert status == 2
    assert err == f"{broken}: 1 problem\n  units[0].faction (Wolf Rider): faction is required\n"  # its own entry
    assert out.splitlines()[1:] == [f"{warned}: 1 warning", f"  units[0].health (Wolf Rider): {HEALTH}"]


def test_check_json_is_one_object_with_each_files_problems_and_warnings_and_the_same_exit_code(files, capsys):
    warned, broken = files
    status, out, err = run(capsys, "catalog", "check", "--json", warned)
    assert (status, err) == (0, "")
    found = json.loads(out)
    assert found["valid"] is True
    [one] = found["catalogues"]
    assert {k: one[k] for k in ("path", "valid", "id", "game", "revision", "problems")} == {
        "path": str(warned),
        "valid": True,
        "id": "homebrew",
        "game": "warcaster",
        "revision": 1,
        "problems": [],
    }
    assert one["extends"].startswith("warcaster-nm@") and len(one["hash"]) == 8
    assert one["warnings"] == [
        {
            "code": "warcaster/unit-health",
            "severity": "warning",
            "path": "units[0].health",
            "message": HEALTH,
            "entry": "Wolf Rider",
        }
    ]
    status, out, err = run(capsys, "catalog", "check", "--json", broken, tmp := str(warned.parent / "gone.toml"))
    assert (status, err) == (2, "")
    assert json.loads(out) == {
        "valid": False,
        "catalogues": [
            {
                "path": str(broken),
                "valid": False,
                "problems": [{"path": "units[0].faction", "entry": "Wolf Rider", "message": "faction is required"}],
                "warnings": [],
            },
            {
                "path": tmp,
                "valid": False,
                "problems": [{"path": "", "message": "no such catalogue file"}],
                "warnings": [],
            },
        ],
    }
