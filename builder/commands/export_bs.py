"""`warbench export battlescribe ROSTER -o FILE.ros`: a Warcaster roster for BattleScribe."""

from __future__ import annotations

from argparse import Namespace

from builder.battlescribe.writing import roster_xml
from builder.roster.files import read_roster
from builder.roster.warcaster import WarcasterRoster
from catalog.files import check_target, write_atomic
from catalog.wording import counted
from exports.errors import ExportError


def run_battlescribe(args: Namespace) -> int:
    """Write the .ros (never over an existing file unless asked; never over the roster itself)."""
    output = check_target(args.output, inputs=(args.roster,), overwrite=args.overwrite, error=ExportError)
    loaded = read_roster(args.roster)
    roster = loaded.roster
    if not isinstance(roster, WarcasterRoster):
        raise ExportError(f"{args.roster}: BattleScribe export is for Warcaster rosters; this one is {roster.game}")
    data = roster_xml(roster, loaded.catalogue)
    try:
        write_atomic(output, data)
    except OSError as exc:
        raise ExportError(f"{output}: cannot write the roster ({exc.strerror or exc})") from None
    print(
        f"wrote {output}: {roster.name or 'unnamed roster'} — {counted(len(roster.units), 'unit')}, "
        f"{counted(len(roster.rack), 'Cypher')} (BattleScribe roster)"
    )
    return 0
