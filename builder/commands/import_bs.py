"""`warbench import FILE.ros|.rosz -o ROSTER`: a BattleScribe Warcaster roster as a Warbench roster file."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

from builder.battlescribe.choosing import import_on_best
from builder.battlescribe.reading import read_roster_xml
from builder.battlescribe.warcaster import Imported
from builder.findings import Report
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


@dataclass(frozen=True)
class BattlescribeImport:
    """A BattleScribe roster read into Warbench: the roster, and what the import has to say about it."""

    loaded: LoadedRoster
    said: list[str]
    """Notes, everything left out, weapon points counted differently ("note: …", "not imported: …")."""
    left_out: int
    """How many parts of the file are not in the roster."""


def read_battlescribe(path: Path | str, catalogue: str | None = None) -> BattlescribeImport:
    """A BattleScribe roster on the catalogue named (else the one it came from), checked like any roster file."""
    root = read_roster_xml(path)
    imported = import_on_best(root, str(path), catalogue)
    loaded = roster_from_data(roster_to_data(imported.roster), str(path))  # the same checks as any roster file
    assert isinstance(loaded.catalogue, WarcasterCatalogue), "a Warcaster roster loads with a Warcaster catalogue"
    report = validate(loaded.roster, loaded.catalogue)
    said = (
        [f"note: {note}" for note in imported.notes]
        + [f"not imported: {line}" for line in imported.unmatched]
        + [f"warning: {line}" for line in weapon_point_mismatches(imported, report, loaded.catalogue)]
    )
    return BattlescribeImport(loaded, said, len(imported.unmatched))


def load_battlescribe(path: Path | str) -> tuple[LoadedRoster, list[str]]:
    """A BattleScribe roster as a loaded Warbench roster and what importing it has to say (all that matched)."""
    read = read_battlescribe(path)
    return read.loaded, read.said


def run_import_bs(args: argparse.Namespace) -> int:
    """Read the BattleScribe file, name everything left out, and write the force (never over a file) only when
    nothing was left out or the player asked for what there is (--partial)."""
    with reads_recorded() as read:
        found = read_battlescribe(args.file, args.catalogue)
    output = check_target(args.output, inputs=(args.file, *read), overwrite=args.overwrite, error=RosterFileError)
    for line in found.said:
        print(line, file=sys.stderr)
    lost = counted(found.left_out, "part")
    if found.left_out and not args.partial:
        raise RosterFileError(
            f"{args.file}: {lost} of the roster not imported (named above); nothing written "
            "(--partial writes the rest, --catalogue ID reads it on another catalogue)"
        )
    loaded = found.loaded
    report = validate(loaded.roster, loaded.catalogue)
    write_roster(output, loaded.roster, loaded.catalogue)
    roster = loaded.roster
    assert isinstance(roster, WarcasterRoster), "read_battlescribe makes Warcaster rosters only"
    status = "legal" if report.valid else f"NOT LEGAL ({', '.join(dict.fromkeys(f.code for f in report.errors))})"
    if found.left_out:
        status += f", without the {lost} not imported"
    print(
        f"wrote {output}: {roster.name or 'unnamed roster'} — {counted(len(roster.units), 'unit')}, "
        f"{counted(len(roster.rack), 'Cypher')} on '{loaded.catalogue.id}'; {status}"
    )
    return 0
