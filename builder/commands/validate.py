"""`warbench validate ROSTER [--json]`: exit 0 legal, 1 illegal, 2 unreadable."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import textwrap
from collections.abc import Iterable

from builder.findings import Finding
from builder.roster.errors import RosterFileError
from builder.roster.files import read_roster
from builder.rules import validate
from catalog.wording import counted, listed, visible

EXIT_UNREADABLE = 2


def run_validate(args: argparse.Namespace) -> int:
    try:
        loaded = read_roster(args.roster)
    except RosterFileError as exc:
        print_unreadable(exc)
        if args.json:  # a script reading stdout gets JSON whatever happened
            problems = exc.problems if len(exc.problems) > 1 else []
            print(json.dumps({"valid": False, "error": str(exc), "problems": listed(problems)}))
        return EXIT_UNREADABLE
    report = validate(loaded.roster, loaded.catalogue)
    for note in loaded.notes:
        print(f"note: {note}", file=sys.stderr)
    if args.json:
        print(json.dumps(report.as_dict()))  # ASCII: control and bidi characters arrive escaped
    else:
        name = loaded.roster.name or args.roster
        status = "legal" if report.valid else "NOT LEGAL"
        print(f"{name}: {status} ({loaded.catalogue.name} rev {loaded.catalogue.revision})")
        for line in finding_lines(report.findings):
            print(line)
        totals = [
            f"{report.totals.named(k)} {v}"
            for k, v in report.totals.as_dict().items()
            if not isinstance(v, (dict, list, tuple))
        ]
        for line in totals_lines(totals, shutil.get_terminal_size().columns):
            print(line)
    return 0 if report.valid else 1


def totals_lines(totals: list[str], width: int) -> list[str]:
    """The roster's totals ("max units 10") after "totals:", wrapped at `width` as `journal` is, between two totals
    only: a total's words and its number stay on one line ("max units" and "10" read as two things apart)."""
    kept = ", ".join(total.replace(" ", NO_BREAK) for total in totals)
    if not kept:
        return []
    lines = textwrap.wrap(
        f"totals: {kept}", width, initial_indent="  ", subsequent_indent="    ", break_long_words=False
    )
    return [line.replace(NO_BREAK, " ") for line in lines]


NO_BREAK = "\u00a0"
"""A space textwrap never breaks a line at."""


def print_unreadable(exc: RosterFileError) -> None:
    """The error's line, or (when there are several problems) where they are and how many, then every one of them,
    one line each, on stderr: each problem said once."""
    print(f"warbench: {visible(headline(exc))}", file=sys.stderr)
    if len(exc.problems) > 1:
        for problem in listed(exc.problems):
            print(f"  {visible(problem)}", file=sys.stderr)


def headline(exc: RosterFileError) -> str:
    """The error's line, the first of several problems it quotes ("big.toml: budget: … (and 1 more)") put as their
    count ("big.toml: 2 problems"), as the list under it says each."""
    message, problems = str(exc), exc.problems
    at = message.rfind(problems[0]) if len(problems) > 1 else -1
    return message if at < 0 else message[:at] + counted(len(problems), "problem")


def finding_lines(findings: Iterable[Finding]) -> list[str]:
    """A roster's findings, one line each (the first fifty, then how many more)."""
    return listed([f"  {f.severity:<7} {f.code:<32} {f.path}: {f.message}" for f in findings])
