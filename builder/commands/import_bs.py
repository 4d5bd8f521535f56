"""`warbench import FILE.ros|.rosz -o ROSTER`: a BattleScribe roster as a Warbench roster file, read by the game
BattleScribe's file names."""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from builder.battlescribe.imported import BattlescribeImport
from builder.battlescribe.reading import read_roster_xml
from builder.game import GAMES
from builder.game_parts import BattleScribe
from builder.roster.errors import RosterFileError
from builder.roster.files import LoadedRoster, write_roster
from builder.rules import validate
from catalog.access import reads_recorded
from catalog.files import check_target
from catalog.wording import counted


def mapping_for(root: ET.Element) -> BattleScribe:
    """The BattleScribe mapping of the game the roster names (the first game with one when it names none we know:
    that game's import says what the file is instead)."""
    mappings = [m for g in GAMES.values() if (m := g.battlescribe) is not None]
    if not mappings:
        raise RosterFileError("no game installed reads BattleScribe rosters")
    named = root.get("gameSystemId")
    return next((m for m in mappings if m.game_system_id == named), mappings[0])


def read_battlescribe(path: Path | str, catalogue: str | None = None) -> BattlescribeImport:
    """A BattleScribe roster on the catalogue named (else the one it came from), checked like any roster file."""
    root = read_roster_xml(path)
    return mapping_for(root).import_roster(root, str(path), catalogue)


def load_battlescribe(path: Path | str) -> tuple[LoadedRoster, list[str], int]:
    """A BattleScribe roster as a loaded Warbench roster (all that matched), what importing it has to say, and how
    many of its parts were left out."""
    read = read_battlescribe(path)
    return read.loaded, read.said, read.left_out


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
    mapping = GAMES[roster.game].battlescribe
    assert mapping is not None, "a roster read from BattleScribe is of a game with a BattleScribe mapping"
    status = "legal" if report.valid else f"NOT LEGAL ({', '.join(dict.fromkeys(f.code for f in report.errors))})"
    if found.left_out:
        status += f", without the {lost} not imported"
    print(
        f"wrote {output}: {roster.name or 'unnamed roster'} — {mapping.describe(roster)} "
        f"on '{loaded.catalogue.id}'; {status}"
    )
    return 0
