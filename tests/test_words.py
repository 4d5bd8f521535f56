"""Words a player reads outside the TUI: the version, default names, plurals, card order, the sheet legend."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from builder import VERSION
from builder.catalogues import load_catalogue
from builder.cli import main
from builder.game import GAMES
from builder.games.mcwarrior.roster import McWarriorRoster
from builder.games.warcaster.roster import WarcasterRoster
from builder.games.warsurge.roster import WarsurgeRoster
from exports.text import roster_text

REPO = Path(__file__).resolve().parent.parent


def test_version_prints_the_release(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == "warbench 0.1.0\n"


def test_the_version_constant_is_pyprojects():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == VERSION


@pytest.mark.parametrize(
    "game_id, values, expected",
    [
        ("mcwarrior", {"mode": "skirmish"}, "My mechs"),
        ("mcwarrior", {"mode": "warband"}, "My warband"),
        ("warsurge", {"point_limit": 500}, "My 500-point army"),
        ("warmachine", {}, "My Warmachine Mk IV roster"),
        ("warcaster", {"faction": "marcher-worlds"}, "My Marcher Worlds force"),
    ],
)
def test_default_names_never_show_a_catalogue_edition(game_id, values, expected):
    record = GAMES[game_id]
    catalogue = load_catalogue(
        next(
            c for c in ("mcwarrior", "warsurge-examples", "warmachine-example", "warcaster-nm") if c.startswith(game_id)
        )
    )
    name = record.edits.default_name(catalogue, values)
    assert name == expected.replace("Warmachine Mk IV", record.name)
    assert "(" not in name and "V." not in name


def test_a_warmachine_faction_names_the_army():
    catalogue = load_catalogue("warmachine-example")
    faction = catalogue.factions[0]
    assert GAMES["warmachine"].edits.default_name(catalogue, {"faction": faction.id}) == f"My {faction.name} army"


@pytest.fixture
def mini(isolated_home):
    target = isolated_home / "catalogues" / "share-mini.toml"
    target.parent.mkdir(parents=True)
    shutil.copy(REPO / "tests" / "fixtures" / "share" / "share-mini.toml", target)
    return load_catalogue("share-mini")


def test_text_lists_hardpoints_in_card_order_and_counts_one_card(mini):
    roster = WarcasterRoster.model_validate(
        {
            "catalogue": "share-mini",
            "faction": "red",
            "rack": ["burn"],
            "units": [{"id": "red-walker", "cortex": "wild-cortex", "hardpoints": {"back": "rocket", "arm": "hammer"}}],
        }
    )
    lines = roster_text(roster, mini).splitlines()
    assert "     Wild Cortex; Arm: Hammer (1 WP); Back: Rocket (2 WP)" in lines
    assert "Rack (1 card; fury 1, geometric 0, harmonic 0, overdrive 0):" in lines


def test_text_counts_one_mech_one_district_and_one_unit():
    mech = {
        "name": "Solo",
        "pilot": "Kai",
        "skill": "sniper",
        "parts": {"head": 1, "torso": 1, "left-arm": 1, "right-arm": 1, "left-leg": 1, "right-leg": 1},
    }
    band = McWarriorRoster.model_validate({"catalogue": "mcwarrior", "districts": 1, "mechs": [mech]})
    lines = roster_text(band, load_catalogue("mcwarrior")).splitlines()
    assert lines[2] == "Warband of 1 mech, 1 district: 6/160 bolts"
    army = WarsurgeRoster.model_validate(
        {"catalogue": "warsurge-examples", "point_limit": 500, "units": [{"id": "soldiers", "models": 10}]}
    )
    assert (
        roster_text(army, load_catalogue("warsurge-examples"))
        .splitlines()[2]
        .startswith("50/500 points, 1 unit (at most 10)")
    )


def test_choices_say_one_hero_and_one_bolt():
    warcaster = load_catalogue("warcaster-nm")
    fields = GAMES["warcaster"].edits.new_roster_fields(warcaster)
    formats = next(f for f in fields if f.key == "format")
    assert [c.detail for c in formats.choices] == ["15 units, 3 heroes", "8 units, 1 hero"]
    mcwarrior = load_catalogue("mcwarrior")
    adapter = GAMES["mcwarrior"].edits(mcwarrior)
    mech = {
        "name": "A",
        "pilot": "Kai",
        "skill": "sniper",
        "parts": {"head": 1, "torso": 1, "left-arm": 1, "right-arm": 1, "left-leg": 1, "right-leg": 1},
    }
    roster = McWarriorRoster.model_validate({"catalogue": "mcwarrior", "mechs": [mech]})
    head = adapter.choices(roster, "mechs[0]", "upgrades.head")
    assert head.choices[1].detail.startswith("1 bolt · ")
    parts = adapter.choices(roster, "mechs[0]", "parts.head")
    assert parts.choices[0].detail == "1 bolt (+0)"
