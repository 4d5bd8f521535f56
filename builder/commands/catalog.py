"""`warbench catalog list` and `warbench catalog check PATH…`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from builder.catalogues import read_catalogue_file
from catalog.errors import CatalogueError
from catalog.loader import list_catalogues
from catalog.wording import counted, listed, visible


def run_list(args: argparse.Namespace) -> int:
    """One line per catalogue, its columns as wide as their longest value (an installed id can be long)."""
    catalogues = list_catalogues()
    ids = max((len(visible(info.id)) for info in catalogues), default=0)
    games = max((len(visible(info.game)) for info in catalogues), default=0)
    revisions = max((len(str(info.revision)) for info in catalogues), default=0)
    for info in catalogues:
        where = "bundled" if info.bundled else visible(str(info.path))
        print(
            f"{visible(info.id):<{ids}}  {visible(info.game):<{games}}  rev {info.revision:<{revisions}}  "
            f"{visible(info.name)}  ({where})"
        )
    return 0


def run_check(args: argparse.Namespace) -> int:
    """Check each file, listing its problems with their key paths (the first fifty, then how many more) on standard
    error like every other error; exit 2 if any file has one."""
    failed = 0
    for path in args.paths:
        try:
            catalogue = read_catalogue_file(Path(path))
        except CatalogueError as exc:
            failed += 1
            problems = exc.problems or [str(exc)]
            print(f"{visible(path)}: {counted(len(problems), 'problem')}", file=sys.stderr)
            for problem in listed([p.removeprefix(f"{path}: ") for p in problems]):
                print(f"  {visible(problem)}", file=sys.stderr)
        else:
            base = f", building on {catalogue.extends}" if catalogue.extends else ""
            print(
                f"{path}: ok — {catalogue.id} ({catalogue.game}) rev {catalogue.revision}{base}, "
                f"hash {catalogue.content_hash}"
            )
    return 2 if failed else 0
