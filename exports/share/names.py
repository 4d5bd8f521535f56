"""Free text (roster, mech, pilot and unit names) in a share code: UTF-8, or a fixed prefix code when shorter.

The prefix code is a static Huffman code over the characters names are made of, built once from the
fixed weights below (no general compression: every code word is one character, the length comes first).
Any other character is an escape followed by its code point.
"""

from __future__ import annotations

import heapq
from functools import lru_cache

from exports.share.bits import BitReader, BitWriter
from exports.share.errors import ShareCodeError

ESCAPE = ""
_LOWER = dict(
    zip(
        "etaoinshrdlcumwfgypbvkjxqz",
        (127, 91, 82, 75, 70, 67, 63, 61, 60, 43, 40, 28, 28, 24, 24, 22, 20, 20, 19, 15, 10, 8, 2, 2, 1, 1),
    )
)
_UPPER = dict(
    zip(
        "TASWCBPHFMIODRELNGUVYKJQZX",
        (18, 15, 12, 10, 10, 10, 9, 9, 8, 8, 7, 7, 6, 6, 6, 6, 5, 5, 3, 3, 3, 3, 2, 1, 1, 1),
    )
)
WEIGHTS: dict[str, int] = {
    " ": 150,
    **_LOWER,
    **_UPPER,
    **dict.fromkeys("0123456789", 4),
    "-": 4,
    "'": 3,
    ".": 3,
    ",": 1,
    "&": 1,
    "!": 1,
    "?": 1,
    "(": 1,
    ")": 1,
    ":": 1,
    "/": 1,
    "#": 1,
    '"': 1,
    "+": 1,
    "_": 1,
    "’": 1,
    ESCAPE: 2,
}
"""Relative frequencies of characters in names (English letter frequencies; a capital per word)."""


@lru_cache(maxsize=1)
def _code() -> tuple[dict[str, tuple[int, int]], dict[tuple[int, int], str]]:
    """(char -> (bits, length), (bits, length) -> char): canonical Huffman code of WEIGHTS."""
    heap = [(weight, i, char) for i, (char, weight) in enumerate(WEIGHTS.items())]
    heapq.heapify(heap)
    lengths = dict.fromkeys(WEIGHTS, 0)
    groups = {i: [char] for _, i, char in heap}
    order = len(heap)
    while len(heap) > 1:
        w1, i1, _ = heapq.heappop(heap)
        w2, i2, _ = heapq.heappop(heap)
        merged = groups.pop(i1) + groups.pop(i2)
        for char in merged:
            lengths[char] += 1
        groups[order] = merged
        heapq.heappush(heap, (w1 + w2, order, ""))
        order += 1
    encode, decode, code, previous = {}, {}, 0, 0
    for char in sorted(WEIGHTS, key=lambda c: (lengths[c], list(WEIGHTS).index(c))):
        code <<= lengths[char] - previous
        previous = lengths[char]
        encode[char] = (code, previous)
        decode[(code, previous)] = char
        code += 1
    return encode, decode


def _number_size(value: int) -> int:
    """Bits BitWriter.number spends on `value`."""
    return 2 * (value + 1).bit_length() - 1


def _packed_size(text: str) -> int:
    table = _code()[0]
    size = 0
    for char in text:
        if char in table:
            size += table[char][1]
        else:
            size += table[ESCAPE][1] + _number_size(ord(char))
    return size


def write_name(w: BitWriter, text: str, max_chars: int, what: str) -> None:
    """Length, then (if not empty) a mode bit: 0 = UTF-8 bytes, 1 = the prefix code (used when shorter)."""
    if len(text) > max_chars:
        raise ShareCodeError(f"{what} is too long for a share code ({len(text)} characters; at most {max_chars})")
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        raise ShareCodeError(f"{what} has a character that is not valid Unicode text") from None
    if not text:
        w.number(0, what)
        return
    if _number_size(len(text)) + _packed_size(text) >= _number_size(len(data)) + 8 * len(data):
        w.number(len(data), what)
        w.flag(False)
        w.bits(int.from_bytes(data, "big"), 8 * len(data))
        return
    table = _code()[0]
    w.number(len(text), what)
    w.flag(True)
    for char in text:
        if char in table:
            w.bits(*table[char])
        else:
            w.bits(*table[ESCAPE])
            w.number(ord(char), what)


def read_name(r: BitReader, max_chars: int, what: str) -> str:
    size = r.number(what)
    if size == 0:
        return ""
    if size > 4 * max_chars or size > r.remaining:
        raise ShareCodeError(f"the share code's {what} is longer than the code itself (damaged code)")
    if not r.flag():
        data = r.bits(8 * size).to_bytes(size, "big")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ShareCodeError(f"the share code's {what} is not valid UTF-8 text (damaged code)") from None
    else:
        decode, chars = _code()[1], []
        for _ in range(size):
            bits, length = 0, 0
            while (bits, length) not in decode:
                bits, length = (bits << 1) | r.bits(1), length + 1
                if length > 32:
                    raise ShareCodeError(f"the share code's {what} has an unknown character (damaged code)")
            char = decode[(bits, length)]
            if char == ESCAPE:
                point = r.number(what)
                if point > 0x10FFFF or 0xD800 <= point <= 0xDFFF:
                    raise ShareCodeError(f"the share code's {what} has an impossible character (damaged code)")
                char = chr(point)
            chars.append(char)
        text = "".join(chars)
    if len(text) > max_chars:
        raise ShareCodeError(f"the share code's {what} is too long ({len(text)} characters; damaged code)")
    return text
