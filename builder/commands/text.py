"""`warbench export text ROSTER`: the roster as plain text for chat and forums."""

from __future__ import annotations

import argparse
import sys

from builder.roster.files import read_roster
from exports.text import roster_text


def run_text(args: argparse.Namespace) -> int:
    loaded = read_roster(args.roster)
    for note in loaded.notes:
        print(f"note: {note}", file=sys.stderr)
    sys.stdout.write(roster_text(loaded.roster, loaded.catalogue))
    return 0
