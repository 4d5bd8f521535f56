"""A unit's track as text: its boxes as marks, a damage grid with its boxes marked, notes beside the rows."""

from __future__ import annotations

from builder.battles.tracks import UnitState


def boxes(state: UnitState) -> str:
    """A unit's boxes as marks, ■ standing and □ lost, one group per model."""
    return " ".join("■" * (size - damage) + "□" * damage for damage, size in zip(state.damage, state.track.sizes))


def grid_rows(grid: tuple[str, ...], damage: int) -> list[str]:
    """A damage grid with its first `damage` boxes (in reading order) marked ×; system boxes keep their letter."""
    rows, left = [], damage
    for row in grid:
        cells = []
        for cell in row:
            if cell == " ":
                cells.append("  ")
            else:
                cells.append("× " if left > 0 else ("□ " if cell == "." else f"{cell} "))
                left -= 1
        rows.append("".join(cells).rstrip())
    return rows


def beside(rows: list[str], notes: list[str]) -> list[tuple[str, str]]:
    """Each row padded to one width, with a note beside it (a grid with what its letters stand for); notes
    beyond the last row get rows of their own."""
    width = max(map(len, rows), default=0) + 3
    count = max(len(rows), len(notes))
    rows, notes = rows + [""] * (count - len(rows)), notes + [""] * (count - len(notes))
    return [(row.ljust(width) if note else row, note) for row, note in zip(rows, notes)]
