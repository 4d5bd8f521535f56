"""Wording shared by findings, screens and exports: a number with its noun, and text made safe to show."""

from __future__ import annotations

import re
from functools import cache

MAX_LISTED = 50
"""The most problems or findings any command lists one by one; the rest are counted."""


def listed(lines: list[str], limit: int = MAX_LISTED) -> list[str]:
    """The first `limit` lines, and one more saying how many were left out ("… and 12 more"): a file with a million
    mistakes is told in a screenful."""
    if len(lines) <= limit:
        return list(lines)
    return [*lines[:limit], f"… and {len(lines) - limit} more"]


def counted(n: object, noun: str, plural: str | None = None) -> str:
    """'1 bolt', '3 bolts', '2.5 points': the number as given and the noun, plural unless the number is one."""
    return f"{n} {noun if str(n) == '1' else plural or noun + 's'}"


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th', '11th', '22nd', '103rd': a count in a message ("its 3rd Move this game turn")."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


MAX_SHOWN = 40
"""The most characters of a value from a file or a code that a message quotes: a 2 MB value makes a short line."""


def possessive(name: str) -> str:
    """The name owning something: "Troopers'" for a name ending in s (units are mostly plural), else "Firebrand's"."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def shown(value: object, limit: int = MAX_SHOWN, *, quoted: bool = True) -> str:
    """A value from a file or a code quoted for a message, as Python writes it (control characters escaped), cut to
    `limit` characters and its size told when longer; a huge whole number is told by its digits. Not `quoted`: text
    as it is (its control characters escaped), for a message that shows it bare."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * limit:
        return f"a number of about {value.bit_length() * 3010 // 10000 + 1:,} digits"
    if not isinstance(value, str):
        return repr(value)[:limit]
    quote = repr if quoted else visible
    if len(value) <= limit:
        return quote(value)
    return f"{quote(value[:limit])}… ({len(value):,} characters)"


BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Characters that reorder the text around them (a name could hide what follows it)."""
LINE_SEPARATORS = frozenset("\u2028\u2029")
"""Unicode's own line and paragraph breaks: Python's splitlines and many readers break a line at them."""


def _hidden(char: str) -> bool:
    return ord(char) < 0x20 or 0x7F <= ord(char) <= 0x9F or char in BIDI_CONTROLS or char in LINE_SEPARATORS


@cache
def _hidden_pattern(allowed: str) -> re.Pattern[str]:
    """A pattern matching any control or bidi character but those `allowed`."""
    hidden = [chr(c) for c in (*range(0x20), *range(0x7F, 0xA0))] + sorted(BIDI_CONTROLS | LINE_SEPARATORS)
    return re.compile("[" + "".join(re.escape(c) for c in hidden if c not in allowed) + "]")


def hidden_character(text: str, allowed: str = "") -> str | None:
    """The first control or bidi character in `text` (other than those `allowed`), or None."""
    found = _hidden_pattern(allowed).search(text)
    return found.group() if found else None


def escaped(char: str) -> str:
    """A character written out as Python would: ESC as \\x1b, U+202E as \\u202e."""
    return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"


def visible(text: str, keep: str = "") -> str:
    """`text` with every control and bidi character (other than those in `keep`) written out as an escape:
    what came from a file or a code can never drive the terminal."""
    if hidden_character(text, keep) is None:
        return text
    return "".join(escaped(c) if c not in keep and _hidden(c) else c for c in text)
