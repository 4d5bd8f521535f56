"""What `catalog check` and the catalogue editor warn of in a Warcaster catalogue, never stopping it loading: a
warjack (or any card but a squad's or an attachment's) without the DC or damage boxes its card gives, and a weapon no
unit can take."""

from __future__ import annotations

import json
import tomllib

import pytest

from builder.catalogues import catalogue_warnings, parse_catalogue
from builder.cli import main
from builder.editing.catalogue import CatalogueSession
from builder.editing.storage import Store
from builder.roster.files import read_roster
from builder.rules import validate
from tests.test_warcaster_catalogue_problems import RIDER

DC = "no deployment cost (dc): the force counts it as DC 0, and it deploys for no Arc"
HEALTH = "no damage boxes (health): its card and the battle give it 1 box"
UNUSED = "no unit carries it or offers it on a hardpoint, so no force can take it"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([*map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def warned(text: str) -> list[tuple[str, str, str]]:
    catalogue = parse_catalogue(tomllib.loads(text), "homebrew.toml")
    return [(w.code, w.path, w.message) for w in catalogue_warnings(catalogue)]


def test_a_warjack_without_dc_or_health_is_two_warnings_at_its_keys():
    assert warned(RIDER) == [
        ("warcaster/unit-dc", "units[58].dc", DC),  # the 58 base units come first, as problems count them
        ("warcaster/unit-health", "units[58].health", HEALTH),
    ]
    assert warned(RIDER.replace('weight = "light"\n', 'weight = "light"\ndc = 2\nhealth = 3\n')) == []


@pytest.mark.parametrize("kind, warned_of", [("solo", True), ("hero", True), ("squad", False), ("attachment", False)])
def test_every_card_but_a_squads_and_an_attachments_is_warned_of_a_missing_dc_or_health(kind, warned_of):
    """BattleScribe's data, which the bundled catalogue is made from, gives squads and attachments no health (and an
    attachment adds to its squad's DC): they are not warned of."""
    text = RIDER.replace('type = "warjack"', f'type = "{kind}"').replace('cortexes = ["jack-hunter"]\n', "")
    assert [code for code, _, _ in warned(text)] == (
        ["warcaster/unit-dc", "warcaster/unit-health"] if warned_of else []
    )


def test_a_weapon_no_unit_carries_or_offers_is_a_warning_and_a_mounts_parts_are_taken_with_it():
    text = RIDER.replace('weight = "light"\n', 'weight = "light"\ndc = 2\nhealth = 3\n') + (
        '\n[[weapons]]\nid = "spare-blade"\nname = "Spare Blade"\n'
        '\n[[weapons]]\nid = "blade-and-gun"\nname = "Blade and Gun"\nparts = ["spare-blade"]\n'
    )
    base = len(parse_catalogue(tomllib.loads(RIDER), "base").weapons)
    assert warned(text) == [
        ("warcaster/weapon-unused", f"weapons[{base}]", UNUSED),
        ("warcaster/weapon-unused", f"weapons[{base + 1}]", UNUSED),
    ]
    offered = text.replace("cortexes = [", 'weapons = ["blade-and-gun"]\ncortexes = [')
    assert warned(offered) == []  # the mount is carried, and the blade with it


def test_catalog_check_lists_the_warnings_after_the_ok_line_and_exits_0(tmp_path, capsys):
    path = tmp_path / "homebrew.toml"
    path.write_text(RIDER, encoding="utf-8")
    status, out, err = run(capsys, "catalog", "check", path)
    assert (status, err) == (0, "")
    head, *rest = out.splitlines()
    assert head.startswith(f"{path}: ok — homebrew (warcaster) rev 1, building on warcaster-nm@")
    assert rest == [
        f"{path}: 2 warnings",
        f"  units[0].dc (Wolf Rider): {DC}",
        f"  units[0].health (Wolf Rider): {HEALTH}",
    ]

    status, out, err = run(capsys, "catalog", "check", "--json", path)
    assert (status, err) == (0, "")
    [checked] = json.loads(out)["catalogues"]
    assert checked["warnings"] == [
        {
            "code": "warcaster/unit-dc",
            "severity": "warning",
            "path": "units[0].dc",
            "message": DC,
            "entry": "Wolf Rider",
        },
        {
            "code": "warcaster/unit-health",
            "severity": "warning",
            "path": "units[0].health",
            "message": HEALTH,
            "entry": "Wolf Rider",
        },
    ]


def test_a_roster_on_a_warned_catalogue_reads_and_checks_as_it_did(tmp_path):
    """Warnings are said by check and the editor only: the catalogue loads, and a roster on it is what it was."""
    (tmp_path / "homebrew.toml").write_text(RIDER, encoding="utf-8")
    roster = tmp_path / "force.toml"
    roster.write_text(
        'warbench = 1\ngame = "warcaster"\ncatalogue = "./homebrew.toml"\nname = "Riders"\n'
        'faction = "marcher-worlds"\nformat = "standard"\nrack = []\n\n'
        '[[units]]\nid = "wolf-rider"\ncortex = "jack-hunter"\n',
        encoding="utf-8",
    )
    loaded = read_roster(roster)
    report = validate(loaded.roster, loaded.catalogue)
    assert loaded.catalogue.unit("wolf-rider").health is None
    assert report.totals.dc == 0 and not any("wolf" in f.message.lower() for f in report.findings)


@pytest.fixture
def session(tmp_path) -> CatalogueSession:
    made = CatalogueSession.new(
        "warcaster", "Homebrew", tmp_path / "homebrew.toml", Store(tmp_path / "store"), extends="warcaster-nm"
    )
    made.add("units", "Wolf Rider")
    made.set_value("units", 0, "type", "warjack")
    made.set_value("units", 0, "faction", "marcher-worlds")
    made.set_value("units", 0, "cortexes", ["jack-hunter"])
    return made


def test_the_editor_lists_the_warnings_apart_from_the_problems_each_leading_to_its_field(session):
    assert session.problems == []
    assert [(w.where, w.shown_where, w.message, w.kind, w.index, w.field) for w in session.warnings] == [
        ("units[58].dc", "Wolf Rider · dc", DC, "units", 0, "dc"),
        ("units[58].health", "Wolf Rider · health", HEALTH, "units", 0, "health"),
    ]
    session.set_value("units", 0, "dc", 2)
    assert [w.field for w in session.warnings] == ["health"]
    session.set_value("units", 0, "health", 3)
    assert session.warnings == []
    session.set_value("units", 0, "health", None)
    session.set_value("units", 0, "faction", "")  # a problem: warnings wait until the catalogue loads again
    assert [p.message for p in session.problems] == ["faction is required"] and session.warnings == []
    session.undo()
    assert session.problems == [] and [w.field for w in session.warnings] == ["health"]
    path = session.save("a rider without boxes yet")  # warnings do not stand in the way of a save
    assert tomllib.loads(path.read_text(encoding="utf-8"))["units"][0]["dc"] == 2
    assert [w.field for w in session.warnings] == ["health"]
