"""`warbench catalog list` and `warbench catalog check PATH…`."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from builder.catalogues import catalogue_warnings, read_catalogue_file
from catalog.errors import CatalogueError
from catalog.loader import catalogue_data, catalogue_toml, list_catalogues
from catalog.overlay import Data, own_place
from catalog.toml_input import read_toml_text
from catalog.wording import counted, listed, visible

LOCATED = re.compile(r"(?P<path>[^\s:]+)(?: \((?P<entry>.*?)\))?: (?P<message>.*)", re.DOTALL)
"""A problem as the loader says it: a key path, perhaps the entry's name, and the message."""


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
    error like every other error, then what its game warns of, on standard output; exit 2 if any file has a problem
    (warnings alone: 0). `--json`: one object on standard output instead, the exit code the same."""
    checks = [_checked(path) for path in args.paths]
    if args.json:
        print(json.dumps({"valid": all(c["valid"] for c in checks), "catalogues": checks}))  # ASCII: escapes all
    else:
        for check in checks:
            _print(check)
    return 0 if all(c["valid"] for c in checks) else 2


def _checked(path: str) -> dict[str, Any]:
    """One file's check as `--json` gives it: its problems (key path, message), else what it is and its warnings."""
    try:
        catalogue = read_catalogue_file(Path(path))
    except CatalogueError as exc:
        problems = [p.removeprefix(f"{path}: ") for p in exc.problems or [str(exc)]]
        return {"path": path, "valid": False, "problems": [_located(p) for p in problems], "warnings": []}
    warnings = [w.as_dict() for w in catalogue_warnings(catalogue)]
    if catalogue.extends and warnings:  # key paths into the merged catalogue: said in the file's own terms
        own = catalogue_toml(read_toml_text(Path(path), CatalogueError, "catalogue"), path)
        warnings = [_in_own_terms(w, own, catalogue_data(Path(path))) for w in warnings]
    return {
        "path": path,
        "valid": True,
        "id": catalogue.id,
        "game": catalogue.game,
        "revision": catalogue.revision,
        "extends": catalogue.extends,
        "hash": catalogue.content_hash,
        "problems": [],
        "warnings": warnings,
    }


def _in_own_terms(warning: dict[str, Any], own: Data, merged: Data) -> dict[str, Any]:
    """A warning's key path in the file's own entries, with the entry's name (`own_place`)."""
    path, entry = own_place(warning["path"], own, merged)
    return {**warning, "path": path, **({"entry": entry} if entry else {})}


def _located(problem: str) -> dict[str, str]:
    """A problem's key path and message ("units[3].dc: …"), with the entry's name when the problem names it
    ("units[0].move (Giant): …", a catalogue building on another); a problem about no key has an empty path."""
    found = LOCATED.match(problem)
    if found is None:
        return {"path": "", "message": problem}
    return {"path": found["path"], **({"entry": found["entry"]} if found["entry"] else {}), "message": found["message"]}


def _print(check: dict[str, Any]) -> None:
    path = check["path"]
    if not check["valid"]:
        problems = [f"{_where(p)}: {p['message']}" if p["path"] else p["message"] for p in check["problems"]]
        print(f"{visible(path)}: {counted(len(problems), 'problem')}", file=sys.stderr)
        for problem in listed(problems):
            print(f"  {visible(problem)}", file=sys.stderr)
        return
    base = f", building on {check['extends']}" if check["extends"] else ""
    print(f"{path}: ok — {check['id']} ({check['game']}) rev {check['revision']}{base}, hash {check['hash']}")
    if warnings := check["warnings"]:
        print(f"{visible(path)}: {counted(len(warnings), 'warning')}")
        for line in listed([f"{_where(w)}: {w['message']}" for w in warnings]):
            print(f"  {visible(line)}")


def _where(item: dict[str, Any]) -> str:
    """A problem's or warning's key path, with its entry's name when it has one."""
    return f"{item['path']} ({item['entry']})" if item.get("entry") else item["path"]
