"""Codes of the kinds named in their payload (format 1 and its escape): sealed and opened like every code, the kind
checked before a field is read."""

from __future__ import annotations

from exports.share.bits import BitReader, BitWriter
from exports.share.envelope import ESCAPE_BITS, EXTENDED_FORMAT, KINDS, MAX_CODE_CHARS, open_any, seal
from exports.share.errors import ShareCodeError


def seal_kind(payload: BitWriter, kind: int) -> str:
    """The code of `payload` as an extended code of `kind` (refused past the longest code)."""
    writer = BitWriter()
    writer.bits(0, ESCAPE_BITS)
    writer.number(kind, "kind")
    writer.bits(payload.value, payload.length)
    code = seal(writer, EXTENDED_FORMAT)
    if len(code) > MAX_CODE_CHARS:
        what = KINDS[kind][0].removeprefix("a ").removesuffix("'s code")
        raise ShareCodeError(f"the {what} is too large for a code ({len(code)} characters; at most {MAX_CODE_CHARS})")
    return code


def open_kind(text: object, kind: int) -> BitReader:
    """A reader after the kind of an extended code of `kind`; another code is refused naming what it is."""
    _, reader = open_any(text, EXTENDED_FORMAT)
    if reader.remaining <= ESCAPE_BITS or reader.bits(ESCAPE_BITS):
        raise ShareCodeError(
            f"the share code is in format {EXTENDED_FORMAT}, an older Warbench's roster code, not {KINDS[kind][0]}"
        )
    found = reader.number("kind")
    if found != kind:
        what, how = KINDS.get(found, (f"a code of a kind ({found}) this Warbench does not know", "made by a newer one"))
        raise ShareCodeError(f"this is {what}, not {KINDS[kind][0]}: {how}")
    return reader


def is_kind(text: str, kind: int) -> bool:
    """Whether a text (a QR code's) is a whole extended code of `kind`."""
    try:
        open_kind(text, kind)
    except ShareCodeError:
        return False
    return True
