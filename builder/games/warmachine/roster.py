"""A Warmachine Mk IV army: a points level, one leader, units with hardpoints and battlegroups."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pydantic import Field

from builder.roster.common import Ref, Renames, RosterBase, RosterModel, Slug


class WarmachineUnit(RosterModel):
    """An entry in the army, with its hardpoint choices and the controller whose battlegroup it joins."""

    id: Slug
    hardpoints: dict[Slug, Slug] = {}
    """Slot id -> option id."""
    battlegroup: Slug | None = None
    """Id of the controlling entry (the leader) for cohort models."""
    attached_to: int | None = Field(None, ge=0, le=999)
    """For an attachment: the place in the army's `units` (from 0) of the unit it joins."""


class LeagueStage(RosterModel):
    """Journeyman league: this army's stage and the previous stage's army it must contain."""

    stage: int = Field(ge=1)
    previous: list[WarmachineUnit] = []


class WarmachineRoster(RosterBase):
    """A Warmachine Mk IV army."""

    game: Literal["warmachine"] = "warmachine"
    RENAMED_KINDS = ("faction", "entry")
    faction: Slug | None = None
    points: int = Field(75, ge=0, le=100_000)
    variant: Literal["standard", "reduced-fa"] = "standard"
    league: LeagueStage | None = None
    units: list[WarmachineUnit] = []

    def entry_ids(self) -> list[str]:
        return [unit.id for unit in self.units]

    def references(self) -> Iterator[Ref]:
        if self.faction is not None:
            yield Ref("faction", "faction", self.faction)
        groups = [("units", self.units)]
        if self.league:
            groups.append(("league.previous", self.league.previous))
        for name, units in groups:
            for u, unit in enumerate(units):
                yield Ref(f"{name}[{u}].id", "entry", unit.id)
                if unit.battlegroup is not None:
                    yield Ref(f"{name}[{u}].battlegroup", "entry", unit.battlegroup)

    def rename_ids(self, kind: str, renamed: dict[str, str]) -> list[str]:
        """Apply a catalogue revision's renames of entries and factions in place."""
        swap = Renames(renamed)
        if kind == "faction" and self.faction is not None:
            self.faction = swap(self.faction, "faction")
        elif kind == "entry":
            groups = [("units", self.units)] + ([("league.previous", self.league.previous)] if self.league else [])
            for name, units in groups:
                for u, unit in enumerate(units):
                    unit.id = swap(unit.id, f"{name}[{u}].id")
                    if unit.battlegroup is not None:
                        unit.battlegroup = swap(unit.battlegroup, f"{name}[{u}].battlegroup")
        return swap.lines
