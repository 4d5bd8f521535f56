"""`warbench catalog share CATALOGUE [--qr FILE]` and `warbench catalog import CODE|PICTURE…`: whole catalogues as
codes (numbered parts when one QR cannot hold them), installed after saying what they hold."""

from __future__ import annotations

import re
import sys
from argparse import Namespace
from collections.abc import Callable
from pathlib import Path

from builder.catalogue_arrival import arrive, base_note, outgoing, read_catalogue_code
from builder.game import short_name_of
from catalog.file_kinds import what_else
from catalog.files import check_target
from catalog.installing import contents
from catalog.loader import find_catalogue
from catalog.toml_input import read_bounded
from exports.errors import ExportError
from exports.share.catalogue_code import MAX_PASTED_CATALOGUE_CHARS, encode_catalogue, is_part, numbered, split
from exports.share.errors import ShareCodeError
from exports.share.qr import IMAGE_SUFFIXES, read_qr_texts, write_qr
from exports.share.source import PICTURE_SUFFIXES, existing_file, refuse_missing_picture

PART_NUMBER = re.compile(r"[0-9]{1,3}/[0-9]{1,3}")
"""A part's number given as its own argument (`catalog import 1/2 ABC… 2/2 DEF…`), not a path."""


def run_share(args: Namespace) -> int:
    """Print the catalogue's code (its parts, one a line), and write the QR pictures when asked."""

    path = find_catalogue(args.catalogue)
    data, catalogue = outgoing(path)
    code = encode_catalogue(data)
    parts = split(code)
    targets: list[Path] = []
    if args.qr:
        qr = Path(args.qr)
        if qr.suffix.lower() not in IMAGE_SUFFIXES:
            raise ExportError(f"{qr}: a QR image must be .png or .svg, not '{qr.suffix or 'no extension'}'")
        targets = (
            [qr] if len(parts) == 1 else [qr.with_name(f"{qr.stem}-{n}{qr.suffix}") for n in range(1, len(parts) + 1)]
        )
        for target in targets:
            check_target(target, inputs=(path,), overwrite=args.overwrite, error=ExportError)
    for part in parts:
        print(part)
    print(
        f"catalogue '{catalogue.id}' revision {catalogue.revision} ({contents(data)}"
        + (f", building on {catalogue.extends}" if catalogue.extends else "")
        + f"): {len(code)} characters"
        + (f" in {len(parts)} parts" if len(parts) > 1 else ""),
        file=sys.stderr,
    )
    if note := base_note(data):
        print(f"note: {note}", file=sys.stderr)
    for target, part in zip(targets, parts):
        print(f"wrote {target}: QR version {write_qr(part, target)}", file=sys.stderr)
    return 0


def code_texts(sources: list[str], what: str = "catalogue code", accept: Callable[[str], bool] = is_part) -> list[str]:
    """The code text in each source: a picture's QR codes (every part it shows that `accept` takes), a text file,
    standard input (`-`), or the argument itself; `what` names the code in errors."""

    texts = []
    for source in sources:
        if source == "-":
            text = sys.stdin.read(MAX_PASTED_CATALOGUE_CHARS + 1)
            if len(text) > MAX_PASTED_CATALOGUE_CHARS:
                raise ShareCodeError(
                    f"standard input: more than {MAX_PASTED_CATALOGUE_CHARS} characters is not a {what}"
                )
            texts.append(text)
        elif (path := existing_file(source)) is not None and path.suffix.lower() in PICTURE_SUFFIXES:
            texts += read_qr_texts(path, accept, what)
        elif path is not None:
            data = read_bounded(path, MAX_PASTED_CATALOGUE_CHARS, ShareCodeError, what)
            if other := what_else(data, short_name_of):
                raise ShareCodeError(f"{path}: not a {what}: {other}")
            texts.append(data.decode("utf-8", "replace"))
        else:
            if not PART_NUMBER.fullmatch(source) and not numbered(source):
                refuse_missing_picture(source)
            texts.append(source)
    return texts


def run_code_import(args: Namespace) -> int:
    """Join the parts, check the catalogue, say what it holds (and what it changes), then install it: never over
    a different catalogue of that id unless told."""
    data, catalogue = read_catalogue_code(code_texts(args.sources))
    arrive(data, catalogue, print, overwrite=args.overwrite, output=Path(args.output) if args.output else None)
    return 0
