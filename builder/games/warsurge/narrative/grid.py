"""A stage's map as the book draws it — a grid of 6-inch squares — read from its rows and drawn as text."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from builder.games.warsurge.narrative.model import StageMap

SQUARE_INCHES = 6
SYMBOLS: dict[str, str] = {
    ".": "open ground",
    "#": "impassable, blocks sight",
    "=": "wall, blocks sight",
    "/": "cover (+1 Defence)",
    "~": "cover, difficult ground",
    "!": "cover, dangerous ground",
    "%": "cover, difficult + dangerous",
    "^": "impassable, sight passes",
    "+": "player deployment zone",
    "-": "enemy deployment zone",
}
"""What each character of a map's rows is; a capital letter places an enemy, a digit an object, each on open
ground."""
BLOCKS_SIGHT = frozenset("#=")
IMPASSABLE = frozenset("#=^")
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
EDGE_WORDS = {"north": "top", "south": "bottom", "east": "right", "west": "left"}


def square_name(column: int, row: int) -> str:
    """'C4' for the third column of the fourth row (both from 0 here)."""
    return f"{COLUMNS[column]}{row + 1}"


def square_at(name: str) -> tuple[int, int]:
    """(column, row) from 0 of a square's name ("C4" -> (2, 3))."""
    return COLUMNS.index(name[0]), int(name[1:]) - 1


def width_of(stage_map: StageMap) -> int:
    return max(len(row) for row in stage_map.rows)


def map_problems(stage_map: StageMap, letters: set[str]) -> list[tuple[str, str]]:
    """(key path, what is wrong) for characters the map does not know, rows of another width, letters of no enemy
    and digits of no object."""
    found: list[tuple[str, str]] = []
    width = width_of(stage_map)
    for r, row in enumerate(stage_map.rows):
        if len(row) != width:
            found.append((f"rows[{r}]", f"{len(row)} squares wide, the map is {width}"))
        for c, char in enumerate(row):
            where = f"rows[{r}] ({square_name(c, r) if c < len(COLUMNS) else c})"
            if char.isupper() and char.isascii():
                if char not in letters:
                    found.append((where, f"enemy letter {char} is none of the stage's enemies"))
            elif char.isdigit() and char != "0":
                if char not in stage_map.objects:
                    found.append((where, f"object {char} is not in the map's objects"))
            elif char not in SYMBOLS:
                found.append((where, f"unknown map character {char!r} (known: {''.join(SYMBOLS)}, A-Z, 1-9)"))
    placed = {char for row in stage_map.rows for char in row}
    found += [
        (f"objects.{mark}", f"object {mark} is not on the map") for mark in stage_map.objects if mark not in placed
    ]
    return found


def placements(stage_map: StageMap) -> dict[str, list[str]]:
    """Each letter and digit on the map and the squares it stands on, in reading order."""
    found: dict[str, list[str]] = {}
    for r, row in enumerate(stage_map.rows):
        for c, char in enumerate(row):
            if char.isalnum():
                found.setdefault(char, []).append(square_name(c, r))
    return found


@dataclass(frozen=True)
class Cell:
    """How big one square is drawn: characters across, lines down."""

    across: int
    down: int


CELLS = (Cell(7, 3), Cell(5, 2), Cell(3, 1), Cell(2, 1), Cell(1, 1))
"""From the largest to the smallest: the first whose map and legend fit is drawn."""


def draw(stage_map: StageMap, names: Mapping[str, str], width: int, height: int, *, scrolls: bool = False) -> list[str]:
    """The map in at most `width` × `height` characters: the grid with column letters and row numbers, its edges,
    and a legend of the symbols, letters and digits on it, beside the grid where there is room, else below. The
    largest squares with the whole legend are drawn; if none has room, the smallest grid with the legend cut — or,
    where the view `scrolls`, the largest grid with its whole legend below, taller than `height`."""
    legend = legend_lines(stage_map, names)
    fallback: list[str] | None = None
    for cell in CELLS:
        grid = grid_lines(stage_map, cell)
        across = max(len(line) for line in grid)
        if across > width or len(grid) > height:
            continue
        room = width - across - 3
        if room >= max(len(line) for line in legend) and len(legend) <= height:
            return _beside(grid, [line[:room] for line in legend], across)
        if len(grid) + 1 + len(legend) <= height:
            return grid + [""] + [line[:width] for line in legend]
        fallback = (
            _beside(grid, _fit([line[:room] for line in legend], height), across)
            if room >= 12
            else grid + [""] + _fit([line[:width] for line in legend], height - len(grid) - 1)
        )
    if scrolls:
        return draw(stage_map, names, width, SCROLLED)
    if fallback is not None:
        return fallback[:height]
    return _fit([line[:width] for line in grid_lines(stage_map, CELLS[-1])], height)


