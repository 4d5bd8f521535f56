"""A McWarrior mech as the battle left it (`MechState`, what a `MechTrack` gives): its parts' points, its heat and
the numbers they give, and its heat as the battle's lines say it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.battles.tracks import UnitState


@dataclass(frozen=True)
class MechState(UnitState):
    """A mech as the battle left it: its parts' points, its heat and the numbers they give."""

    parts_left: dict[str, int] = field(default_factory=dict)
    heat: int = 0
    derived: dict[str, Any] = field(default_factory=dict)
    """The numbers the parts left give (target number, heat capacity, dice, move, upgrades working)."""


def mech_state(state: UnitState) -> MechState:
    """The state of a mech (what a `MechTrack` gives); TypeError for another game's unit."""
    if not isinstance(state, MechState):
        raise TypeError(f"{state.track.name} is no mech")
    return state


def heat_words(state: UnitState) -> str:
    """A mech's heat against its torso's points left ("heat 2/3"); a wreck's heat alone ("heat 5"): it has no torso
    left to hold heat, and overheats no more."""
    state = mech_state(state)
    capacity = "" if state.destroyed else f"/{state.derived.get('heat_capacity', 0)}"
    return f"heat {state.heat}{capacity}"
