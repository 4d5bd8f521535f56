"""Blocks to mark in play with a pen: tick boxes per model and copy, and a warjack's damage grid."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from exports.pdf.blocks import INK, MIN_SIZE, MUTED, Line, Rich, Row, together
from exports.pdf.fonts import width
from exports.pdf.text import put_text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


@dataclass
class Boxes:
    """Tick boxes in groups (one group per model, one box per hit point), labelled per copy of the unit."""

    groups: Sequence[int]
    """Boxes in each group."""
    label: str = ""
    box: str = "☐"
    copies: int = 1
    size: float = 9.0

    def rows(self, w: float, scale: float) -> list[Row]:
        size = max(MIN_SIZE + 1.5, self.size * scale)
        out: list[Row] = []
        groups, left_out = _at_most(self.groups, MAX_BOXES)
        copies = min(self.copies, MAX_COPIES)
        for copy in range(1, copies + 1):
            label = self.label if self.copies == 1 else f"{self.label} #{copy}".strip()
            rows = Line(label, True, 6.5).rows(w, scale) if label else []
            rows += _box_rows(groups, self.box, size, w)
            out.extend(together(rows))  # one copy's boxes stay together on a face
        if left_out or copies < self.copies:
            more = left_out * copies + sum(self.groups) * (self.copies - copies)
            out.extend(Line(f"… and {more} more boxes, too many to print", False, 7).rows(w, scale))
        return out


@dataclass
class DamageGrid:
    """A warjack's damage grid to mark in play: a box per '.', a box with its letter per system box."""

    grid: Sequence[str]
    copies: int = 1
    size: float = 9.0
    legend: Sequence[tuple[str, str]] = ()
    """(system letter, what it stands for): named beside the first copy's grid, one a row, when they fit there;
    else in a line under the grids."""

    def rows(self, w: float, scale: float) -> list[Row]:
        cell = max(MIN_SIZE + 1.5, self.size * scale)
        columns = max((len(row) for row in self.grid), default=0)
        cell = min(cell, w / max(columns, 1))
        text = max(MIN_SIZE, 7 * scale)
        names = [f"{letter} {name}" for letter, name in self.legend]
        beside_x = columns * cell + 6
        beside = len(names) <= len(self.grid) and all(beside_x + width(n, text) <= w for n in names)
        out: list[Row] = []
        for copy in range(1, min(self.copies, MAX_COPIES) + 1):
            rows = Line(f"#{copy}", True, 6.5).rows(w, scale) if self.copies > 1 else []
            for index, line in enumerate(self.grid):
                named = names[index] if beside and copy == 1 and index < len(names) else ""

                def draw(canvas: Canvas, x: float, top: float, line: str = line, named: str = named) -> None:
                    if named:
                        put_text(canvas, x + beside_x, top - cell * 0.78, named, text, colour=MUTED)
                    canvas.setStrokeColorRGB(*INK)
                    canvas.setLineWidth(0.5)
                    for c, mark in enumerate(line):
                        if mark == " ":
                            continue
                        canvas.rect(x + c * cell, top - cell, cell * 0.92, cell * 0.92, stroke=1, fill=0)
                        if mark != ".":
                            put_text(
                                canvas,
                                x + c * cell + cell * 0.46,
                                top - cell * 0.78,
                                mark,
                                cell * 0.62,
                                True,
                                "center",
                                MUTED,
                            )

                rows.append(Row(cell, draw))
            rows.append(Row(cell * 0.3, lambda canvas, x, top: None))
            out.extend(together(rows))  # one copy's grid stays whole on a face
        if names and not beside:
            out.extend(Rich("Systems:", " · ".join(names)).rows(w, scale))
        return out


MAX_BOXES = 120
"""Boxes drawn for one copy of a unit at most (an illegal roster printed anyway may ask for millions)."""
MAX_COPIES = 12


def _at_most(groups: Sequence[int], most: int) -> tuple[list[int], int]:
    """The groups cut to `most` boxes in all, and how many boxes were left out."""
    kept, room = [], most
    for n in groups:
        take = max(0, min(n, room))
        if take:
            kept.append(take)
        room -= take
    return kept, sum(max(n, 0) for n in groups) - sum(kept)


def _box_rows(groups: Sequence[int], box: str, size: float, w: float) -> list[Row]:
    """Pack the groups' boxes into lines: a group stays on one line when it fits, with a gap between groups."""
    step = width(box, size)
    gap = step * 0.6
    lines: list[list[int]] = [[]]  # per line: the group sizes placed on it
    used = 0.0
    for n in groups:
        while n > 0:
            room = int((w - used - (gap if lines[-1] else 0)) // step)
            if room < min(n, max(1, int(w // step))) and lines[-1]:
                lines.append([])
                used = 0.0
                continue
            take = min(n, max(1, int((w - used - (gap if lines[-1] else 0)) // step)))
            used += (gap if lines[-1] else 0) + take * step
            lines[-1].append(take)
            n -= take
    out = []
    for line in lines:

        def draw(canvas: Canvas, x: float, top: float, line: list[int] = line) -> None:
            cx = x
            for i, n in enumerate(line):
                if i:
                    cx += gap
                put_text(canvas, cx, top - size * 0.9, box * n, size)
                cx += n * step

        out.append(Row(size * 1.1, draw))
    return out
