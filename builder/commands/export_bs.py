"""`warbench export battlescribe ROSTER -o FILE.ros`: a roster for BattleScribe, for the games it has data for."""

from __future__ import annotations

from argparse import Namespace

from builder.game import GAMES
from builder.roster.files import read_roster
from catalog.files import check_target, write_atomic
from exports.errors import ExportError


def run_battlescribe(args: Namespace) -> int:
    """Write the .ros (never over an existing file unless asked; never over the roster itself)."""
    output = check_target(args.output, inputs=(args.roster,), overwrite=args.overwrite, error=ExportError)
    loaded = read_roster(args.roster)
    roster = loaded.roster
    mapping = GAMES[roster.game].battlescribe
    if mapping is None:
        games = " and ".join(g.short_name for g in GAMES.values() if g.battlescribe is not None)
        raise ExportError(f"{args.roster}: BattleScribe export is for {games} rosters; this one is {roster.game}")
    data = mapping.roster_xml(roster, loaded.catalogue)
    try:
        write_atomic(output, data)
    except OSError as exc:
        raise ExportError(f"{output}: cannot write the roster ({exc.strerror or exc})") from None
    print(f"wrote {output}: {roster.name or 'unnamed roster'} — {mapping.describe(roster)} (BattleScribe roster)")
    return 0
