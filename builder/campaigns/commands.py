"""`warbench league FILE [--json]` and `warbench campaign FILE [--json]`: exit 0 valid, 1 errors, 2 unreadable."""

from __future__ import annotations

import json
import sys
from argparse import Namespace

from builder.campaigns.report import result_text
from builder.ledgers import CAMPAIGN_KINDS, replay_file, reported_by
from catalog.access import reads_recorded
from catalog.files import check_target
from exports.errors import ExportError


def show(path: str, as_json: bool, kinds: tuple[str, ...]) -> int:
    result = replay_file(path, kinds)
    if as_json:
        print(json.dumps(result.as_dict(), ensure_ascii=False))
    else:
        print("\n".join(result_text(result)))
    return 0 if result.valid else 1


def run_league(args: Namespace) -> int:
    return show(args.file, args.json, reported_by("league"))


def run_campaign(args: Namespace) -> int:
    return show(args.file, args.json, reported_by("campaign"))


def run_pdf(args: Namespace) -> int:
    """`warbench export pdf LEDGER -o FILE`: the noticeboard sheet; a ledger with errors only with --force; never
    written over a file read (the ledger, the rosters it names, their catalogue files)."""
    from builder.campaigns.noticeboard import export_ledger_pdf  # reportlab only for a PDF

    with reads_recorded() as read:
        result = replay_file(args.roster, tuple(CAMPAIGN_KINDS))  # a narrative in play prints as its game says
    check_target(args.output, inputs=(args.roster, *read), overwrite=args.overwrite, error=ExportError)
    if not result.valid and not args.force:
        print(f"{args.roster}: NOT VALID, no PDF written (use --force to print it marked as such)", file=sys.stderr)
        print("\n".join(result_text(result)))
        return 1
    path = export_ledger_pdf(result, args.output, args.paper)
    print(f"wrote {path}")
    return 0
