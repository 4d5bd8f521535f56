"""Warsurge rules: a legal and an illegal case per code with exact code, severity and path, and the boundaries."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from builder.cli import main
from builder.roster.errors import RosterFileError
from builder.roster.files import read_roster
from builder.roster.toml_output import dumps
from builder.rules import validate
from tests.conftest import EXAMPLES, FIXTURES

LARGEST = FIXTURES / "rosters" / "warsurge-largest.toml"

BOUNDARY_CATALOGUE = """\
id = "bounds"
game = "warsurge"
name = "Boundary cases"
revision = 1

[[units]]
id = "fifty"
name = "Fifty"
move = 6
dash = 6
defence = 3
hp = 1
points = 50.0
weapons = ["penny"]

[[units]]
id = "almost"
name = "Almost"
move = 6
dash = 6
defence = 3
hp = 1
points = 49.99
weapons = ["penny"]

[[units]]
id = "grunts"
name = "Grunts"
move = 6
dash = 6
defence = 3
hp = 1
points = 0.5
min_models = 2
max_models = 120
weapons = ["knife", "pebble"]

[[units]]
id = "hauler"
name = "Hauler"
move = 10
dash = 6
defence = 6
hp = 4
transport = 100
points = 60.0

[[units]]
id = "carrier"
name = "Carrier"
move = 10
dash = 6
defence = 6
hp = 4
transport = 200
points = 60.0

[[units]]
id = "barge"
name = "Barge"
move = 10
dash = 6
defence = 6
hp = 4
transport = 300
points = 60.0

[[weapons]]
id = "penny"
name = "Penny"
range = 0
attacks = 1
power = 1
type = "assault"
points = 0.01

[[weapons]]
id = "knife"
name = "Knife"
range = 0
attacks = 1
power = 2
type = "assault"
points = 0.5

