"""RFC 4648 Base32 without padding, over bit strings (A–Z, 2–7: every character is QR alphanumeric)."""

from __future__ import annotations

from exports.share.errors import ShareCodeError

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_VALUE = {**{char: i for i, char in enumerate(ALPHABET)}, **{char.lower(): i for i, char in enumerate(ALPHABET)}}
"""Character -> 5-bit value; lower case reads as upper case (and nothing else is folded)."""


def encode_bits(value: int, length: int) -> str:
    """The bits (most significant first), zero-padded on the right to a whole character."""
    pad = -length % 5
    value <<= pad
    count = (length + pad) // 5
    return "".join(ALPHABET[(value >> (5 * (count - 1 - i))) & 31] for i in range(count))


def decode_bits(text: str) -> tuple[int, int]:
    """(value, bit length) of Base32 text in either case; a character outside the alphabet is refused."""
    value = 0
    for position, char in enumerate(text, 1):
        digit = _VALUE.get(char)
        if digit is None:
            shown = char if char.isprintable() and char.isascii() else f"U+{ord(char):04X}"
            raise ShareCodeError(
                f"not a share code: character {position} is '{shown}' "
                "(share codes use only the letters A–Z and digits 2–7)"
            )
        value = (value << 5) | digit
    return value, 5 * len(text)
