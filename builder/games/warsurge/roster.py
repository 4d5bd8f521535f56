"""A Warsurge roster: units with model counts and weapon quantities, within a point limit."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import Field

from builder.roster.common import Ref, Renames, RosterBase, RosterModel, Slug, Text


class WarsurgeRosterUnit(RosterModel):
    """A unit taken: how many models, how many of each weapon, and where it rides."""

    id: Slug
    label: Text = ""
    """The player's own name for this unit, if any."""
    key: Slug | None = None
    """A handle other units use to embark in this one (`embarked_in = "apc-1"`)."""
    models: int = Field(1, ge=0, le=100_000)
    weapons: dict[Slug, Annotated[int, Field(ge=0, le=100_000)]] = {}
    """Weapon id -> quantity."""
    embarked_in: Slug | None = None
    """The `key` of the transport this unit starts in."""
    points: float | None = Field(None, ge=0, le=10_000_000, allow_inf_nan=False)
    """The points figure saved with the roster, if any; compared with the catalogue's on load."""


class WarsurgeRoster(RosterBase):
    """A Warsurge roster."""

    game: Literal["warsurge"] = "warsurge"
    RENAMED_KINDS = ("unit", "weapon")
    point_limit: int = Field(500, ge=0, le=10_000_000)
    units: list[WarsurgeRosterUnit] = []

    @property
    def built_to(self) -> int:
        return self.point_limit

    def entry_ids(self) -> list[str]:
        return [unit.id for unit in self.units]

    def references(self) -> Iterator[Ref]:
        for u, unit in enumerate(self.units):
            yield Ref(f"units[{u}].id", "unit", unit.id)
            for weapon in unit.weapons:
                yield Ref(f"units[{u}].weapons.{weapon}", "weapon", weapon)

    def rename_ids(self, kind: str, renamed: dict[str, str]) -> list[str]:
        """Apply a catalogue revision's unit and weapon renames; quantities of merged weapons add up."""
        swap = Renames(renamed)
        for u, unit in enumerate(self.units):
            if kind == "unit":
                unit.id = swap(unit.id, f"units[{u}].id")
            elif kind == "weapon" and any(w in renamed for w in unit.weapons):
                weapons: dict[str, int] = {}
                for old, quantity in unit.weapons.items():
                    new = swap(old, f"units[{u}].weapons.{old}")
                    weapons[new] = weapons.get(new, 0) + quantity
                unit.weapons = weapons
        return swap.lines
