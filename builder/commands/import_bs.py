"""`warbench import FILE.ros|.rosz -o ROSTER`: a BattleScribe Warcaster roster as a Warbench roster file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, cast

from builder.battlescribe.reading import read_roster_xml
from builder.battlescribe.warcaster import Imported, import_warcaster
from builder.catalogues import load_catalogue
from builder.findings import Report
from builder.game import game
from builder.roster.errors import RosterFileError
from builder.roster.files import LoadedRoster, roster_from_data, roster_to_data, write_roster
from builder.roster.warcaster import WarcasterRoster
from builder.rules import validate
from catalog.access import reads_recorded
from catalog.files import check_target
from catalog.models.warcaster import WarcasterCatalogue
from catalog.wording import counted

if TYPE_CHECKING:
    from builder.rules.warcaster_totals import WarcasterTotals


def weapon_point_mismatches(imported: Imported, report: Report, catalogue: WarcasterCatalogue) -> list[str]:
    """One line per unit whose weapon points Warbench counts differently from the file."""
    lines = []
    # a Warcaster report carries WarcasterTotals; importing that module here would register rules out of order
    totals = cast("WarcasterTotals", report.totals)
    ours = {row.unit: row.used for row in totals.weapon_points}
    for index, theirs in imported.file_weapon_points.items():
        used = ours.get(index)
        if used is not None and abs(used - theirs) > 1e-9:
            entry = catalogue.unit(imported.roster.units[index].id)
            assert entry is not None, "the imported roster was checked: every unit id is in the catalogue"
            name = entry.name
            lines.append(f"unit {index + 1} ({name}): the file counts {theirs:g} weapon points, Warbench {used}")
    return lines


def load_battlescribe(path: Path | str) -> tuple[LoadedRoster, list[str]]:
    """A BattleScribe roster as a loaded Warbench roster, checked like any roster file, and what importing it
    has to say: notes, everything left out, weapon points counted differently ("note: …", "not imported: …")."""
    root = read_roster_xml(path)
    catalogue = load_catalogue(game("warcaster").catalogue)
    assert isinstance(catalogue, WarcasterCatalogue), "the default Warcaster catalogue is a Warcaster one"
    imported = import_warcaster(root, catalogue, str(path))
    loaded = roster_from_data(roster_to_data(imported.roster), str(path))  # the same checks as any roster file
    report = validate(loaded.roster, loaded.catalogue)
    said = (
        [f"note: {note}" for note in imported.notes]
        + [f"not imported: {line}" for line in imported.unmatched]
        + [f"warning: {line}" for line in weapon_point_mismatches(imported, report, catalogue)]
    )
    return loaded, said


def run_import_bs(args: argparse.Namespace) -> int:
    """Read the BattleScribe file, build the force, name everything left out, write it (never over a file)."""
    with reads_recorded() as read:
        loaded, said = load_battlescribe(args.file)
    output = check_target(args.output, inputs=(args.file, *read), overwrite=args.overwrite, error=RosterFileError)
    for line in said:
        print(line, file=sys.stderr)
    report = validate(loaded.roster, loaded.catalogue)
    write_roster(output, loaded.roster, loaded.catalogue)
    roster = loaded.roster
    assert isinstance(roster, WarcasterRoster), "load_battlescribe makes Warcaster rosters only"
    status = "legal" if report.valid else f"NOT LEGAL ({', '.join(dict.fromkeys(f.code for f in report.errors))})"
    print(
        f"wrote {output}: {roster.name or 'unnamed roster'} — {counted(len(roster.units), 'unit')}, "
        f"{counted(len(roster.rack), 'Cypher')}; {status}"
    )
    return 0
