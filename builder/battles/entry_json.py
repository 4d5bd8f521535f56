"""One battle entry as `battle --json` gives it, and the numbers of points as the JSON writes them."""

from __future__ import annotations

from typing import Any

from builder.battles.tracks import UnitState


def unit_dict(state: UnitState) -> dict[str, Any]:
    """One entry in `battle --json`: what the screen shows of it (a Warcaster unit's place, a mech's heat, parts
    and upgrades)."""
    track = state.track
    found: dict[str, Any] = {
        "name": track.name,
        "points": json_number(track.points),
        "remaining": json_number(state.remaining),
        "models": track.models,
        "models_left": state.models_left,
        "boxes_left": state.boxes_left,
    }
    if state.where:
        found.update({"status": state.where, "returned": state.returned})
    found.update(track.details(state))
    return found


def json_number(value: float) -> int | float:
    """Whole points as an int, others to two decimals."""
    return round(value) if abs(value - round(value)) < 1e-9 else round(value, 2)
