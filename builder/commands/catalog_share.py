"""`warbench catalog share CATALOGUE [--qr FILE]` and `warbench catalog import CODE|PICTURE…`: whole catalogues as
codes (numbered parts when one QR cannot hold them), installed after saying what they hold."""

from __future__ import annotations

import re
import sys
from argparse import Namespace
from pathlib import Path
from typing import Any

from builder.catalogue_changes import differences
from catalog.errors import CatalogueError, ExportError, ShareCodeError
from catalog.files import check_target, write_atomic
from catalog.games import GAMES
from catalog.installing import catalogue_text, contents, install
from catalog.loader import find_catalogue, parse_catalogue
from catalog.paths import installed_catalogue_dir
from catalog.toml_input import parse_toml, read_bounded, read_toml_text
from catalog.wording import counted
from exports.share.catalogue_code import (
    MAX_PASTED_CATALOGUE_CHARS,
    decode_catalogue,
    encode_catalogue,
    is_part,
    join,
    split,
)
from exports.share.codec import PROFILES_SOURCE
from exports.share.source import PICTURE_SUFFIXES, existing_file, refuse_missing_picture

PART_NUMBER = re.compile(r"\d{1,3}/\d{1,3}")
"""A part's number given as its own argument (`catalog import 1/2 ABC… 2/2 DEF…`), not a path."""
COMMENT = "Installed by `warbench catalog import` from a catalogue code."


def _raw(path: Path) -> dict[str, Any]:
    return parse_toml(read_toml_text(path, CatalogueError, "catalogue"), str(path), CatalogueError, "catalogue")


def run_share(args: Namespace) -> int:
    """Print the catalogue's code (its parts, one a line), and write the QR pictures when asked."""
    from exports.share.qr import IMAGE_SUFFIXES, write_qr

    path = find_catalogue(args.catalogue)
    data = _raw(path)
    catalogue = parse_catalogue(data, str(path))
    code = encode_catalogue(data)
    parts = split(code)
    targets: list[Path] = []
    if args.qr:
        qr = Path(args.qr)
        if qr.suffix.lower() not in IMAGE_SUFFIXES:
            raise ExportError(f"{qr}: a QR image must be .png or .svg, not '{qr.suffix or 'no extension'}'")
        targets = [qr] if len(parts) == 1 else [qr.with_name(f"{qr.stem}-{n}{qr.suffix}")
                                                for n in range(1, len(parts) + 1)]
        for target in targets:
            check_target(target, inputs=(path,), overwrite=args.overwrite, error=ExportError)
    for part in parts:
        print(part)
    print(f"catalogue '{catalogue.id}' revision {catalogue.revision} ({contents(data)}): {len(code)} characters"
          + (f" in {len(parts)} parts" if len(parts) > 1 else ""), file=sys.stderr)
    for target, part in zip(targets, parts):
        print(f"wrote {target}: QR version {write_qr(part, target)}", file=sys.stderr)
    return 0


def _texts(sources: list[str]) -> list[str]:
    """The code text in each source: a picture's QR codes (every part it shows), a text file, standard input
    (`-`), or the argument itself."""
    from exports.share.qr import read_qr_texts

    texts = []
    for source in sources:
        if source == "-":
            text = sys.stdin.read(MAX_PASTED_CATALOGUE_CHARS + 1)
            if len(text) > MAX_PASTED_CATALOGUE_CHARS:
                raise ShareCodeError(f"standard input: more than {MAX_PASTED_CATALOGUE_CHARS} characters is not a "
                                     "catalogue code")
            texts.append(text)
        elif (path := existing_file(source)) is not None and path.suffix.lower() in PICTURE_SUFFIXES:
            texts += read_qr_texts(path, is_part, "catalogue code")
        elif path is not None:
            texts.append(read_bounded(path, MAX_PASTED_CATALOGUE_CHARS, ShareCodeError, "catalogue code").decode(
                "utf-8", "replace"))
        else:
            if not PART_NUMBER.fullmatch(source):
                refuse_missing_picture(source)
            texts.append(source)
    return texts


def _only_profiles(path: Path, catalogue_id: str) -> bool:
    """Whether the installed file holds only the profiles a roster code brought of this very catalogue."""
    try:
        source = str(_raw(path).get("source", "")) if path.exists() else ""
    except CatalogueError:
        return False
    return source.startswith(f"{PROFILES_SOURCE} '{catalogue_id}' ")


def run_code_import(args: Namespace) -> int:
    """Join the parts, check the catalogue, say what it holds (and what it changes), then install it: never over
    a different catalogue of that id unless told."""
    data = decode_catalogue(join("\n".join(_texts(args.sources))))
    try:
        catalogue = parse_catalogue(data, "the catalogue code")
    except CatalogueError as exc:
        raise ShareCodeError(f"the code's catalogue is not valid: {exc}") from None
    print(f"catalogue '{catalogue.id}' ({GAMES[catalogue.game].name}) revision {catalogue.revision}, "
          f"\"{catalogue.name}\": {contents(data)}")
    target = Path(args.output) if args.output else installed_catalogue_dir() / f"{catalogue.id}.toml"
    if target.exists():
        try:
            lines = differences(_raw(target), data)
        except CatalogueError:
            lines = []
        if lines:
            print(f"compared with {target}: {counted(len(lines), 'change')}")
            for line in lines:
                print(f"  {line}")
    if args.output:
        check_target(target, overwrite=args.overwrite, error=CatalogueError)
        try:
            write_atomic(target, catalogue_text(data, COMMENT))
        except OSError as exc:
            raise CatalogueError(f"{target}: cannot write the catalogue ({exc.strerror or exc})") from None
        print(f"wrote {target}")
        return 0
    replace = args.overwrite or _only_profiles(target, catalogue.id)
    if replace and not args.overwrite:
        print(f"replacing the profiles a shared roster installed as '{catalogue.id}' with the whole catalogue")
    installed = install(data, COMMENT, on_conflict="replace" if replace else "refuse")
    print(f"{'installed' if installed.written else 'already installed, unchanged:'} {installed.path}")
    return 0
