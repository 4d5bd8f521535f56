"""Wording shared by findings, screens and exports: a number with its noun, singular only for one."""

from __future__ import annotations


def counted(n: object, noun: str, plural: str | None = None) -> str:
    """'1 bolt', '3 bolts', '2.5 points': the number as given and the noun, plural unless the number is one."""
    return f"{n} {noun if str(n) == '1' else plural or noun + 's'}"
