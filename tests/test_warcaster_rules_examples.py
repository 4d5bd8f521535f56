"""The Warcaster example rosters on the bundled catalogue: the book's worked forces and the largest legal force."""

from __future__ import annotations

import json

import pytest

from builder.cli import main
from builder.roster.files import dump_roster, parse_roster, read_roster
from builder.rules import validate
from tests.conftest import EXAMPLES, FIXTURES

MARCHER = EXAMPLES / "warcaster-marcher-worlds.toml"
FIREBRAND = EXAMPLES / "warcaster-firebrand.toml"
LARGEST = FIXTURES / "rosters" / "warcaster-largest.toml"


def run_json(capsys, path) -> tuple[int, dict]:
    code = main(["validate", str(path), "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_marcher_worlds_worked_force_validates_clean_with_exact_totals():
    loaded = read_roster(MARCHER)
    report = validate(loaded.roster, loaded.catalogue)
    assert report.findings == ()
    assert [u.id for u in loaded.roster.units] == (
        ["dusk-wolf"] * 2
        + ["strike-raptor"] * 2
        + ["ranger-fire-team"] * 3
        + ["ranger-heavy-support", "ranger-infiltrators"]
        + ["coalition-weaver"] * 3
        + ["combat-engineer", "hunter"]
    )
    assert report.totals.as_dict() == {
        "format": "standard",
        "units": 14,
        "max_units": 15,
        "heroes": 0,
        "max_heroes": 3,
        "mantlets": 0,
        "max_mantlets": 4,
        "rack": 12,
        "rack_min": 12,
        "rack_max": 15,
        "rack_types": {"fury": 3, "geometric": 3, "harmonic": 3, "overdrive": 3},
        "rack_min_per_type": 3,
        "dc": 27,
        "unit_dc": [2, 2, 4, 4, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1],
        "weapon_points": [
            {"unit": 0, "used": 5, "total": 5},
            {"unit": 1, "used": 5, "total": 5},
            {"unit": 2, "used": 8, "total": 8},
            {"unit": 3, "used": 8, "total": 8},
        ],
    }


def test_marcher_worlds_through_the_cli(capsys):
    code, data = run_json(capsys, MARCHER)
    assert code == 0
    assert list(data) == ["valid", "game", "totals", "findings"]
    assert data["valid"] is True and data["game"] == "warcaster" and data["findings"] == []
    assert (data["totals"]["units"], data["totals"]["dc"]) == (14, 27)


def test_firebrand_uses_exactly_five_of_five_weapon_points():
    loaded = read_roster(FIREBRAND)
    report = validate(loaded.roster, loaded.catalogue)
    assert report.findings == ()
    firebrand = loaded.roster.units[0]
    assert (firebrand.id, firebrand.cortex) == ("firebrand", "reflex-cortex")
    assert firebrand.hardpoints == {
        "left-arm": "fusion-glaive",
        "right-arm": "repulsor-shield",
        "shoulder": "harbinger-cannon",
    }
    totals = report.totals.as_dict()
    assert totals["weapon_points"] == [{"unit": 0, "used": 5, "total": 5}]
    assert (totals["format"], totals["units"], totals["max_units"], totals["heroes"], totals["max_heroes"]) == (
        "skirmish",
        4,
        8,
        1,
        1,
    )
    assert totals["unit_dc"] == [2, 3, 2, 1, 1]  # Annihilators 2 + Paladin Aegis 1, as in the book
    assert totals["dc"] == 9


def test_firebrand_through_the_cli(capsys):
    code, data = run_json(capsys, FIREBRAND)
    assert code == 0
    assert data == {
        "valid": True,
        "game": "warcaster",
        "findings": [],
        "totals": {
            "format": "skirmish",
            "units": 4,
            "max_units": 8,
            "heroes": 1,
            "max_heroes": 1,
            "mantlets": 0,
            "max_mantlets": 4,
            "rack": 12,
            "rack_min": 12,
            "rack_max": 15,
            "rack_types": {"fury": 3, "geometric": 3, "harmonic": 3, "overdrive": 3},
            "rack_min_per_type": 3,
            "dc": 9,
            "unit_dc": [2, 3, 2, 1, 1],
            "weapon_points": [{"unit": 0, "used": 5, "total": 5}],
        },
    }


def test_firebrand_one_more_point_is_illegal_through_the_cli(tmp_path, capsys):
    text = FIREBRAND.read_text(encoding="utf-8").replace('shoulder = "harbinger-cannon"', 'shoulder = "null-cannon"')
    path = tmp_path / "over.toml"
    path.write_text(text, encoding="utf-8")
    code, data = run_json(capsys, path)
    assert code == 1
    assert data["valid"] is False
    assert data["findings"] == [
        {
            "code": "warcaster/weapon-points",
            "severity": "error",
            "path": "units[0].hardpoints",
            "message": "Firebrand uses 6 of 5 weapon points (1 over)",
        }
    ]
    assert data["totals"]["weapon_points"] == [{"unit": 0, "used": 6, "total": 5}]


def test_a_second_hero_breaks_the_skirmish_limit_through_the_cli(tmp_path, capsys):
    path = tmp_path / "two-heroes.toml"
    path.write_text(FIREBRAND.read_text(encoding="utf-8") + '\n[[units]]\nid = "doctor-mira-hurst"\n', encoding="utf-8")
    code, data = run_json(capsys, path)
    assert code == 1
    assert [(f["code"], f["severity"], f["path"]) for f in data["findings"]] == [
        ("warcaster/hero-limit", "error", "units[5]")
    ]
    assert data["findings"][0]["message"] == "2 heroes — a Skirmish force takes at most 1"


def test_largest_legal_force_is_legal_and_full():
    loaded = read_roster(LARGEST)
    roster, catalogue = loaded.roster, loaded.catalogue
    report = validate(roster, catalogue)
    assert report.findings == ()
    assert len(roster.name) == 20 and len(roster.rack) == 15
    totals = report.totals.as_dict()
    assert (totals["units"], totals["heroes"], totals["mantlets"], totals["rack"]) == (15, 3, 4, 15)
    assert totals["dc"] == 54
    assert all(wp["used"] == wp["total"] for wp in totals["weapon_points"]) and len(totals["weapon_points"]) == 9
    for unit in roster.units:
        entry = catalogue.unit(unit.id)
        assert set(unit.hardpoints) == {h.id for h in entry.hardpoints}  # every hardpoint filled
        if entry.type == "squad":
            assert unit.attachments == ["warder"]


def test_largest_force_round_trips_through_the_roster_file():
    loaded = read_roster(LARGEST)
    again = parse_roster(dump_roster(loaded.roster))
    assert again.roster == loaded.roster
    assert validate(again.roster, again.catalogue).as_dict() == validate(loaded.roster, loaded.catalogue).as_dict()


@pytest.mark.parametrize(
    "extra, codes",
    [
        ('[[units]]\nid = "razorbat"\nhardpoints = { hardpoint = "blazer" }\n', ["warcaster/force-size"]),
        ('[[units]]\nid = "corebus"\n', ["warcaster/hero-limit"]),
        # the only Marcher mantlet: a fifth one is both one mantlet too many and a fifth of one unit
        ('[[units]]\nid = "blast-shield"\n', ["warcaster/mantlet-limit", "warcaster/unit-limit"]),
    ],
)
def test_largest_force_has_no_room_for_one_more(tmp_path, capsys, extra, codes):
    grown = tmp_path / "grown.toml"
    grown.write_text(LARGEST.read_text(encoding="utf-8") + "\n" + extra, encoding="utf-8")
    exit_code, data = run_json(capsys, grown)
    assert exit_code == 1
    assert [(f["code"], f["severity"], f["path"]) for f in data["findings"]] == [
        (code, "error", "units[22]") for code in codes
    ]
