"""Warsurge totals (game size, battlefield, max units, CP dice) and catalogue renames carried into rosters."""

from __future__ import annotations

import pytest

from builder.games.warsurge.points import battlefield, cp_dice, game_size, max_units, round_points
from builder.games.warsurge.roster import WarsurgeRoster, WarsurgeRosterUnit
from builder.points import show
from builder.roster.files import read_roster
from builder.rules import validate
from tests.conftest import EXAMPLES, FIXTURES


@pytest.mark.parametrize(
    "limit, size",
    [
        (100, "small"),
        (500, "small"),
        (624, "small"),
        (625, "medium"),
        (750, "medium"),
        (1500, "medium"),
        (1749, "medium"),
        (1750, "large"),
        (2000, "large"),
        (10_000, "large"),
        (0, "small"),
    ],
)
def test_game_size_bands(limit, size):
    assert game_size(limit) == size


@pytest.mark.parametrize(
    "limit, option, size",
    [
        (0, "A", "2′ × 2′"),
        (50, "A", "2′ × 2′"),
        (200, "A", "2′ × 2′"),
        (201, "B", "4′ × 4′"),
        (750, "B", "4′ × 4′"),
        (751, "C", "6′ × 4′"),
        (2500, "C", "6′ × 4′"),
        (2501, "D", "8′ × 4′ or larger"),
    ],
)
def test_battlefield_bands(limit, option, size):
    assert battlefield(limit) == (option, size)


@pytest.mark.parametrize("limit, units", [(1000, 20), (999, 19), (500, 10), (49, 0), (0, 0)])
def test_max_units_is_the_limit_over_50(limit, units):
    assert max_units(limit, 50) == units


@pytest.mark.parametrize(
    "limit, dice", [(0, 1), (300, 1), (500, 1), (501, 2), (800, 2), (1000, 2), (1001, 3), (1500, 3)]
)
def test_cp_dice_one_d6_per_500_points_started(limit, dice):
    assert cp_dice(limit, 500) == dice


def test_rounding_and_showing_points():
    assert [round_points(v) for v in (39.9, 163.08, 0.5, 1.5, 2.5, 299.9)] == [40, 163, 1, 2, 3, 300]
    assert [show(v) for v in (37.0, 49.99, 163.08, 100.01, 0.0, 24.3)] == [
        "37",
        "49.99",
        "163.08",
        "100.01",
        "0",
        "24.3",
    ]


def test_totals_of_the_499_example():
    loaded = read_roster(EXAMPLES / "warsurge-499.toml")
    totals = validate(loaded.roster, loaded.catalogue).totals.as_dict()
    assert {k: v for k, v in totals.items() if k != "unit_points"} == {
        "points": 499,
        "points_exact": 499.0,
        "point_limit": 500,
        "units": 3,
        "max_units": 10,
        "game_size": "small",
        "battlefield": "B",
        "battlefield_size": "4′ × 4′",
        "cp_dice": 1,
    }
    assert totals["unit_points"][2] == {
        "path": "units[2]",
        "id": "human-knights",
        "name": "Human Knights",
        "models": 2,
        "points": 50,
        "points_exact": 50.0,
    }


def test_totals_use_the_players_label():
    loaded = read_roster(EXAMPLES / "warsurge-apc.toml")
    loaded.roster.units[1].label = "Blue Squad"
    totals = validate(loaded.roster, loaded.catalogue).totals.as_dict()
    assert [u["name"] for u in totals["unit_points"]] == [
        "Ursus APC",
        "Blue Squad",
        "Sniper Troopers",
        "Revenge Wing Biker",
    ]


def test_rename_ids_for_units_and_weapons():
    roster = WarsurgeRoster(
        catalogue="x",
        units=[
            WarsurgeRosterUnit(id="grunts", models=5, weapons={"laser-gun": 3, "laser-rifle": 2, "knife": 1}),
            WarsurgeRosterUnit(id="troopers"),
        ],
    )
    assert roster.rename_ids("unit", {"grunts": "troopers"}) == ["units[0].id: 'grunts' is now 'troopers'"]
    assert roster.rename_ids("weapon", {"laser-gun": "laser-rifle"}) == [
        "units[0].weapons.laser-gun: 'laser-gun' is now 'laser-rifle'"
    ]
    assert [(u.id, u.weapons) for u in roster.units] == [("troopers", {"laser-rifle": 5, "knife": 1}), ("troopers", {})]
    assert roster.rename_ids("cortex", {"troopers": "other"}) == []


def test_a_roster_saved_against_an_older_revision_is_migrated_on_load(tmp_path):
    tiny = (FIXTURES / "catalogues" / "tiny-warsurge.toml").read_text(encoding="utf-8")
    (tmp_path / "tiny.toml").write_text(tiny, encoding="utf-8")
    roster = tmp_path / "old.toml"
    roster.write_text(
        'warbench = 1\ngame = "warsurge"\ncatalogue = "./tiny.toml"\ncatalogue_revision = 1\n'
        'point_limit = 500\n\n[[units]]\nid = "grunts"\nmodels = 10\nweapons = { laser-gun = 10 }\n',
        encoding="utf-8",
    )
    loaded = read_roster(roster)
    assert (loaded.roster.units[0].id, loaded.roster.units[0].weapons) == ("troopers", {"laser-rifle": 10})
    assert "revision 2: units[0].id: 'grunts' is now 'troopers'" in loaded.notes
    assert "revision 2: units[0].weapons.laser-gun: 'laser-gun' is now 'laser-rifle'" in loaded.notes
    assert validate(loaded.roster, loaded.catalogue).totals.as_dict()["points_exact"] == 65.0
