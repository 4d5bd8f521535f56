"""What `catalog check` and the catalogue editor say of a Warcaster entry made wrong: a missing or mistyped faction,
named by the entry's name; a warjack without its DC or damage boxes still loads, as catalogues written before did."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.cli import main
from builder.editing.catalogue import CatalogueSession
from builder.editing.storage import Store
from catalog.paths import BUNDLED_DIR
from tests.conftest import FIXTURES

RIDER = """id = "homebrew"
game = "warcaster"
name = "Homebrew"
revision = 1
extends = "warcaster-nm"

[[units]]
id = "wolf-rider"
name = "Wolf Rider"
type = "warjack"
faction = "marcher-worlds"
weight = "light"
weapon_points = 0
cortexes = ["jack-hunter"]
"""


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([*map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def session(tmp_path) -> CatalogueSession:
    """A new catalogue on the bundled one, as the start screen makes it, with one fresh unit ("Wolf Rider")."""
    made = CatalogueSession.new(
        "warcaster", "Homebrew", tmp_path / "homebrew.toml", Store(tmp_path / "store"), extends="warcaster-nm"
    )
    made.add("units", "Wolf Rider")
    return made


def test_a_warjack_without_dc_or_health_still_loads_as_it_did(tmp_path, capsys):
    """Not a problem that stops the catalogue loading: a player's own catalogue (and the rosters, battles and codes
    made on it) written before read as they did; the runtime takes a missing health as 1 box."""
    path = tmp_path / "homebrew.toml"
    path.write_text(RIDER, encoding="utf-8")
    status, out, err = run(capsys, "catalog", "check", path)
    assert (status, err) == (0, "") and out.startswith(f"{path}: ok — homebrew (warcaster) rev 1, building on warcas")


@pytest.mark.parametrize("path", sorted(BUNDLED_DIR.glob("*.toml")) + [FIXTURES / "warcaster-mini.toml"])
def test_the_bundled_catalogues_and_the_fixture_still_pass(path, capsys):
    assert run(capsys, "catalog", "check", path)[0] == 0


def test_a_missing_faction_is_required_of_the_named_entry_not_a_pattern(session):
    assert [(p.where, p.shown_where, p.message, p.index) for p in session.problems] == [
        ("units[58].faction", "Wolf Rider", "faction is required", 0)  # the 58 base units come first
    ]
    session.set_value("units", 0, "faction", "Marcher Worlds")
    assert [(p.shown_where, p.message) for p in session.problems] == [
        (
            "Wolf Rider",
            "faction must be an id like 'marcher-worlds' (lowercase letters, digits and dashes), got 'Marcher Worlds'",
        )
    ]


def test_catalog_check_says_the_same_of_a_faction_left_empty(tmp_path: Path, capsys):
    path = tmp_path / "homebrew.toml"
    path.write_text(RIDER.replace('faction = "marcher-worlds"', 'faction = ""'), encoding="utf-8")
    status, _, err = run(capsys, "catalog", "check", path)
    assert status == 2 and err == f"{path}: 1 problem\n  units[0].faction (Wolf Rider): faction is required\n"