[[weapons]]
id = "pebble"
name = "Pebble"
range = 6
attacks = 1
power = 1
type = "assault"
points = 0.25
"""
"""Units worth exactly 50 and 49.99, 0.5-point grunts (2–120 models), transports of 100, 200 and 300."""


def write_roster(path, units: list[dict], limit: int, catalogue: str):
    """A Warsurge roster file with these units (dicts as in the file), returned as its path."""
    data = {"warbench": 1, "game": "warsurge", "catalogue": catalogue, "point_limit": limit, "units": units}
    path.write_text(dumps(data), encoding="utf-8")
    return path


@pytest.fixture
def check(tmp_path):
    """Write a roster (against the boundary catalogue unless told otherwise), read it back, validate it."""
    (tmp_path / "bounds.toml").write_text(BOUNDARY_CATALOGUE, encoding="utf-8")

    def run(units: list[dict], limit: int = 1000, catalogue: str = "./bounds.toml", unarmed: bool = False):
        """`unarmed=True` keeps the no-weapons warnings the bare boundary units would all raise."""
        path = write_roster(tmp_path / "roster.toml", units, limit, catalogue)
        loaded = read_roster(path)
        report = validate(loaded.roster, loaded.catalogue)
        if unarmed:
            return report
        return replace(report, findings=tuple(f for f in report.findings if f.code != "warsurge/no-weapons"))

    return run


def found(report) -> list[tuple[str, str, str]]:
    return [(f.code, f.severity, f.path) for f in report.findings]


# ---- point-limit ----------------------------------------------------------------------------------


def test_point_limit_exactly_reached_is_legal(check):
    report = check([{"id": "fifty"}, {"id": "fifty"}], limit=100)
    assert report.findings == () and report.totals.as_dict()["points_exact"] == 100.0


def test_point_limit_one_hundredth_over_is_an_error(check):
    report = check([{"id": "fifty"}, {"id": "fifty", "weapons": {"penny": 1}}], limit=100)
    assert found(report) == [("warsurge/point-limit", "error", "point_limit")]
    assert report.findings[0].message == (
        "the roster totals 100.01 points (shown as 100), over its 100-point limit by 0.01"
    )
    assert (report.totals.as_dict()["points"], report.totals.as_dict()["points_exact"]) == (100, 100.01)


def test_point_limit_over_by_whole_points_says_shown_as_only_when_the_two_differ(check):
    report = check([{"id": "fifty"}, {"id": "fifty"}], limit=60)
    assert report.findings[0].message == "the roster totals 100 points, over its 60-point limit by 40"


# ---- unit-minimum ---------------------------------------------------------------------------------


def test_a_unit_of_exactly_50_is_legal(check):
    assert check([{"id": "fifty"}]).findings == ()


def test_a_unit_of_49_99_is_under_the_minimum(check):
    report = check([{"id": "fifty"}, {"id": "almost", "label": "Scouts"}])
    assert found(report) == [("warsurge/unit-minimum", "error", "units[1]")]
    assert report.findings[0].message == "Scouts is worth 49.99 points; every unit must be worth at least 50"


# ---- model-minimum --------------------------------------------------------------------------------


def test_models_worth_exactly_1_point_with_weapons_are_legal(check):
    assert check([{"id": "grunts", "models": 100, "weapons": {"knife": 100}}]).findings == ()


def test_models_worth_under_1_point_are_an_error(check):
    report = check([{"id": "grunts", "models": 100, "weapons": {"pebble": 100}}])
    assert found(report) == [("warsurge/model-minimum", "error", "units[0].models")]
    assert report.findings[0].message == (
        "Grunts: each of its 100 models is worth 0.75 points with its weapons; a model must be worth at least 1"
    )


# ---- weapon-available -----------------------------------------------------------------------------


def test_weapons_from_the_units_list_are_legal(check):
    assert check([{"id": "grunts", "models": 60, "weapons": {"knife": 60, "pebble": 0}}]).findings == ()


def test_a_weapon_from_another_units_list_is_an_error(check):
    report = check([{"id": "grunts", "models": 60, "weapons": {"knife": 60, "penny": 1}}])
    assert found(report) == [("warsurge/weapon-available", "error", "units[0].weapons.penny")]
    assert report.findings[0].message == "Grunts cannot carry Penny (its weapons: Knife, Pebble)"


def test_a_negative_weapon_quantity_is_refused_when_the_file_is_read(check):
    with pytest.raises(RosterFileError, match=r"units\[0\]\.weapons\.pebble: at least 0, not -1$"):
        check([{"id": "grunts", "models": 70, "weapons": {"knife": 80, "pebble": -1}}])


def test_the_example_catalogues_troopers_cannot_wield_the_energy_sword(check):
    report = check(
        [{"id": "troopers", "models": 9, "weapons": {"laser-rifle": 9, "energy-sword": 1}}],
        catalogue="warsurge-examples",
    )
    assert found(report) == [("warsurge/weapon-available", "error", "units[0].weapons.energy-sword")]
    assert report.findings[0].message == "Troopers cannot carry Energy Sword (its weapons: Laser Rifle)"


# ---- models ---------------------------------------------------------------------------------------


def test_model_counts_within_the_units_bounds_are_legal(check):
    report = check(
        [
            {"id": "grunts", "models": 2, "weapons": {"knife": 98}},
            {"id": "grunts", "models": 120, "weapons": {"knife": 120}},
        ],
        limit=5000,
    )
    assert report.findings == ()


def test_no_models_is_an_error(check):
    report = check([{"id": "fifty", "models": 0, "weapons": {"penny": 5000}}])
    assert found(report) == [("warsurge/models", "error", "units[0].models")]
    assert report.findings[0].message == "Fifty has 0 models; it needs at least 1"


def test_below_min_models_and_above_max_models_are_errors(check):
    report = check(
        [
            {"id": "grunts", "models": 1, "weapons": {"knife": 99}},
            {"id": "grunts", "models": 121, "weapons": {"knife": 121}},
        ],
        limit=5000,
    )
    assert found(report) == [
        ("warsurge/models", "error", "units[0].models"),
        ("warsurge/models", "error", "units[1].models"),
    ]
    assert [f.message for f in report.findings] == [
        "Grunts has 1 model; it needs at least 2",
        "Grunts has 121 models; it may have at most 120",
    ]


# ---- transport ------------------------------------------------------------------------------------


def test_a_transport_loaded_exactly_full_is_legal(check):
    report = check(
        [{"id": "hauler", "key": "h"}, {"id": "fifty", "embarked_in": "h"}, {"id": "fifty", "embarked_in": "h"}]
    )
    assert report.findings == ()


def test_a_transport_one_hundredth_over_is_an_error(check):
    report = check(
        [
            {"id": "hauler", "key": "h"},
            {"id": "fifty", "embarked_in": "h"},
            {"id": "fifty", "embarked_in": "h", "weapons": {"penny": 1}},
        ]
    )
    assert found(report) == [("warsurge/transport", "error", "units[0]")]
    assert report.findings[0].message == "Hauler carries 100.01 points of units; its Transport is 100 (0.01 over)"


def test_a_transport_inside_a_transport_is_legal_and_its_passengers_do_not_load_the_outer_one(check):
    # barge (300) carries carrier (60); carrier (200) carries 150 points; the barge's load is 60, not 210.
    report = check(
        [
            {"id": "barge", "key": "outer"},
            {"id": "carrier", "key": "inner", "embarked_in": "outer"},
            {"id": "fifty", "models": 3, "embarked_in": "inner"},
        ]
    )
    assert report.findings == ()


def test_transports_two_levels_deep_are_an_error(check):
    report = check(
        [
            {"id": "barge", "key": "outer"},
            {"id": "carrier", "key": "middle", "embarked_in": "outer"},
            {"id": "hauler", "key": "inner", "embarked_in": "middle"},
            {"id": "fifty", "embarked_in": "inner"},
        ]
    )
    assert found(report) == [("warsurge/transport", "error", "units[2].embarked_in")]
    assert report.findings[0].message == (
        "Hauler is a transport 2 levels inside other transports; transports nest only 1 level deep"
    )


@pytest.mark.parametrize(
    "units, path, message",
    [
        (
            [{"id": "hauler", "key": "h"}, {"id": "fifty", "embarked_in": "hx"}],
            "units[1].embarked_in",
            "Fifty is embarked in a transport that is not in the roster (key 'hx') — did you mean 'h'?",
        ),
        ([{"id": "hauler", "key": "h", "embarked_in": "h"}], "units[0].embarked_in", "Hauler cannot embark in itself"),
        (
            [{"id": "fifty", "key": "f"}, {"id": "fifty", "embarked_in": "f"}],
            "units[1].embarked_in",
            "Fifty is embarked in Fifty, which is not a transport",
        ),
        (
            [{"id": "hauler", "key": "h"}, {"id": "carrier", "key": "h"}],
            "units[1].key",
            "Carrier has the same transport key as Hauler; each transport needs its own",
        ),
        (
            [{"id": "hauler", "key": "a", "embarked_in": "b"}, {"id": "carrier", "key": "b", "embarked_in": "a"}],
            "units[0].embarked_in",
            "embarked in a loop: Hauler → Carrier → Hauler",
        ),
    ],
)
def test_transport_reference_mistakes(check, units, path, message):
    report = check(units)
    assert [f.as_dict() for f in report.findings] == [
        {"code": "warsurge/transport", "severity": "error", "path": path, "message": message}
    ]


def test_the_apc_example_carries_its_troopers_legally():
    loaded = read_roster(EXAMPLES / "warsurge-apc.toml")
    report = validate(loaded.roster, loaded.catalogue)
    assert report.findings == ()
    assert (report.totals.as_dict()["points"], report.totals.as_dict()["points_exact"]) == (434, 434.3)


def test_the_apc_over_its_300_points_is_an_error(tmp_path):
    text = (EXAMPLES / "warsurge-apc.toml").read_text(encoding="utf-8")
    over = tmp_path / "apc.toml"
    over.write_text(
        text.replace('id = "revenge-wing-biker"', 'id = "revenge-wing-biker"\nembarked_in = "ursus"'), encoding="utf-8"
    )
    loaded = read_roster(over)
    report = validate(loaded.roster, loaded.catalogue)
    assert [f.as_dict() for f in report.findings] == [
        {
            "code": "warsurge/transport",
            "severity": "error",
            "path": "units[0]",
            "message": "Ursus APC carries 324.3 points of units; its Transport is 300 (24.3 over)",
        }
    ]


# ---- no-weapons -----------------------------------------------------------------------------------


def test_a_unit_carrying_none_of_its_weapons_is_a_warning(check):
    report = check(
        [
            {"id": "fifty", "weapons": {"penny": 0}},
            {"id": "hauler"},
            {"id": "grunts", "models": 100, "weapons": {"knife": 100, "pebble": 0}},
        ],
        unarmed=True,
    )
    assert report.valid
    assert [f.as_dict() for f in report.findings] == [
        {
            "code": "warsurge/no-weapons",
            "severity": "warning",
            "path": "units[0].weapons",
            "message": "Fifty carries no weapons; its list offers 1 weapon",
        }
    ]


def test_grunts_without_weapons_are_warned_in_the_plural(check):
    report = check([{"id": "grunts", "models": 100}], unarmed=True)
    assert [(f.code, f.message) for f in report.findings if f.severity == "warning"] == [
        ("warsurge/no-weapons", "Grunts carries no weapons; its list offers 2 weapons")
    ]


# ---- stale-points ---------------------------------------------------------------------------------


def test_saved_points_that_match_the_catalogue_are_silent(check):
    assert check([{"id": "almost", "weapons": {"penny": 1}, "points": 50.0}]).findings == ()


def test_saved_points_that_differ_are_a_warning_and_the_roster_stays_legal(check):
    report = check([{"id": "fifty", "points": 48}])
    assert found(report) == [("warsurge/stale-points", "warning", "units[0].points")]
    assert report.findings[0].message == ("Fifty was saved at 48 points; catalogue 'bounds' (revision 1) now gives 50")
    assert report.valid


# ---- report order, unknown ids built in memory, the command line ----------------------------------


def test_errors_come_before_warnings(check):
    report = check([{"id": "fifty", "points": 1}, {"id": "almost"}])
    assert found(report) == [
        ("warsurge/unit-minimum", "error", "units[1]"),
        ("warsurge/stale-points", "warning", "units[0].points"),
    ]


def test_unknown_ids_in_a_roster_built_in_memory_are_findings_not_crashes(check):
    loaded = read_roster(EXAMPLES / "warsurge-499.toml")
    loaded.roster.units[0].id = "trebuchet"
    loaded.roster.units[1].weapons = {"dwarven-axe": 9, "war-hammer": 1}
    report = validate(loaded.roster, loaded.catalogue)
    assert found(report) == [
        ("warsurge/weapon-available", "error", "units[1].weapons.war-hammer"),
        ("warsurge/models", "error", "units[0].id"),
    ]
    assert report.findings[1].message == "unknown unit 'trebuchet' (not in catalogue 'warsurge-examples')"
    assert report.totals.as_dict()["unit_points"][0]["points_exact"] == 0.0


def test_validate_json_exit_0_for_a_legal_roster(capsys):
    assert main(["validate", str(EXAMPLES / "warsurge-apc.toml"), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] is True and report["game"] == "warsurge" and report["findings"] == []
    assert report["totals"]["points"] == 434 and report["totals"]["point_limit"] == 500
    assert [u["points"] for u in report["totals"]["unit_points"]] == [110, 51, 177, 96]


def test_validate_json_exit_1_with_the_finding(capsys):
    assert main(["validate", str(FIXTURES / "rosters" / "warsurge-book-499.toml"), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] is False
    assert report["findings"] == [
        {
            "code": "warsurge/unit-minimum",
            "severity": "error",
            "path": "units[2]",
            "message": "Human Knights is worth 37 points; every unit must be worth at least 50",
        }
    ]


def test_validate_exit_0_with_only_a_warning(tmp_path, capsys):
    path = write_roster(
        tmp_path / "stale.toml",
        [{"id": "catapult", "weapons": {"giant-rock": 1}, "points": 270}],
        500,
        "warsurge-examples",
    )
    assert main(["validate", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] is True
    assert [(f["code"], f["severity"], f["path"]) for f in report["findings"]] == [
        ("warsurge/stale-points", "warning", "units[0].points")
    ]


def test_every_code_is_registered_once():
    from builder.games.warsurge.rules import RULES

    assert list(RULES.rules) == [
        "warsurge/point-limit",
        "warsurge/unit-minimum",
        "warsurge/model-minimum",
        "warsurge/weapon-available",
        "warsurge/no-units",
        "warsurge/no-weapons",
        "warsurge/models",
        "warsurge/transport",
        "warsurge/stale-points",
    ]


def test_the_largest_roster_is_legal_on_every_boundary():
    loaded = read_roster(LARGEST)
    report = validate(loaded.roster, loaded.catalogue)
    assert report.valid
    assert [f.as_dict() for f in report.findings] == [
        {
            "code": "warsurge/no-weapons",
            "severity": "warning",
            "path": "units[11].weapons",
            "message": "Soldiers carries no weapons; its list offers 2 weapons",
        }
    ]
    assert (
        report.totals.as_dict()["units"],
        report.totals.as_dict()["max_units"],
        report.totals.as_dict()["points_exact"],
    ) == (20, 20, 1000.0)
    assert {u["points_exact"] for u in report.totals.as_dict()["unit_points"]} == {50.0}
