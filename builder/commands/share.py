"""`warbench share code|qr|import`: a roster as a share code or QR image, and back."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from builder.roster.errors import RosterFileError
from builder.roster.files import LoadedRoster, read_roster, write_roster
from catalog.access import reads_recorded
from catalog.files import check_target
from exports.errors import ExportError
from exports.share import decode_share_code, encode_roster
from exports.share.codec import carries_profiles
from exports.share.envelope import is_bundled
from exports.share.errors import ShareCodeError
from exports.share.normalise import MAX_PASTED_CHARS, grouped, pasted_code
from exports.share.source import read_source


def _print_notes(loaded: LoadedRoster) -> None:
    for note in loaded.notes:
        print(f"note: {note}", file=sys.stderr)


def _code(loaded: LoadedRoster, with_notes: bool) -> str:
    """The roster's code; says so when its catalogue is not bundled and its profiles do not fit in the code."""
    code = encode_roster(loaded.roster, loaded.catalogue, with_notes=with_notes)
    if not is_bundled(loaded.catalogue) and not carries_profiles(code):
        catalogue = loaded.catalogue
        print(
            f"note: the profiles this roster uses do not fit in one code; the opponent needs catalogue "
            f"'{catalogue.id}' revision {catalogue.revision} (`warbench catalog share {catalogue.id}`)",
            file=sys.stderr,
        )
    return code


def run_code(args: argparse.Namespace) -> int:
    """Print the roster's share code."""
    loaded = read_roster(args.roster)
    _print_notes(loaded)
    code = _code(loaded, args.notes)
    print(grouped(code) if getattr(args, "grouped", False) else code)
    return 0


def run_qr(args: argparse.Namespace) -> int:
    """Write the share code as a .png or .svg QR image."""
    from exports.share.qr import IMAGE_SUFFIXES as QR_SUFFIXES
    from exports.share.qr import qr_version, write_qr

    output = Path(args.output)
    if output.suffix.lower() not in QR_SUFFIXES:
        raise ExportError(f"{output}: a QR image must be .png or .svg, not '{output.suffix or 'no extension'}'")
    with reads_recorded() as read:
        loaded = read_roster(args.roster)
    check_target(output, inputs=(args.roster, *read), overwrite=args.overwrite, error=ExportError)
    _print_notes(loaded)
    code = _code(loaded, args.notes)
    write_qr(code, output)
    print(f"wrote {output}: QR version {qr_version(code)}, {len(code)} characters")
    return 0


def read_stdin() -> str:
    """A share code piped or pasted on standard input (`share import -`), read up to a bound."""
    text = sys.stdin.read(MAX_PASTED_CHARS + 1)
    if len(text) > MAX_PASTED_CHARS:
        raise ShareCodeError(f"standard input: more than {MAX_PASTED_CHARS} characters is not a share code")
    return text


def load_source(source: str) -> LoadedRoster:
    """The roster in a share code (spaces, line breaks and dashes ignored; `-` reads standard input), or in
    the QR code of a picture at that path."""
    if source == "-":
        return decode_share_code(pasted_code(read_stdin()))
    loaded: LoadedRoster = read_source(source)
    return loaded


def run_import(args: argparse.Namespace) -> int:
    """Write the roster from a code or QR picture to a roster file (never over an existing one unless asked)."""
    with reads_recorded() as read:
        loaded = load_source(args.source)
    output = check_target(args.output, inputs=tuple(read), overwrite=args.overwrite, error=RosterFileError)
    write_roster(output, loaded.roster, loaded.catalogue)
    _print_notes(loaded)
    roster = loaded.roster
    print(
        f"wrote {output}: {roster.name or 'unnamed roster'} ({roster.game}, catalogue '{loaded.catalogue.id}' "
        f"revision {loaded.catalogue.revision})"
    )
    return 0
