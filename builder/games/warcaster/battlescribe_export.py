"""A Warbench Warcaster force as a BattleScribe roster (.ros): entry ids from the catalogue's `bs_id`s.

The layout follows BattleScribe's roster schema (roster > forces > force > selections > selection). Ids of the
game system's own entries (force entries, the Cypher container and groups, the weapon-point cost type) and of
the four faction catalogues are constants of the BSData Warcaster files the bundled catalogue was made from.
"""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
from typing import TypeVar

from builder.game import GAMES
from builder.games.warcaster.battlescribe import WEAPON_POINTS
from builder.games.warcaster.bsdata_catalogue import GAME_SYSTEM_ID
from builder.games.warcaster.catalogue import WarcasterCatalogue
from builder.games.warcaster.roster import WarcasterRoster
from catalog.models.common import CatalogueHeader
from exports.errors import ExportError

_Found = TypeVar("_Found")

NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"
BATTLESCRIBE_VERSION = "2.03"
GAME_SYSTEM_REVISION = "3"
WEAPON_POINTS_TYPE = "ecbb-d452-36d4-0214"
FORCE_ENTRY_IDS = {"standard": "5e10-96ff-285b-2422", "skirmish": "9d06-65d5-e823-50f0"}
FORCE_NAMES = {"standard": "Full Battleforce", "skirmish": "Skirmish"}
"""Format id -> the force entry's name in the data (the importer reads them back through FORMAT_BY_FORCE)."""
CYPHERS_ENTRY = "3961-255e-7446-6cc4"
CYPHER_GROUPS = {
    "fury": "fc89-39b6-2439-428a::1a3f-b312-efad-a610",
    "geometric": "8c8c-cb6f-9fe2-55b5::0848-e599-6e97-cd8b",
    "harmonic": "c916-478d-b530-9d7d::e161-0ccc-f461-ea65",
    "overdrive": "85b7-76df-10d6-764c::9376-4c41-6e34-a678",
}
"""Cypher type -> entryGroupId: the Cypher container's link to that group, and the group."""
FACTION_CATALOGUES = {  # faction id -> (catalogue id, revision, the catalogue's link to the Cypher container)
    "iron-star-alliance": ("ac83-1714-49af-721e", "4", "7416-4cde-e073-481e"),
    "marcher-worlds": ("154e-fbe3-f081-b409", "3", "9584-9d8c-4fe1-fded"),
    "aeternus-continuum": ("b8c1-c778-0dfe-7f91", "3", "e870-f9ca-2da3-da4d"),
    "empyreans": ("0bdd-ac10-4d4d-42c3", "1", "6106-46a1-8296-7730"),
}


def roster_id(catalogue_id: str, name: str, faction: str) -> str:
    """The <roster> element's id: seeded with the Warbench catalogue's id, so an import finds the catalogue again."""
    return _Ids(f"{catalogue_id}/{name}/{faction}").next()


