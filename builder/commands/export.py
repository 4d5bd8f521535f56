"""`warbench export pdf ROSTER -o FILE [--paper a4|letter] [--one-per-page] [--backs] [--scenario ID] [--force]`."""

from __future__ import annotations

import argparse
import sys

from builder.campaigns.commands import run_pdf as run_ledger_pdf
from builder.campaigns.ledger import is_ledger
from builder.commands.validate import finding_lines
from builder.roster.files import read_roster
from builder.rules import validate
from builder.scenarios import scenario_named
from catalog.access import reads_recorded
from catalog.files import check_target
from exports.errors import ExportError
from exports.pdf import check_pdf_name, export_pdf


def run_pdf(args: argparse.Namespace) -> int:
    """Exit 0 written, 1 illegal roster refused (findings printed), 2 bad input or unwritable target (never one
    of the files read: the roster, its catalogue file)."""

    if is_ledger(args.roster):
        return run_ledger_pdf(args)
    with reads_recorded() as read:
        loaded = read_roster(args.roster)
    check_target(args.output, inputs=(args.roster, *read), overwrite=args.overwrite, error=ExportError)
    check_pdf_name(args.output)
    for note in loaded.notes:
        print(f"note: {note}", file=sys.stderr)
    scenario = None
    if args.scenario:
        scenario = scenario_named(args.scenario, loaded.roster.game)
    report = validate(loaded.roster, loaded.catalogue)
    if not report.valid and not args.force:
        name = loaded.roster.name or args.roster
        print(f"{name}: NOT LEGAL, no PDF written (use --force to print it marked as illegal)", file=sys.stderr)
        for line in finding_lines(report.findings):
            print(line)
        return 1
    path = export_pdf(
        loaded.roster,
        loaded.catalogue,
        args.output,
        paper=args.paper,
        one_per_page=args.one_per_page,
        force=args.force,
        report=report,
        backs=args.backs,
        scenario=scenario,
    )
    marked = " (marked NOT A LEGAL ROSTER)" if not report.valid else ""
    print(f"wrote {path}{marked}")
    return 0
