"""A Warcaster force: faction, format, units with their loadouts, and the rack of Cyphers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from builder.roster.common import Ref, Renames, RosterBase, RosterModel, Slug


class WarcasterUnit(RosterModel):
    """A unit in the force; warjacks carry a cortex and weapons, squads their attachments."""

    id: Slug
    cortex: Slug | None = None
    hardpoints: dict[Slug, Slug] = {}
    """Slot id -> weapon id."""
    attachments: list[Slug] = []


class WarcasterRoster(RosterBase):
    """A Warcaster: Neo-Mechanika force."""

    game: Literal["warcaster"] = "warcaster"
    RENAMED_KINDS = ("faction", "unit", "weapon", "cortex", "cypher")
    faction: Slug
    format: Slug = "standard"
    rack: list[Slug] = []
    units: list[WarcasterUnit] = []

    def entry_ids(self) -> list[str]:
        return [unit.id for unit in self.units]

    @property
    def force_format(self) -> str:
        return self.format

    def references(self) -> Iterator[Ref]:
        yield Ref("faction", "faction", self.faction)
        yield Ref("format", "format", self.format)
        for i, cypher in enumerate(self.rack):
            yield Ref(f"rack[{i}]", "cypher", cypher)
        for u, unit in enumerate(self.units):
            yield Ref(f"units[{u}].id", "unit", unit.id)
            if unit.cortex is not None:
                yield Ref(f"units[{u}].cortex", "cortex", unit.cortex)
            for slot, weapon in unit.hardpoints.items():
                yield Ref(f"units[{u}].hardpoints.{slot}", "weapon", weapon)
            for a, attachment in enumerate(unit.attachments):
                yield Ref(f"units[{u}].attachments[{a}]", "unit", attachment)

    def rename_ids(self, kind: str, renamed: dict[str, str]) -> list[str]:
        swap = Renames(renamed)
        if kind == "faction":
            self.faction = swap(self.faction, "faction")
        elif kind == "cypher":
            self.rack = [swap(c, f"rack[{i}]") for i, c in enumerate(self.rack)]
        for u, unit in enumerate(self.units):
            if kind == "unit":
                unit.id = swap(unit.id, f"units[{u}].id")
                unit.attachments = [swap(a, f"units[{u}].attachments[{i}]") for i, a in enumerate(unit.attachments)]
            elif kind == "cortex" and unit.cortex:
                unit.cortex = swap(unit.cortex, f"units[{u}].cortex")
            elif kind == "weapon":
                unit.hardpoints = {s: swap(w, f"units[{u}].hardpoints.{s}") for s, w in unit.hardpoints.items()}
        return swap.lines
