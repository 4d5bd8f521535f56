"""A whole catalogue as a code: one Base32 text, split into numbered parts ("1/3 …") when one QR cannot hold it.

The parts are plain slices of one sealed code, so its checksum covers the whole: parts of two different
catalogues, a part typed wrong or one left out never join into a catalogue.
"""

from __future__ import annotations

import re
from typing import Any

from exports.share.bits import BitWriter
from exports.share.envelope import CATALOGUE_FORMAT, finish, is_whole_code, open_any, seal
from exports.share.errors import ShareCodeError
from exports.share.normalise import pasted_code
from exports.share.profiles import pack, read_blob, unpack, write_blob

PART_CHARS = 1000
"""Most code characters in one part: a QR of version 22 at level M, which a phone reads off a screen."""
MAX_PARTS = 99
MAX_CATALOGUE_CHARS = PART_CHARS * MAX_PARTS
"""Longest catalogue code accepted (checked before any other work) and produced."""
MAX_PASTED_CATALOGUE_CHARS = 2 * MAX_CATALOGUE_CHARS
_MARKER = re.compile(r"(?:^|(?<=\s))([0-9]{1,3})\s*/\s*([0-9]{1,3})(?=\s)")


def encode_catalogue(data: dict[str, Any]) -> str:
    """The code of a catalogue's data (as its file parses: the installed copy has the same content hash)."""
    writer = BitWriter()
    write_blob(writer, pack(data))
    code = seal(writer, CATALOGUE_FORMAT)
    if len(code) > MAX_CATALOGUE_CHARS:
        raise ShareCodeError(
            f"the catalogue is too large for a code ({len(code)} characters; at most {MAX_CATALOGUE_CHARS})"
        )
    return code


def split(code: str, part_chars: int = PART_CHARS) -> list[str]:
    """The code as it is shown and printed: whole when one part holds it, else "1/3 …", "2/3 …", "3/3 …" (each part
    at most `part_chars` characters of the code; a screen too small for the printed size asks for smaller ones)."""
    chunks = [code[i : i + part_chars] for i in range(0, len(code), part_chars)]
    return chunks if len(chunks) == 1 else [f"{n}/{len(chunks)} {chunk}" for n, chunk in enumerate(chunks, 1)]


def is_part(text: str) -> bool:
    """Whether a QR code's (or a paste's) text is a catalogue code or begins with a numbered part of one."""
    text = text.strip()
    if numbered(text):
        return True
    try:
        open_any(pasted_code(text), CATALOGUE_FORMAT, MAX_CATALOGUE_CHARS)
    except ShareCodeError:
        return False
    return True


def numbered(text: str) -> bool:
    """Whether pasted text begins with a part's number ("2/3 …")."""
    return _MARKER.match(text.strip()) is not None


def join(text: str, what: str = "catalogue code") -> str:
    """The whole code in pasted text: numbered parts in any order (a part given twice must say the same), or one
    code without numbers; whitespace and dashes ignored. `what` names the code in errors."""
    if len(text) > MAX_PASTED_CATALOGUE_CHARS:
        raise ShareCodeError(f"not a {what}: {len(text)} characters is too long")
    markers = list(_MARKER.finditer(text))
    _refuse_whole_among(text, numbered=bool(markers))
    if not markers:
        return pasted_code(text)
    if text[: markers[0].start()].strip():
        raise ShareCodeError(f"not a {what}: text before part 1's number")
    totals = {int(marker.group(2)) for marker in markers}
    if len(totals) != 1:
        raise ShareCodeError(f"the parts belong to different codes (of {' and '.join(map(str, sorted(totals)))} parts)")
    total = totals.pop()
    parts: dict[int, str] = {}
    for marker, following in zip(markers, [*markers[1:], None]):
        number = int(marker.group(1))
        body = pasted_code(text[marker.end() : following.start() if following else len(text)])
        if not 1 <= number <= total <= MAX_PARTS:
            raise ShareCodeError(f"not a {what}: part '{number}/{total}' (a code has 1 to {MAX_PARTS} parts)")
        if parts.get(number, body) != body:
            raise ShareCodeError(f"part {number}/{total} is given twice, differently: keep one")
        parts[number] = body
    missing = [str(n) for n in range(1, total + 1) if n not in parts]
    if missing:
        raise ShareCodeError(
            f"part{'s' if len(missing) > 1 else ''} {', '.join(missing)} of {total} "
            f"{'are' if len(missing) > 1 else 'is'} missing"
        )
    return "".join(parts[n] for n in range(1, total + 1))


def _refuse_whole_among(text: str, numbered: bool) -> None:
    """A whole code pasted beside another, or beside parts, would be read with them as one damaged code: say so.
    (A whole code in groups has no group long enough to be a code of its own.)"""
    words = _MARKER.sub(" ", text).split()
    if len(words) > 1 and any(is_whole_code(word) for word in words):
        among = "numbered parts" if numbered else "more text"
        raise ShareCodeError(f"a whole code among {among}: give the whole code alone, or every numbered part of one")


def decode_catalogue(code: str) -> dict[str, Any]:
    """The catalogue data in a whole catalogue code; ShareCodeError for anything else (the data is checked as a
    catalogue by whoever installs it)."""
    _, reader = open_any(code, CATALOGUE_FORMAT, MAX_CATALOGUE_CHARS)
    data = unpack(read_blob(reader))
    finish(reader)
    return data
