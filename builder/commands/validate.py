"""`warbench validate ROSTER [--json]`: exit 0 legal, 1 illegal, 2 unreadable."""

from __future__ import annotations

import json
import sys

from builder.rules import validate
from builder.roster.files import read_roster


def run_validate(args) -> int:
    loaded = read_roster(args.roster)
    report = validate(loaded.roster, loaded.catalogue)
    for note in loaded.notes:
        print(f"note: {note}", file=sys.stderr)
    if args.json:
        print(json.dumps(report.as_dict(), ensure_ascii=False))
    else:
        name = loaded.roster.name or args.roster
        status = "legal" if report.valid else "NOT LEGAL"
        print(f"{name}: {status} ({loaded.catalogue.name} rev {loaded.catalogue.revision})")
        for finding in report.findings:
            print(f"  {finding.severity:<7} {finding.code:<32} {finding.path}: {finding.message}")
        summary = ", ".join(f"{k} {v}" for k, v in report.totals.items() if not isinstance(v, (dict, list)))
        if summary:
            print(f"  totals: {summary}")
    return 0 if report.valid else 1