class _Ids:
    """Selection ids in BattleScribe's 4×4 hex form, the same for the same roster every time."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.count = 0

    def next(self) -> str:
        self.count += 1
        digest = hashlib.blake2b(f"{self.seed}/{self.count}".encode(), digest_size=8).hexdigest()
        return "-".join(digest[i : i + 4] for i in range(0, 16, 4))


def _cost(parent: ET.Element, value: float) -> None:
    costs = ET.SubElement(parent, "costs")
    ET.SubElement(costs, "cost", name=WEAPON_POINTS, typeId=WEAPON_POINTS_TYPE, value=f"{float(value):.1f}")


def _selection(parent: ET.Element, ids: _Ids, name: str, entry_id: str, kind: str, **extra: str) -> ET.Element:
    holder = parent.find("selections")
    if holder is None:
        holder = ET.SubElement(parent, "selections")
    return ET.SubElement(
        holder, "selection", {"id": ids.next(), "name": name, "entryId": entry_id, **extra, "number": "1", "type": kind}
    )


def _needed(bs_id: str | None, name: str, what: str) -> str:
    if not bs_id:
        raise ExportError(f"{what} '{name}' has no BattleScribe id (bs_id) in its catalogue")
    return bs_id


def _in_catalogue(found: _Found | None, what: str, item_id: str, catalogue: WarcasterCatalogue) -> _Found:
    if found is None:
        raise ExportError(f"{what} '{item_id}' is not in catalogue '{catalogue.id}'")
    return found


def roster_xml(roster: WarcasterRoster, catalogue: CatalogueHeader) -> bytes:
    """The .ros file's bytes: each unit with its cortex and hardpoint weapons (costed), each attachment right after
    the squad it joins, then the rack in BattleScribe's Cypher container."""
    assert isinstance(catalogue, WarcasterCatalogue), "a Warcaster roster loads with a Warcaster catalogue"
    ids = _Ids(f"{catalogue.id}/{roster.name}/{roster.faction}")
    faction = next((f.name for f in catalogue.factions if f.id == roster.faction), roster.faction)
    fmt = next((f.name for f in catalogue.formats if f.id == roster.format), roster.format)
    force_name = FORCE_NAMES.get(roster.format, fmt)
    root = ET.Element(
        "roster",
        id=ids.next(),
        name=roster.name,
        battleScribeVersion=BATTLESCRIBE_VERSION,
        gameSystemId=GAME_SYSTEM_ID,
        gameSystemName=GAMES["warcaster"].name,
        gameSystemRevision=GAME_SYSTEM_REVISION,
        xmlns=NAMESPACE,
    )
    total = 0.0
    forces = ET.SubElement(root, "forces")
    cat_id, cat_revision, cyphers_link = FACTION_CATALOGUES.get(roster.faction, ("", "", ""))
    force = ET.SubElement(
        forces,
        "force",
        id=ids.next(),
        name=force_name,
        entryId=FORCE_ENTRY_IDS.get(roster.format, ""),
        catalogueId=cat_id,
        catalogueRevision=cat_revision,
        catalogueName=faction,
    )
    for chosen in roster.units:
        entry = _in_catalogue(catalogue.unit(chosen.id), "unit", chosen.id, catalogue)
        unit = _selection(force, ids, entry.name, _needed(entry.bs_id, entry.name, "unit"), "model")
        if chosen.cortex and (cortex := catalogue.cortex(chosen.cortex)) is not None:
            if not cortex.bs_ids:
                raise ExportError(f"cortex '{cortex.name}' has no BattleScribe id (bs_ids) in its catalogue")
            _selection(unit, ids, cortex.name, cortex.bs_ids[0], "upgrade")
        for slot in entry.hardpoints:
            weapon_id = chosen.hardpoints.get(slot.id)
            option = next((o for o in slot.options if o.weapon == weapon_id), None)
            if option is None:
                continue
            weapon = catalogue.weapon(option.weapon)
            name = weapon.name if weapon else option.weapon
            picked = _selection(unit, ids, name, _needed(option.bs_id, name, "hardpoint option"), "upgrade")
            _cost(picked, option.cost or 0)
            total += option.cost or 0
        for attachment_id in chosen.attachments:
            attachment = _in_catalogue(catalogue.unit(attachment_id), "unit", attachment_id, catalogue)
            _selection(force, ids, attachment.name, _needed(attachment.bs_id, attachment.name, "attachment"), "model")
    if roster.rack:
        container = _selection(
            force, ids, "Cyphers", f"{cyphers_link}::{CYPHERS_ENTRY}" if cyphers_link else CYPHERS_ENTRY, "upgrade"
        )
        for cypher_id in roster.rack:
            cypher = _in_catalogue(catalogue.cypher(cypher_id), "Cypher", cypher_id, catalogue)
            _selection(
                container,
                ids,
                cypher.name,
                _needed(cypher.bs_id, cypher.name, "Cypher"),
                "upgrade",
                entryGroupId=CYPHER_GROUPS[cypher.type],
            )
    costs = ET.Element("costs")
    ET.SubElement(costs, "cost", name=WEAPON_POINTS, typeId=WEAPON_POINTS_TYPE, value=f"{total:.1f}")
    root.insert(0, costs)
    ET.indent(root, space="  ")
    body: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=False)  # a byte encoding gives bytes
    return b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + body + b"\n"