SCROLLED = 200
"""Lines a map drawn for a scrolling view may take, when no square size fits the view with its whole legend."""


def _beside(grid: list[str], legend: list[str], across: int) -> list[str]:
    rows = max(len(grid), len(legend))
    return [
        (f"{grid[i] if i < len(grid) else '':<{across}}   {legend[i] if i < len(legend) else ''}").rstrip()
        for i in range(rows)
    ]


def _fit(lines: list[str], height: int) -> list[str]:
    if height <= 0:
        return []
    if len(lines) <= height:
        return lines
    return lines[: height - 1] + [f"… {len(lines) - height + 1} more lines"]


def grid_lines(stage_map: StageMap, cell: Cell) -> list[str]:
    """The grid alone: a header of column letters, each row of squares with its number, deployment edges marked
    outside the grid by `+` (players) and `-` (enemies), as their zones are."""
    columns = width_of(stage_map)
    gap = " " if cell.across >= 3 else ""
    edges = {stage_map.player_edge: "+", stage_map.enemy_edge: "-"}
    edges.pop(None, None)
    west, east = edges.get("west", " "), edges.get("east", " ")
    body_width = columns * cell.across + (columns - 1) * len(gap)

    def edge_line(mark: str) -> str:
        return "    " + (mark * body_width if mark != " " else "")

    header = "    " + gap.join(f"{COLUMNS[c]:^{cell.across}}" for c in range(columns))
    lines = [header.rstrip()]
    if "north" in edges:
        lines.append(edge_line(edges["north"]))
    for r, row in enumerate(stage_map.rows):
        padded = row.ljust(columns, ".")
        for line in range(cell.down):
            middle = line == cell.down // 2
            squares = gap.join(_square(char, cell.across, middle) for char in padded)
            number = f"{r + 1:>2} " if middle else "   "
            lines.append(f"{number}{west}{squares}{east}".rstrip())
    if "south" in edges:
        lines.append(edge_line(edges["south"]))
    return lines


def _square(char: str, across: int, middle: bool) -> str:
    placed = char.isalnum()
    fill = "." if placed else char
    if not placed or not middle:
        return fill * across
    half = (across - 1) // 2
    return fill * half + char + fill * (across - half - 1)


def legend_lines(stage_map: StageMap, names: Mapping[str, str]) -> list[str]:
    """What the symbols, letters and digits on the map are, and the deployment edges (a square is 6 inches)."""
    used = {char for row in stage_map.rows for char in row}
    columns, rows = width_of(stage_map), len(stage_map.rows)
    feet = f"{columns * SQUARE_INCHES // 12}'x{rows * SQUARE_INCHES // 12}'" if columns % 2 == rows % 2 == 0 else ""
    lines = [f'{SQUARE_INCHES}" squares, {columns}x{rows}{" (" + feet + ")" if feet else ""}']
    lines += [f"{symbol}  {meaning}" for symbol, meaning in SYMBOLS.items() if symbol in used]
    lines += [f"{letter}  {names.get(letter, 'enemy')}" for letter in sorted(c for c in used if c.isupper())]
    lines += [f"{mark}  {stage_map.objects[mark]}" for mark in sorted(stage_map.objects) if mark in used]
    if stage_map.player_edge:
        lines.append(f"+  players deploy: {EDGE_WORDS[stage_map.player_edge]} edge")
    if stage_map.enemy_edge:
        lines.append(f"-  enemies enter: {EDGE_WORDS[stage_map.enemy_edge]} edge")
    return lines
