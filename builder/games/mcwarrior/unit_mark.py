"""What a McWarrior mech has taken in a battle: the points each body part lost, its heat, the upgrades gone, its
Energy Shields and once-a-game uses, and the times a scenario redeployed it (no damage boxes: a mech has none)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from builder.battles.model import PartId, UnitMark, as_model


class MechMark(UnitMark):
    """A mech's mark in a battle file (its keys as battles have always written them)."""

    lost: dict[PartId, Annotated[int, Field(ge=0, le=99)]] = {}
    """Points lost per body part."""
    heat: int = Field(0, ge=0, le=99)
    """The mech's current heat."""
    upgrades_lost: list[PartId] = Field([], max_length=10)
    """The upgrade slots (head, torso, left-arm, right-arm, legs) whose upgrade a critical hit destroyed; a critical
    hit on either leg takes the legs' upgrade."""
    shield_lost: dict[PartId, Annotated[int, Field(ge=0, le=99)]] = {}
    """Levels each Energy Shield (by its upgrade slot) has lost to hits."""
    shield_restored: int = Field(0, ge=0, le=99)
    """The turn the pilot last restored a shield level, which the book allows once a turn (0: never)."""
    used: list[PartId] = Field([], max_length=10)
    """The upgrade slots whose once-a-game use is spent (the Heat Exchanger's)."""
    shut_down: bool = False
    """The mech failed an overheat check and does nothing until its heat sinks to its torso's points."""
    rockets_fired: int = Field(0, ge=0, le=99)
    """The rockets its Rocket Launcher has fired, each gone for the rest of the game."""
    returned: int = Field(0, ge=0, le=999)
    """How many times the mech was redeployed by a scenario's Respawn rule."""
    checks: int = Field(0, ge=0, le=99_999)
    """Overheat checks passed by actions that made no heat: the only trace such an action leaves, so Warbench's next
    die (seeded from the mark) is a new one, not the same again."""


def as_mech(mark: UnitMark) -> MechMark:
    """The mark as a mech's (a battle's marks are read as `MechMark`; an engine's blank one is made one)."""
    return as_model(mark, MechMark)
