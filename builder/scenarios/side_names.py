"""A battle's sides as a report names them: a name two sides share (a mirror match) is told apart by whose it is."""

from __future__ import annotations

from collections.abc import Sequence

WHOSE = ("ours", "the opponent's")
"""Whose side each of the first two is, as the battle screen says it; a third side and on is told by its number."""


def told_apart(names: Sequence[str]) -> list[str]:
    """Each name as given, or followed by whose side it is when another side has it too: "Fantasy Army (ours)",
    "Fantasy Army (the opponent's)"; at a table of more than two, where a side may be a teammate, by its number:
    "(side 2)"."""
    whose = WHOSE if len(names) <= len(WHOSE) else ()
    return [
        f"{name} ({whose[s] if s < len(whose) else f'side {s + 1}'})" if names.count(name) > 1 else name
        for s, name in enumerate(names)
    ]
