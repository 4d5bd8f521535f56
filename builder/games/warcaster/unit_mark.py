"""What a Warcaster unit has taken in a battle: its damage boxes, where it is (reserve, play, removed) and how many
times it was destroyed and went back to the reserves."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from builder.battles.model import UnitMark, as_model


class WarcasterMark(UnitMark):
    """A Warcaster unit's mark in a battle file (its keys as battles have always written them)."""

    status: Literal["reserve", "play", "removed"] | None = None
    """Where the unit is: in reserve (where every unit begins), in play, or removed from the game (a destroyed hero).
    Not given: in play when it has damage, else in reserve."""
    returned: int = Field(0, ge=0, le=999)
    """How many times the unit was destroyed and went back to the reserves."""


def as_warcaster(mark: UnitMark) -> WarcasterMark:
    """The mark as a Warcaster unit's (a battle's marks are read as `WarcasterMark`; an engine's blank one is made
    one)."""
    return as_model(mark, WarcasterMark)
