"""The sides of a crowded table in one line: each player's name and what their army has left, the side shown marked.

A battle of more sides than fit side by side (four McWarrior players at 80 columns) shows one side's pane at a time;
this line keeps every side in sight, its names cut first so that every figure stays whole."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.content import Content
from textual.widgets import Static

from builder.tui.widgets.text import FittedToWidth, fit_sides

SHORTEST_NAME = 3
"""A name is cut no shorter than this ("An…") before the line itself is cut."""
KEYS = "Tab: "


@dataclass(frozen=True)
class Seat:
    """One side as the line shows it."""

    name: str
    figures: str
    """What its army has left ("80%")."""


def seats_line(seats: Sequence[Seat], current: int, width: int | None = None) -> Content:
    """ "Tab: ▸Anna 100%  Cai 56% …" in `width` columns (None: whole), the side shown marked."""

    def line(room: int | None, keys: str = KEYS, unmarked: str = " ") -> Content:
        parts = []
        names = fit_sides([seat.name for seat in seats], room)  # sides of one name told apart
        for number, (seat, name) in enumerate(zip(seats, names)):
            mark = ("▸", "bold $accent") if number == current else unmarked
            parts.append(Content.assemble(mark, (name, "bold" if number == current else ""), f" {seat.figures}"))
        return Content.assemble((keys, "dim"), Content(" ").join(parts))

    if width is None:
        return line(None)
    room = max((len(name) for name in fit_sides([seat.name for seat in seats], None)), default=0)
    while room > SHORTEST_NAME and line(room).cell_length > width:
        room -= 1
    fitted = line(room)
    for keys, unmarked in ((KEYS, ""), ("", "")):  # the key's name and the room for the mark go before any side does
        if fitted.cell_length > width:  # (eight players at 80 columns)
            fitted = line(room, keys, unmarked)
    return fitted if fitted.cell_length <= width else fitted[: max(width - 1, 0)] + Content("…")


class SeatsLine(FittedToWidth):
    def __init__(self, seats: Sequence[Seat], current: int) -> None:
        self.seats = tuple(seats)
        self.current = current

    def fit(self, width: int) -> Content:
        return seats_line(self.seats, self.current, width)

    def __str__(self) -> str:
        """The line whole (tests and searches read this)."""
        return seats_line(self.seats, self.current).plain


class SeatsBar(Static):
    """Every side of a battle shown one pane at a time (hidden when every side has its own pane in sight)."""

    def show(self, seats: Sequence[Seat], current: int, shown: bool) -> None:
        self.display = shown
        if shown:
            self.update(SeatsLine(seats, current))
