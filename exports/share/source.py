"""Where a shared roster arrives from: a share code pasted any way, or a photo or screenshot of its QR code."""

from __future__ import annotations

import sys
from pathlib import Path

from builder.roster.files import LoadedRoster
from exports.share.errors import ShareCodeError
from exports.share.normalise import MAX_PASTED_CHARS, pasted_code
from exports.share.qr import read_qr_image
from exports.share.roster_code import decode_share_code, read_share_code

PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".tif", ".tiff", ".svg")
"""Paths read as pictures of a QR code (anything else that is no file is taken for a code)."""


def existing_file(source: str) -> Path | None:
    """The file `source` names, if it names one (`~` is the home folder)."""
    try:
        path = Path(source).expanduser()
        return path if path.is_file() else None
    except (OSError, ValueError):
        return None


def read_stdin(what: str = "share code") -> str:
    """A code piped or pasted on standard input (`share import -`, `battle import -`), read up to a bound."""
    text = sys.stdin.read(MAX_PASTED_CHARS + 1)
    if len(text) > MAX_PASTED_CHARS:
        raise ShareCodeError(f"standard input: more than {MAX_PASTED_CHARS} characters is not a {what}")
    return text


def refuse_missing_picture(source: str) -> None:
    """A short text that looks like a path names a picture that is not there: one line, not a misread code."""
    if len(source) < 256 and (any(c in source for c in "./\\") or source.lower().endswith(PICTURE_SUFFIXES)):
        what = "file" if source.lower().endswith(".toml") else "image file"  # a roster's name, not a picture's
        raise ShareCodeError(f"{source}: no such {what} (and not a share code)")


def read_source(source: str) -> LoadedRoster:
    """The roster in a share code (spaces, line breaks and dashes ignored), or in the QR code of a picture at
    that path; a path to no file is one line, not a misread code."""
    if (path := existing_file(source)) is not None:
        return decode_share_code(read_qr_image(path))
    refuse_missing_picture(source)
    return decode_share_code(pasted_code(source))


def check_source(source: str) -> None:
    """Raise the ShareCodeError reading `source` as a pasted code would raise, without installing anything (a code
    with profiles is checked whole; its catalogue is installed only when it is imported)."""
    refuse_missing_picture(source)
    read_share_code(pasted_code(source))
