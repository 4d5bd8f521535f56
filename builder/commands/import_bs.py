"""`warbench import FILE.ros|.rosz -o ROSTER`: a BattleScribe roster as a Warbench roster file, read by the game
BattleScribe's file names."""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from builder.battlescribe.reading import read_roster_xml
from builder.game import GAMES, BattleScribe
from builder.roster.errors import RosterFileError
from builder.roster.files import LoadedRoster, write_roster
from builder.rules import validate
from catalog.access import reads_recorded
from catalog.files import check_target


def mapping_for(root: ET.Element) -> BattleScribe:
    """The BattleScribe mapping of the game the roster names (the first game with one when it names none we know:
    that game's import says what the file is instead)."""
    mappings = [m for g in GAMES.values() if (m := g.battlescribe) is not None]
    if not mappings:
        raise RosterFileError("no game installed reads BattleScribe rosters")
    named = root.get("gameSystemId")
    return next((m for m in mappings if m.game_system_id == named), mappings[0])


def load_battlescribe(path: Path | str) -> tuple[LoadedRoster, list[str]]:
    """A BattleScribe roster as a loaded Warbench roster, checked like any roster file, and what importing it
    has to say: notes, everything left out, weapon points counted differently ("note: …", "not imported: …")."""
    root = read_roster_xml(path)
    return mapping_for(root).import_roster(root, str(path))


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
    mapping = GAMES[roster.game].battlescribe
    assert mapping is not None, "a roster read from BattleScribe is of a game with a BattleScribe mapping"
    status = "legal" if report.valid else f"NOT LEGAL ({', '.join(dict.fromkeys(f.code for f in report.errors))})"
    print(f"wrote {output}: {roster.name or 'unnamed roster'} — {mapping.describe(roster)}; {status}")
    return 0
