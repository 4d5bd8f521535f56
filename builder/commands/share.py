"""`warbench share code|qr|import`: a roster as a share code or QR image, and back."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from builder.commands.catalog_share import code_texts
from builder.roster.errors import RosterFileError
from builder.roster.files import LoadedRoster, read_roster, write_roster
from catalog.access import reads_recorded
from catalog.files import check_target
from exports.errors import ExportError
from exports.share import decode_share_code
from exports.share.catalogue_code import numbered
from exports.share.codec import carries_profiles
from exports.share.envelope import ROSTER_FORMATS, is_bundled
from exports.share.errors import ShareCodeError
from exports.share.normalise import grouped, pasted_code
from exports.share.qr import IMAGE_SUFFIXES as QR_SUFFIXES
from exports.share.qr import opens, write_qr
from exports.share.roster_parts import decode_roster_parts, roster_parts
from exports.share.source import PICTURE_SUFFIXES, existing_file, read_source, read_stdin


def _print_notes(loaded: LoadedRoster) -> None:
    for note in loaded.notes:
        print(f"note: {note}", file=sys.stderr)


def _parts(loaded: LoadedRoster, with_notes: bool) -> list[str]:
    """The roster's code, or its numbered parts when its profiles do not fit in one; says so on stderr (and when
    even parts cannot hold them)."""
    parts = roster_parts(loaded.roster, loaded.catalogue, with_notes=with_notes)
    catalogue = loaded.catalogue
    if len(parts) > 1:
        print(
            f"note: the roster with the profiles it uses is {sum(len(p.split()[1]) for p in parts)} characters, "
            f"in {len(parts)} parts (one a line, one QR each): `warbench share import` takes them all, in any order",
            file=sys.stderr,
        )
    elif not is_bundled(catalogue) and not carries_profiles(parts[0]):
        print(
            f"note: the profiles this roster uses do not fit in a code; the opponent needs catalogue "
            f"'{catalogue.id}' revision {catalogue.revision} (`warbench catalog share {catalogue.id}`)",
            file=sys.stderr,
        )
    return parts


def run_code(args: argparse.Namespace) -> int:
    """Print the roster's share code (its parts, one a line)."""
    loaded = read_roster(args.roster)
    _print_notes(loaded)
    parts = _parts(loaded, args.notes)
    if len(parts) == 1 and getattr(args, "grouped", False):
        print(grouped(parts[0]))
    else:
        print("\n".join(parts))
    return 0


def run_qr(args: argparse.Namespace) -> int:
    """Write the share code as a .png or .svg QR image (one a part: FILE-1.png, FILE-2.png …)."""

    output = Path(args.output)
    if output.suffix.lower() not in QR_SUFFIXES:
        raise ExportError(f"{output}: a QR image must be .png or .svg, not '{output.suffix or 'no extension'}'")
    with reads_recorded() as read:
        loaded = read_roster(args.roster)
    _print_notes(loaded)
    parts = _parts(loaded, args.notes)
    targets = (
        [output]
        if len(parts) == 1
        else [output.with_name(f"{output.stem}-{n}{output.suffix}") for n in range(1, len(parts) + 1)]
    )
    for target in targets:
        check_target(target, inputs=(args.roster, *read), overwrite=args.overwrite, error=ExportError)
    for target, part in zip(targets, parts):
        print(f"wrote {target}: QR version {write_qr(part, target)}, {len(part)} characters")
    return 0


def load_source(source: str) -> LoadedRoster:
    """The roster in a share code (spaces, line breaks and dashes ignored; `-` reads standard input), or in
    the QR code of a picture at that path; numbered parts are joined."""
    if source == "-":
        text = read_stdin()
        if numbered(text):
            return decode_roster_parts([text])
        return decode_share_code(pasted_code(text))
    if numbered(source) or _picture(source):
        return load_sources([source])
    loaded: LoadedRoster = read_source(source)
    return loaded


def _picture(source: str) -> bool:
    path = existing_file(source)
    return path is not None and path.suffix.lower() in PICTURE_SUFFIXES


def load_sources(sources: list[str]) -> LoadedRoster:
    """The roster in one source, or in the numbered parts across several (codes, `-`, pictures; any order)."""

    if len(sources) == 1 and not numbered(sources[0]) and not _picture(sources[0]):
        return load_source(sources[0])
    texts = code_texts(sources, "share code", lambda text: numbered(text) or opens(text, ROSTER_FORMATS))
    if not any(numbered(text) for text in texts):
        if len(texts) > 1:
            raise ShareCodeError(f"{len(texts)} share codes given: give one, or every numbered part of one")
        return decode_share_code(pasted_code(texts[0]))
    return decode_roster_parts(texts)


def run_import(args: argparse.Namespace) -> int:
    """Write the roster from a code or QR picture to a roster file (never over an existing one unless asked)."""
    with reads_recorded() as read:
        loaded = load_sources(args.source)
    output = check_target(args.output, inputs=tuple(read), overwrite=args.overwrite, error=RosterFileError)
    write_roster(output, loaded.roster, loaded.catalogue)
    _print_notes(loaded)
    roster = loaded.roster
    print(
        f"wrote {output}: {roster.name or 'unnamed roster'} ({roster.game}, catalogue '{loaded.catalogue.id}' "
        f"revision {loaded.catalogue.revision})"
    )
    return 0
