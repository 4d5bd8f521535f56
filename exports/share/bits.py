"""Bit writer and reader for share codes: fixed-width indices, Exp-Golomb numbers and slugs."""

from __future__ import annotations

import re

from exports.share.errors import ShareCodeError

MAX_NUMBER_BITS = 40
"""Numbers in a code are below 2**40 (Exp-Golomb prefixes longer than this are refused)."""
SLUG_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789-"
SLUG_BITS = 6
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def width(n: int) -> int:
    """Bits for one of `n` choices: ceil(log2(n)), 0 when there is a single choice."""
    return (n - 1).bit_length() if n > 1 else 0


def zigzag(value: int) -> int:
    """Signed -> unsigned: 0, -1, 1, -2, … -> 0, 1, 2, 3, …"""
    return value * 2 if value >= 0 else -value * 2 - 1


class BitWriter:
    """Appends fields most-significant bit first."""

    def __init__(self) -> None:
        self.value = 0
        self.length = 0

    def bits(self, value: int, count: int) -> None:
        if value < 0 or value >> count:
            raise ValueError(f"{value} does not fit in {count} bits")
        self.value = (self.value << count) | value
        self.length += count

    def flag(self, on: bool) -> None:
        self.bits(1 if on else 0, 1)

    def choice(self, index: int, n: int) -> None:
        """One of `n` choices in width(n) bits."""
        if not 0 <= index < n:
            raise ValueError(f"index {index} out of range {n}")
        self.bits(index, width(n))

    def number(self, value: int, what: str) -> None:
        """A non-negative number as Exp-Golomb (0 -> 1 bit, 1-2 -> 3 bits, 3-6 -> 5 bits …)."""
        if value < 0 or value + 1 >= 1 << MAX_NUMBER_BITS:
            raise ShareCodeError(
                f"{what}: {value} is out of the range a share code holds (0 to {2**MAX_NUMBER_BITS - 2})"
            )
        size = (value + 1).bit_length()
        self.bits(0, size - 1)
        self.bits(value + 1, size)

    def signed(self, value: int, what: str) -> None:
        """A whole number of either sign (zigzag, then Exp-Golomb)."""
        limit = (1 << (MAX_NUMBER_BITS - 1)) - 1
        if not -limit <= value <= limit:
            raise ShareCodeError(f"{what}: {value} is out of the range a share code holds (-{limit} to {limit})")
        self.number(zigzag(value), what)

    def count(self, n: int, limit: int, what: str) -> None:
        """How many items follow (refused on encode above `limit`, as the decoder would refuse it)."""
        if n > limit:
            raise ShareCodeError(f"{what}: {n} entries is more than a share code holds ({limit})")
        self.number(n, what)

    def slug(self, text: str, what: str) -> None:
        """An id-like key (a–z, 0–9, '-') in 6 bits a character."""
        if not _SLUG.match(text) or len(text) > 80:
            raise ShareCodeError(f"{what}: {text!r} is not an id a share code can hold")
        self.number(len(text), what)
        for char in text:
            self.bits(SLUG_ALPHABET.index(char), SLUG_BITS)


class BitReader:
    """Reads the fields a BitWriter wrote; any overrun or out-of-range value is a ShareCodeError."""

    def __init__(self, value: int, length: int, version: int = 0) -> None:
        self.value = value
        self.length = length
        self.pos = 0
        self.version = version
        """The format the code says it is in (its envelope checked it is one the reader knows)."""

    @property
    def remaining(self) -> int:
        return self.length - self.pos

    def bits(self, count: int) -> int:
        if count > self.remaining:
            raise ShareCodeError("the share code ends too soon (it is truncated or damaged)")
        self.pos += count
        return (self.value >> (self.length - self.pos)) & ((1 << count) - 1)

    def flag(self) -> bool:
        return self.bits(1) == 1

    def peek(self) -> bool:
        """The next bit, left to be read."""
        if not self.remaining:
            raise ShareCodeError("the share code ends too soon (it is truncated or damaged)")
        return (self.value >> (self.length - self.pos - 1)) & 1 == 1

    def choice(self, n: int, what: str) -> int:
        index = self.bits(width(n))
        if index >= n:
            raise ShareCodeError(f"the share code names {what} number {index}, but there are only {n}")
        return index

    def number(self, what: str) -> int:
        zeros = 0
        while not self.bits(1):
            zeros += 1
            if zeros >= MAX_NUMBER_BITS:
                raise ShareCodeError(f"the share code has an impossibly large {what}")
        return ((1 << zeros) | self.bits(zeros)) - 1

    def signed(self, what: str) -> int:
        value = self.number(what)
        return value // 2 if value % 2 == 0 else -(value + 1) // 2

    def count(self, limit: int, what: str) -> int:
        n = self.number(what)
        if n > limit:
            raise ShareCodeError(f"the share code claims {n} {what}; a share code holds at most {limit}")
        return n

    def slug(self, what: str) -> str:
        size = self.number(what)
        if size > 80 or SLUG_BITS * size > self.remaining:
            raise ShareCodeError(f"the share code's {what} is too long (damaged code)")
        chars = []
        for _ in range(size):
            index = self.bits(SLUG_BITS)
            if index >= len(SLUG_ALPHABET):
                raise ShareCodeError(f"the share code's {what} has a character no id can have (damaged code)")
            chars.append(SLUG_ALPHABET[index])
        text = "".join(chars)
        if not _SLUG.match(text):
            raise ShareCodeError(f"the share code's {what} {text!r} is not a valid id (damaged code)")
        return text
