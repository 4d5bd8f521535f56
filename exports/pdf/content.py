"""What a game's module hands the document: sheet facts and tables, cards, half-page sheets, extra pages."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from exports.pdf.card import Card
from exports.pdf.layout import HalfSheet
from exports.pdf.sheet import SheetTable

T = TypeVar("T")


@dataclass
class ExtraPage:
    """A full page after the roster sheet (the McWarrior warband sheet)."""

    title: str
    tables: list[tuple[str, SheetTable]]
    lines: list[str] = field(default_factory=list)


@dataclass
class GameContent:
    """A game's part of the export."""

    facts: list[tuple[str, str]] = field(default_factory=list)
    tables: list[tuple[str, SheetTable]] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    half_sheets: list[HalfSheet] = field(default_factory=list)
    pages: list[ExtraPage] = field(default_factory=list)


def group(items: Iterable[T], key: Callable[[T], Hashable]) -> list[tuple[T, int]]:
    """Distinct items by `key`, in order of first appearance, each with how many times it occurs."""
    counts: dict[Hashable, tuple[T, int]] = {}
    for item in items:
        k = key(item)
        first, n = counts.get(k, (item, 0))
        counts[k] = (first, n + 1)
    return list(counts.values())


def fold(
    headers: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[float], columns: int = 2
) -> tuple[list[str], list[list[str]], list[float]]:
    """A narrow table printed as `columns` side-by-side halves (fills down, then across): (headers, rows, widths)."""
    per = -(-len(rows) // columns) if rows else 0
    blank = [""] * len(headers)
    folded: list[list[str]] = []
    for r in range(per):
        line: list[str] = []
        for c in range(columns):
            i = c * per + r
            line += list(rows[i]) if i < len(rows) else blank
        folded.append(line)
    return list(headers) * columns, folded, list(widths) * columns


def stat(value: int | float | str | None) -> str:
    """A stat as printed: the number or the book's mark ("*", "+1"); '–' where there is none."""
    return "–" if value is None or value in ("", "-") else str(value)


def points(value: float) -> str:
    """Points without a needless '.0' (2.27 stays 2.27, 12.0 prints 12)."""
    rounded = round(value, 2)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.2f}".rstrip("0")


UNDESCRIBED = "not explained in this catalogue: see the game's rulebook."
"""Said on a card of the rules and perks its catalogue does not explain (rather than printing them as bare names)."""
