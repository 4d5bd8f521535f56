"""`warbench catalog import FILE.gst FILE.cat…`: BattleScribe data as a Warbench catalogue, saying what changed."""

from __future__ import annotations

import sys
import time
import xml.etree.ElementTree as ET
from argparse import Namespace
from pathlib import Path
from typing import Any

from builder.battlescribe.reading import read_data_files
from builder.catalogue_changes import broken_on, differences, legal_rosters
from builder.catalogues import parse_catalogue
from builder.commands.catalog_share import run_code_import
from builder.editing.storage import Store
from builder.game import GAMES, Game
from builder.game_parts import CatalogueFromData
from catalog.errors import CatalogueError
from catalog.files import check_target, write_atomic
from catalog.loader import catalogue_toml, content_hash, find_catalogue
from catalog.paths import data_dir, installed_catalogue_dir
from catalog.slug import slugify
from catalog.toml_input import parse_toml, read_toml_text
from catalog.wording import counted

DATA_SUFFIXES = (".gst", ".cat", ".gstz", ".catz", ".zip")
SHOWN_IN_NOTE = 4
"""Changes named in the revision's change note (the rest are counted)."""


def is_data_file(source: str) -> bool:
    return source.lower().endswith(DATA_SUFFIXES)


def data_game(files: list[tuple[str, ET.Element]]) -> tuple[Game, CatalogueFromData]:
    """The game whose BattleScribe data the files are (the one their game system file names), and how it makes a
    catalogue of them; when none is named, the one game that reads data, whose reader says what is wrong."""
    systems = {root.get("id") for _, root in files if root.tag == "gameSystem"}
    readers = [
        (record, record.battlescribe.game_system_id, record.battlescribe.data)
        for record in GAMES.values()
        if record.battlescribe is not None and record.battlescribe.data is not None
    ]
    for record, system, data in readers:
        if system in systems:
            return record, data
    if len(readers) == 1:
        return readers[0][0], readers[0][2]
    raise CatalogueError(
        f"these BattleScribe data files are for no game Warbench reads data for ({', '.join(r.name for r, _, _ in readers)})"
    )


def _read_raw(path: Path) -> dict[str, Any]:
    return parse_toml(read_toml_text(path, CatalogueError, "catalogue"), str(path), CatalogueError, "catalogue")


def _change_note(lines: list[str]) -> str:
    shown = "; ".join(lines[:SHOWN_IN_NOTE])
    more = f"; and {len(lines) - SHOWN_IN_NOTE} more" if len(lines) > SHOWN_IN_NOTE else ""
    return f"re-imported from BattleScribe data: {shown}{more}"


def run_bsdata_import(args: Namespace) -> int:
    """Convert the data files, say what changed against the file replaced (or the bundled catalogue), write the
    catalogue only over a file the player named with --overwrite, then check the recent rosters on it."""
    started = time.perf_counter()
    files = read_data_files(args.sources)
    record, importer = data_game(files)
    read = importer.read(files)
    output = Path(args.output) if args.output else installed_catalogue_dir() / f"{importer.default_id}.toml"
    catalogue_id = slugify(output.stem) if args.output else importer.default_id
    if not catalogue_id:
        raise CatalogueError(f"{output}: name the catalogue file with letters or digits (its id is made from them)")
    check_target(output, inputs=tuple(args.sources), overwrite=True, error=CatalogueError)
    old = _read_raw(output) if output.exists() else None
    compared = str(output) if old is not None else f"the bundled '{record.catalogue}'"
    base = old if old is not None else _read_raw(find_catalogue(record.catalogue))
    revision = int(old.get("revision", 0)) if old is not None else 1
    changes = list(old.get("changes", [])) if old is not None else []
    made = importer.convert(
        read,
        catalogue_id=catalogue_id,
        name=str(old.get("name", importer.default_name)) if old else importer.default_name,
        revision=max(revision, 1),
        changes=changes,
        header_comment=importer.comment,
    )
    new = catalogue_toml(made.text, str(output))  # read back as every reader will, before a word is written
    lines = differences(base, new)
    if old is not None and content_hash(new) == content_hash(old):
        print(f"{output}: already what the data gives (revision {revision}); nothing to change")
        return 0
    if old is not None:
        made = importer.convert(
            read,
            catalogue_id=catalogue_id,
            name=str(old.get("name", importer.default_name)),
            revision=revision + 1,
            changes=[*changes, {"revision": revision + 1, "note": _change_note(lines)}],
            header_comment=importer.comment,
        )
        new = catalogue_toml(made.text, str(output))
    catalogue = parse_catalogue(new, str(output))
    print(
        f"{catalogue.name}: {counted(made.units, 'unit')} from {counted(len(files), 'data file')}; "
        f"compared with {compared}: {counted(len(lines), 'change') if lines else 'no changes'}"
    )
    for line in lines:
        print(f"  {line}")
    if old is not None and not args.overwrite:
        raise CatalogueError(
            f"{output}: already exists; nothing written (use --overwrite to replace it with the changes above)"
        )
    recent = legal_rosters(record.id, [r.path for r in Store(data_dir()).recent()])
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(output, made.text)
    except OSError as exc:
        raise CatalogueError(f"{output}: cannot write the catalogue ({exc.strerror or exc})") from None
    seconds = time.perf_counter() - started
    print(f"wrote {output}: '{catalogue.id}' revision {catalogue.revision} ({seconds:.2f} s)")
    if made.missing_summaries:
        print(
            f"note: {counted(len(made.missing_summaries), 'entry', 'entries')} without a summary in Warbench's "
            f"table (their cards say so): {', '.join(made.missing_summaries)}",
            file=sys.stderr,
        )
    broken = broken_on(output, recent)
    if broken:
        was = (
            "was legal before this import and no longer is"
            if len(broken) == 1
            else "were legal before this import and no longer are"
        )
        print(f"{counted(len(broken), 'recent roster')} {was}:")
        for line in broken:
            print(f"  {line}")
    elif recent:
        print(f"{counted(len(recent), f'recent legal {record.short_name} roster')} checked on it: all still legal")
    return 0


def run_catalog_import(args: Namespace) -> int:
    """BattleScribe data files become a catalogue; codes and QR pictures of a shared catalogue are installed."""
    data = [is_data_file(source) for source in args.sources]
    if all(data):
        return run_bsdata_import(args)
    if any(data):
        raise CatalogueError(
            "give either BattleScribe data files (.gst, .cat, zipped) or a catalogue's code or QR pictures, not both"
        )
    return run_code_import(args)
