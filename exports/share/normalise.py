"""Share codes as people paste them: spaces, line breaks and dashes are ignored; long codes print in groups."""

from __future__ import annotations

from exports.share.envelope import MAX_CODE_CHARS
from exports.share.errors import ShareCodeError

DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2212"
"""Hyphen-minus and the dashes word processors and chat apps turn it into."""
MAX_PASTED_CHARS = 4 * MAX_CODE_CHARS
"""Longest pasted text looked at (a grouped code with generous spacing fits many times over)."""
GROUP = 4
GROUPS_PER_LINE = 8


def pasted_code(text: str) -> str:
    """The code in pasted text: every whitespace character and dash dropped, nothing else changed."""
    if len(text) > MAX_PASTED_CHARS:
        raise ShareCodeError(
            f"not a share code: {len(text)} characters is too long (a share code has at most {MAX_CODE_CHARS})"
        )
    return "".join(c for c in text if not c.isspace() and c not in DASHES)


def grouped(code: str, size: int = GROUP, per_line: int = GROUPS_PER_LINE) -> str:
    """The code in dash-joined groups of `size`, `per_line` groups a line: easy to read aloud, pastes back. A numbered
    part ("2/3 …") keeps its number apart, before the first line's groups."""
    label, _, body = code.rpartition(" ")  # a code has no space: one is the part number's
    groups = [body[i : i + size] for i in range(0, len(body), size)]
    lines = ["-".join(groups[i : i + per_line]) for i in range(0, len(groups), per_line)]
    return (f"{label} " if label else "") + "\n".join(lines)
