"""A unit's track as text: its boxes as marks, a damage grid with its boxes marked, notes beside the rows."""

from __future__ import annotations

from textual.content import Content

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


def track_content(state: UnitState) -> list[Content]:
    """The unit's track in full: its damage grid, its models' boxes, or each model's boxes (a Leader the
    scenario's record destroyed: what the tracker still shows of it)."""
    track = state.track
    if state.struck:
        return [Content(f"destroyed by the scenario's Leader record; {state.struck} {track.box_word} unmarked")]
    if track.grid:
        legend = [f"{letter} {name}" for letter, name in track.grid_legend]
        return [
            Content.assemble(row, (note, "dim")) for row, note in beside(grid_rows(track.grid, state.damage[0]), legend)
        ]
    if track.models > 4:
        return [
            Content(
                f"{state.models_left}/{track.models} models standing, {state.boxes_left}/"
                f"{track.full} {track.box_word}: {boxes(state)}"
            )
        ]
    lines = []
    for model, (damage, size) in enumerate(zip(state.damage, track.sizes)):
        left = size - damage
        lines.append(
            Content(
                f"{track.model_name(model)}: {'■' * left}{'□' * damage}  {left}/{size} "
                f"{track.box_word}" + ("  removed" if left == 0 and not state.vulnerable else "")
            )
        )
    return lines
