"""Field helpers shared by the per-game codecs: catalogue references, optional values, keys, floats."""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence

from exports.share.bits import BitReader, BitWriter
from exports.share.errors import ShareCodeError

MAX_ITEMS = 255
"""Most entries in any one list of a roster (units, mechs, rack cards, attachments, hardpoints)."""
MAX_NAME_CHARS = 200
"""A name, as long as the roster format allows."""
MAX_NOTES_CHARS = 2000
"""The notes a share code carries; longer notes are refused on encode (the file format allows 4000 characters)."""


class NotStrict(Exception):
    """A value outside the legal-shaped pools: the roster is encoded in the general form instead."""


class Encoder:
    """Writes a roster's fields; `strict` codecs use the narrow legal-shaped pools."""

    def __init__(self, writer: BitWriter, strict: bool) -> None:
        self.w = writer
        self.strict = strict

    def position(self, value: str, pool: Sequence[str], where: str, what: str) -> int:
        """Where a known id is in `pool` (NotStrict, or a ShareCodeError in the general form, if absent)."""
        try:
            return pool.index(value)
        except ValueError:
            if self.strict:
                raise NotStrict(where) from None
            raise ShareCodeError(f"{where}: unknown {what} '{value}' (not in the catalogue)") from None

    def ref(self, value: str, pool: Sequence[str], where: str, what: str) -> None:
        """A known id as its position in `pool`."""
        self.w.choice(self.position(value, pool, where, what), len(pool))

    def optional_ref(self, value: str | None, pool: Sequence[str], where: str, what: str) -> None:
        """None as 0, else 1 + position in `pool`."""
        index = 0 if value is None else self.position(value, pool, where, what) + 1
        self.w.choice(index, len(pool) + 1)

    def key(self, value: str, pool: Sequence[str], where: str) -> None:
        """A key the roster format does not check: its position in `pool`, or the id spelled out."""
        if value in pool:
            self.w.choice(pool.index(value), len(pool) + 1)
        else:
            self.w.choice(len(pool), len(pool) + 1)
            self.w.slug(value, where)

    def optional_number(self, value: int | None, where: str) -> None:
        self.w.flag(value is not None)
        if value is not None:
            self.w.number(value, where)

    def real(self, value: float, where: str) -> None:
        """A float exactly: whole numbers and hundredths compactly, anything else as 64 bits."""
        if math.isfinite(value) and math.copysign(1.0, value) > 0 and value < 2**38:
            if value == int(value):
                self.w.bits(0, 2)
                self.w.number(int(value), where)
                return
            hundredths = round(value * 100)
            if hundredths / 100 == value:
                self.w.bits(1, 2)
                self.w.number(hundredths, where)
                return
        self.w.bits(2, 2)
        self.w.bits(struct.unpack(">Q", struct.pack(">d", value))[0], 64)


class Decoder:
    """Reads what an Encoder wrote, checking every index against the catalogue's lists."""

    def __init__(self, reader: BitReader, strict: bool) -> None:
        self.r = reader
        self.strict = strict

    def ref(self, pool: Sequence[str], what: str) -> str:
        return pool[self.r.choice(len(pool), what)]

    def optional_ref(self, pool: Sequence[str], what: str) -> str | None:
        index = self.r.choice(len(pool) + 1, what)
        return None if index == 0 else pool[index - 1]

    def key(self, pool: Sequence[str], what: str) -> str:
        index = self.r.choice(len(pool) + 1, what)
        return pool[index] if index < len(pool) else self.r.slug(what)

    def optional_number(self, what: str) -> int | None:
        return self.r.number(what) if self.r.flag() else None

    def real(self, what: str) -> float:
        mode = self.r.bits(2)
        if mode == 0:
            return float(self.r.number(what))
        if mode == 1:
            return self.r.number(what) / 100
        if mode == 2:
            real: float = struct.unpack(">d", struct.pack(">Q", self.r.bits(64)))[0]
            return real
        raise ShareCodeError(f"the share code's {what} is in an unknown form (damaged code)")
