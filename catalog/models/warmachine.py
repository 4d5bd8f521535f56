"""The Warmachine Mk IV catalogue format: points, field allowance, leaders, cohort hardpoints."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from catalog.models.common import (
    CatalogueHeader,
    CatalogueModel,
    Named,
    Slug,
    duplicate_id_problems,
    index_by_id,
)

EntryType = Literal["leader", "warjack", "unit", "solo", "attachment"]


class HardpointChoice(Named):
    """One option for a hardpoint slot, with its points (added to the model's)."""

    points: int = Field(0, ge=0)


class WarmachineHardpoint(Named):
    """A hardpoint slot of a cohort model; the army takes exactly one option per slot."""

    options: list[HardpointChoice] = Field(min_length=1)


class Entry(Named):
    """A model or unit an army may take."""

    faction: Slug
    type: EntryType
    points: int = Field(ge=0)
    fa: int | None = Field(None, ge=1)
    """Field allowance; None with `character = true` (at most one)."""
    character: bool = False
    controller: bool = False
    """Controls a battlegroup (leaders do)."""
    cohort: bool = False
    """A cohort model (warjack) that joins a battlegroup."""
    hardpoints: list[WarmachineHardpoint] = []
    summary: str = ""

    @property
    def is_controller(self) -> bool:
        return self.controller or self.type == "leader"

    def hardpoint(self, slot: str) -> WarmachineHardpoint | None:
        return next((h for h in self.hardpoints if h.id == slot), None)


class Faction(Named):
    """A Warmachine faction."""


class WarmachineRules(CatalogueModel):
    """Points levels and the journeyman league's stages."""

    default_points: int = 75
    league_levels: list[int] = [30, 50, 75, 100]


class WarmachineCatalogue(CatalogueHeader):
    """A Warmachine Mk IV catalogue."""

    game: Literal["warmachine"]
    rules: WarmachineRules = WarmachineRules()
    factions: list[Faction] = Field(min_length=1)
    entries: list[Entry] = []

    def model_post_init(self, _context) -> None:
        self._index = {"faction": index_by_id(self.factions), "entry": index_by_id(self.entries)}

    def entry(self, entry_id: str) -> Entry | None:
        return self._index["entry"].get(entry_id)

    def cross_reference_problems(self) -> list[tuple[str, str]]:
        problems = duplicate_id_problems("factions", self.factions) + duplicate_id_problems("entries", self.entries)
        for e, entry in enumerate(self.entries):
            if entry.faction not in self._index["faction"]:
                problems.append((f"entries[{e}].faction", f"unknown faction '{entry.faction}'"))
            if entry.fa is None and not entry.character:
                problems.append((f"entries[{e}].fa", "give a field allowance or mark the entry as a character"))
        return problems
