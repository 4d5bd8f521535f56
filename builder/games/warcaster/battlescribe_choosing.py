"""A BattleScribe roster read into Warbench, and which Warcaster catalogue it is read on: the one named, the one Warbench wrote it from, or the
installed one that has the most of what it names."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from builder.battlescribe.imported import BattlescribeImport, noted_left_out
from builder.catalogues import load_catalogue
from builder.findings import Report
from builder.game import game
from builder.games.warcaster.battlescribe import Imported, fold, import_warcaster
from builder.games.warcaster.battlescribe_export import roster_id
from builder.games.warcaster.catalogue import WarcasterCatalogue
from builder.games.warcaster.totals import WarcasterTotals
from builder.roster.errors import RosterFileError
from builder.roster.files import roster_from_data, roster_to_data
from builder.rules import validate
from catalog.errors import CatalogueError
from catalog.loader import list_catalogues


def written_from(root: ET.Element, catalogue: WarcasterCatalogue) -> bool:
    """Whether Warbench exported this roster from this catalogue (its roster id is seeded with the catalogue's)."""
    forces = root.find("forces")
    force = None if forces is None else forces.find("force")
    named = fold(force.get("catalogueName") or "") if force is not None else ""
    faction = next((f.id for f in catalogue.factions if fold(f.name) == named), None)
    name = (root.get("name") or "").strip()
    return faction is not None and root.get("id") == roster_id(catalogue.id, name, faction)


def named_catalogue(ref: str) -> WarcasterCatalogue:
    """The catalogue `--catalogue` names; CatalogueError unless it is a Warcaster one."""
    catalogue = load_catalogue(ref)
    if not isinstance(catalogue, WarcasterCatalogue):
        raise CatalogueError(f"catalogue '{ref}' is for {catalogue.game}; BattleScribe rosters are Warcaster")
    return catalogue


def warcaster_catalogues() -> list[WarcasterCatalogue]:
    """The game's own catalogue first, then every other bundled and installed Warcaster catalogue that loads."""
    found = [named_catalogue(game("warcaster").catalogue)]
    for info in list_catalogues():
        if info.game != "warcaster" or info.id in {c.id for c in found}:
            continue
        try:
            catalogue = load_catalogue(str(info.path))
        except CatalogueError:
            continue  # a broken installed catalogue is `catalog check`'s to report, not the import's
        if isinstance(catalogue, WarcasterCatalogue):
            found.append(catalogue)
    return found


def import_on_best(root: ET.Element, source: str, ref: str | None = None) -> Imported:
    """The roster on the catalogue `ref` names, else the one it was written from, else the one leaving out least
    (a tie goes to the game's own catalogue); the game's own catalogue's refusal when none can read it."""
    if ref is not None:
        return import_warcaster(root, named_catalogue(ref), source)
    catalogues = warcaster_catalogues()
    for catalogue in catalogues:
        if written_from(root, catalogue):
            return import_warcaster(root, catalogue, source)
    tried: list[Imported] = []
    refusal: RosterFileError | None = None
    for catalogue in catalogues:
        try:
            tried.append(import_warcaster(root, catalogue, source))
        except RosterFileError as exc:
            refusal = refusal or exc
    if not tried:
        assert refusal is not None, "the game's own catalogue is always tried"
        raise refusal
    return min(tried, key=lambda imported: len(imported.unmatched))  # min keeps the first of equals


def weapon_point_mismatches(imported: Imported, report: Report, catalogue: WarcasterCatalogue) -> list[str]:
    """One line per unit whose weapon points Warbench counts differently from the file."""
    totals = report.totals
    assert isinstance(totals, WarcasterTotals), "a Warcaster roster's rules count Warcaster totals"
    ours = {row.unit: row.used for row in totals.weapon_points}
    lines = []
    for index, theirs in imported.file_weapon_points.items():
        used = ours.get(index)
        if used is not None and abs(used - theirs) > 1e-9:
            entry = catalogue.unit(imported.roster.units[index].id)
            assert entry is not None, "the imported roster was checked: every unit id is in the catalogue"
            lines.append(f"unit {index + 1} ({entry.name}): the file counts {theirs:g} weapon points, Warbench {used}")
    return lines


def import_roster(root: ET.Element, source: str, catalogue: str | None = None) -> BattlescribeImport:
    """A BattleScribe roster on the catalogue named (else the one it came from, else the installed one that leaves
    out least), checked like any roster file, and what importing it has to say: notes, everything left out, weapon
    points counted differently."""
    imported = import_on_best(root, source, catalogue)
    roster = imported.roster.model_copy(
        update={"notes": noted_left_out(imported.roster.notes, source, imported.unmatched)}
    )
    loaded = roster_from_data(roster_to_data(roster), source)  # the same checks as any roster file
    assert isinstance(loaded.catalogue, WarcasterCatalogue), "a Warcaster roster loads with a Warcaster catalogue"
    report = validate(loaded.roster, loaded.catalogue)
    said = (
        [f"note: {note}" for note in imported.notes]
        + [f"not imported: {line}" for line in imported.unmatched]
        + [f"warning: {line}" for line in weapon_point_mismatches(imported, report, loaded.catalogue)]
    )
    return BattlescribeImport(loaded, said, len(imported.unmatched))
