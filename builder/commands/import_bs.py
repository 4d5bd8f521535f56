"""`warbench import FILE.ros|.rosz -o ROSTER`: a BattleScribe Warcaster roster as a Warbench roster file."""

from __future__ import annotations

import sys
from pathlib import Path

from builder.battlescribe.reading import read_roster_xml
from builder.battlescribe.warcaster import import_warcaster
from builder.roster.files import roster_from_data, roster_to_data, write_roster
from builder.rules import validate
from catalog.errors import RosterFileError
from catalog.loader import default_catalogue_id, load_catalogue
from catalog.wording import counted


def weapon_point_mismatches(imported, report, catalogue) -> list[str]:
    """One line per unit whose weapon points Warbench counts differently from the file."""
    lines = []
    ours = {row.unit: row.used for row in report.totals.weapon_points}
    for index, theirs in imported.file_weapon_points.items():
        used = ours.get(index)
        if used is not None and abs(used - theirs) > 1e-9:
            name = catalogue.unit(imported.roster.units[index].id).name
            lines.append(f"unit {index + 1} ({name}): the file counts {theirs:g} weapon points, Warbench {used}")
    return lines


def run_import_bs(args) -> int:
    """Read the BattleScribe file, build the force, name everything left out, write it (never over a file)."""
    output = Path(args.output)
    if output.exists() and not args.overwrite:
        raise RosterFileError(f"{output}: already exists (use --overwrite to replace it)")
    root = read_roster_xml(args.file)
    catalogue = load_catalogue(default_catalogue_id("warcaster"))
    imported = import_warcaster(root, catalogue, args.file)
    loaded = roster_from_data(roster_to_data(imported.roster), args.file)  # the same checks as any roster file
    report = validate(loaded.roster, loaded.catalogue)
    for note in imported.notes:
        print(f"note: {note}", file=sys.stderr)
    for line in imported.unmatched:
        print(f"not imported: {line}", file=sys.stderr)
    for line in weapon_point_mismatches(imported, report, catalogue):
        print(f"warning: {line}", file=sys.stderr)
    write_roster(output, loaded.roster, loaded.catalogue)
    roster = loaded.roster
    status = "legal" if report.valid else f"NOT LEGAL ({', '.join(dict.fromkeys(f.code for f in report.errors))})"
    print(f"wrote {output}: {roster.name or 'unnamed roster'} — {counted(len(roster.units), 'unit')}, "
          f"{counted(len(roster.rack), 'Cypher')}; {status}")
    return 0
