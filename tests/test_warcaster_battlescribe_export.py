"""`warbench export battlescribe`: a Warcaster force as a BattleScribe .ros that imports back to the same roster."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from builder.battlescribe.reading import read_roster_xml
from builder.catalogues import load_catalogue
from builder.cli import main
from builder.roster.files import read_roster
from builder.rules import validate
from exports.share import encode_roster
from tests.conftest import EXAMPLES

WARCASTER_EXAMPLES = sorted(p for p in EXAMPLES.glob("*.toml") if 'game = "warcaster"' in p.read_text("utf-8"))
TWO_SQUADS = """\
warbench = 1
game = "warcaster"
catalogue = "warcaster-nm"
name = "Two fire teams & <friends>"
faction = "marcher-worlds"
format = "skirmish"
rack = ["cryo-lock", "force-barrier", "divination-algorithm", "impulse-inducer"]

[[units]]
id = "ranger-fire-team"

[[units]]
id = "ranger-fire-team"
attachments = ["warder"]

[[units]]
id = "dusk-wolf"
cortex = "neural-net-cortex"
hardpoints = { left-arm = "slug-gun", shoulder = "talon-rocket-pod" }
"""


def round_trip(tmp_path, capsys, roster_path) -> tuple[str, str, str]:
    """(share code before, share code after, what the import said) for roster -> .ros -> roster."""
    ros, back = tmp_path / "force.ros", tmp_path / "back.toml"
    assert main(["export", "battlescribe", str(roster_path), "-o", str(ros)]) == 0
    assert main(["import", str(ros), "-o", str(back)]) == 0
    said = capsys.readouterr().err
    before, after = read_roster(roster_path), read_roster(back)
    assert validate(after.roster, after.catalogue).totals == validate(before.roster, before.catalogue).totals
    return encode_roster(before.roster, before.catalogue), encode_roster(after.roster, after.catalogue), said


@pytest.mark.parametrize("example", WARCASTER_EXAMPLES, ids=lambda p: p.stem)
def test_every_bundled_warcaster_example_comes_back_with_the_same_share_code(tmp_path, capsys, example):
    before, after, said = round_trip(tmp_path, capsys, example)
    assert before == after
    assert "not imported" not in said and "warning" not in said


def test_an_attachment_on_the_second_of_two_squads_and_a_draft_loadout_come_back(tmp_path, capsys):
    path = tmp_path / "two.toml"
    path.write_text(TWO_SQUADS, encoding="utf-8")
    before, after, said = round_trip(tmp_path, capsys, path)
    assert before == after
    assert said == (
        "note: Warder joined Ranger Fire Team (unit 2), the nearest squad before it that it may join; "
        "it may also join: Ranger Infiltrators, Ranger Heavy Support\n"
    )


def test_the_file_names_battlescribe_ids_and_costs(tmp_path, capsys):
    ros = tmp_path / "firebrand.ros"
    assert main(["export", "battlescribe", str(EXAMPLES / "warcaster-firebrand.toml"), "-o", str(ros)]) == 0
    assert capsys.readouterr().out == (
        f"wrote {ros}: Matt's Alliance skirmish — 5 units, 12 Cyphers (BattleScribe roster)\n"
    )
    root = read_roster_xml(ros)
    assert (root.get("gameSystemId"), root.get("gameSystemName")) == ("6e64-0ab9-a430-a976", "Warcaster: Neo-Mechanika")
    force = root.find("forces/force")
    assert (force.get("name"), force.get("entryId"), force.get("catalogueId"), force.get("catalogueName")) == (
        "Skirmish",
        "9d06-65d5-e823-50f0",
        "ac83-1714-49af-721e",
        "Iron Star Alliance",
    )
    firebrand = force.find("selections/selection")
    catalogue = load_catalogue("warcaster-nm")
    chassis = catalogue.unit("firebrand")
    option_ids = {catalogue.weapon(o.weapon).name: o.bs_id for slot in chassis.hardpoints for o in slot.options}
    kit = {
        s.get("name"): (s.get("entryId"), [c.get("value") for c in s.iter("cost")])
        for s in firebrand.findall("selections/selection")
    }
    assert kit == {
        "Reflex Cortex": (catalogue.cortex("reflex-cortex").bs_ids[0], []),
        "Fusion Glaive": (option_ids["Fusion Glaive"], ["2.0"]),
        "Repulsor Shield": (option_ids["Repulsor Shield"], ["1.0"]),
        "Harbinger Cannon": (option_ids["Harbinger Cannon"], ["2.0"]),
    }
    assert firebrand.get("entryId") == chassis.bs_id
    assert root.find("costs/cost").get("value") == "5.0"
    assert ET.tostring(root).count(b'type="model"') == 6  # five units and the attachment beside its squad


def test_other_games_and_existing_files_are_refused(tmp_path, capsys):
    target = tmp_path / "x.ros"
    assert main(["export", "battlescribe", str(EXAMPLES / "warsurge-499.toml"), "-o", str(target)]) == 2
    assert capsys.readouterr().err.endswith("BattleScribe export is for Warcaster rosters; this one is warsurge\n")
    target.write_text("keep", encoding="utf-8")
    assert main(["export", "battlescribe", str(EXAMPLES / "warcaster-firebrand.toml"), "-o", str(target)]) == 2
    assert capsys.readouterr().err == f"warbench: {target}: already exists (use --overwrite to replace it)\n"
    assert target.read_text(encoding="utf-8") == "keep"
