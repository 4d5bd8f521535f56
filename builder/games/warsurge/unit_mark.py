"""What a Warsurge unit has left in a battle: the models standing and the HP among them (damage boxes, the engine's
key every mark has, are a `battle/left` error on a Warsurge unit: kept, not counted)."""

from __future__ import annotations

from pydantic import Field

from builder.battles.model import UnitMark, as_model


class LeftMark(UnitMark):
    """A Warsurge unit's mark in a battle file (its keys as battles have always written them)."""

    models: int | None = Field(None, ge=0, le=100_000)
    """The models still standing (None: all of them)."""
    hp: int | None = Field(None, ge=0, le=10_000_000)
    """The HP the unit has left in all (None: all of it)."""


def as_left(mark: UnitMark) -> LeftMark:
    """The mark as a Warsurge unit's (a battle's marks are read as `LeftMark`; an engine's blank one is made one)."""
    return as_model(mark, LeftMark)
