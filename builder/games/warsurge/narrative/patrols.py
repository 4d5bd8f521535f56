"""Where a stage's enemy units stand: their squares on the map at the start, a Patrol's step along its route, the
moves the log records, and the map drawn with them moved."""

from __future__ import annotations

from collections.abc import Mapping

from builder.games.warsurge.narrative.director import enemy_units
from builder.games.warsurge.narrative.grid import IMPASSABLE, placements, square_at, width_of
from builder.games.warsurge.narrative.model import Guard, Stage, StageMap


def start_squares(stage: Stage) -> dict[str, str]:
    """Each enemy unit's square at the start of the stage: its letter's squares on the map in reading order, the
    first to its first unit ("L2" stands on the second L)."""
    if stage.map is None:
        return {}
    placed = placements(stage.map)
    found = {}
    for unit_id, enemy in enemy_units(stage):
        squares, number = placed.get(enemy.letter, []), int(unit_id[1:])
        if number <= len(squares):
            found[unit_id] = squares[number - 1]
    return found


def first_step(guard: Guard | None, square: str | None) -> int | None:
    """The step of its route a Guard starts on: the route's square it stands on, else None (not on its route)."""
    if guard is None or square is None or square not in guard.route:
        return None
    return guard.route.index(square)


def step_after(guard: Guard | None, step: int | None, square: str) -> int | None:
    """The step of its route a Guard is on once moved to `square`: the first square of that name after the step it
    was on (a route may pass a square twice), else None (off its route)."""
    if guard is None or square not in guard.route:
        return None
    route, start = guard.route, -1 if step is None else step
    return next(i % len(route) for i in range(start + 1, start + 1 + len(route)) if route[i % len(route)] == square)


def square_problem(stage_map: StageMap | None, square: str) -> str | None:
    """Why an enemy unit cannot stand on `square` of the map, or None."""
    if stage_map is None:
        return None
    column, row = square_at(square)
    columns, rows = width_of(stage_map), len(stage_map.rows)
    if column >= columns or row >= rows:
        return f"square {square} is off the map ({columns}x{rows})"
    if stage_map.rows[row][column : column + 1] in IMPASSABLE:
        return f"square {square} is impassable"
    return None


def relocated(stage: Stage, positions: Mapping[str, str]) -> StageMap | None:
    """The stage's map with every enemy unit that moved drawn on its new square (its letter), its start square
    left open ground."""
    if stage.map is None or not positions:
        return stage.map
    starts, letters = start_squares(stage), dict(enemy_units(stage))
    rows = [list(row) for row in stage.map.rows]
    for unit_id in positions:
        if unit_id in starts:
            column, row = square_at(starts[unit_id])
            rows[row][column] = "."
    for unit_id, square in positions.items():
        column, row = square_at(square)
        if row < len(rows) and column < len(rows[row]):
            rows[row][column] = letters[unit_id].letter
    return stage.map.model_copy(update={"rows": ["".join(row) for row in rows]})


def map_names(stage: Stage) -> dict[str, str]:
    """What the map's legend says of each enemy letter: its unit's name, and a Patrol's or a Roam's route."""
    names = {}
    for enemy in stage.enemies:
        guard = enemy.guard
        route = f" ({guard.role} {'>'.join(guard.route)})" if guard and guard.route else ""
        names[enemy.letter] = enemy.unit.name + route
    return names
