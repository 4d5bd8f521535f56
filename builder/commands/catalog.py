"""`warbench catalog list` and `warbench catalog check PATH…`."""

from __future__ import annotations

from pathlib import Path

from catalog.errors import CatalogueError
from builder.catalogues import read_catalogue_file
from catalog.loader import list_catalogues
from catalog.wording import counted


def run_list(args) -> int:
    catalogues = list_catalogues()
    for info in catalogues:
        where = "bundled" if info.bundled else str(info.path)
        print(f"{info.id:<22} {info.game:<11} rev {info.revision:<3} {info.name}  ({where})")
    return 0


def run_check(args) -> int:
    """Check each file, listing every problem with its key path; exit 2 if any file has one."""
    failed = 0
    for path in args.paths:
        try:
            catalogue = read_catalogue_file(Path(path))
        except CatalogueError as exc:
            failed += 1
            problems = exc.problems or [str(exc)]
            print(f"{path}: {counted(len(problems), 'problem')}")
            for problem in problems:
                print(f"  {problem}" if problem.startswith(str(path)) is False else f"  {problem[len(str(path)) + 2:]}")
        else:
            base = f", building on {catalogue.extends}" if catalogue.extends else ""
            print(f"{path}: ok — {catalogue.id} ({catalogue.game}) rev {catalogue.revision}{base}, "
                  f"hash {catalogue.content_hash}")
    return 2 if failed else 0
