"""Warcaster totals: the figures the TUI bar, `validate --json`, the cards and the text export show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.findings import Totals
from builder.games.warcaster.rack import rack_type_counts
from builder.games.warcaster.rules_base import NOT_COUNTED, RULES, UNKNOWN, has_weapon_points, tables
from builder.games.warcaster.rules_base import unit_dc as dc_of
from builder.games.warcaster.rules_base import weapon_points as points_of

if TYPE_CHECKING:
    from builder.games.warcaster.catalogue import WarcasterCatalogue
    from builder.games.warcaster.roster import WarcasterRoster


@dataclass(frozen=True)
class WeaponPoints:
    """A warjack's or vehicle's weapon points: used by its hardpoints, of its total."""

    unit: int
    """Its index in the roster."""
    used: int
    total: int


_WORDS = {
    "rack": "cyphers in the rack",
    "rack_min": "rack minimum",
    "rack_max": "rack maximum",
    "rack_min_per_type": "minimum per cypher type",
    "dc": "deployment cost (DC)",
}
"""What `validate` calls the totals whose field names are short ("dc", "rack min per type")."""


@dataclass(frozen=True)
class WarcasterTotals(Totals):
    """Counts against the format's limits (a limit is None when the roster's format is unknown)."""

    format: str
    units: int
    """Units counted toward the force size (heroes, attachments and mantlets are not)."""
    max_units: int | None
    heroes: int
    max_heroes: int | None
    mantlets: int
    max_mantlets: int | None
    rack: int
    """Cypher cards in the rack."""
    rack_min: int | None
    rack_max: int | None
    rack_types: dict[str, int]
    """Cyphers in the rack per type (fury, geometric, harmonic, overdrive)."""
    rack_min_per_type: int | None
    dc: int
    """The force's deployment cost: the sum of `unit_dc`."""
    unit_dc: tuple[int, ...]
    """Each roster unit's deployment cost with its attachments' modifiers (an unknown DC counts 0)."""
    weapon_points: tuple[WeaponPoints, ...]
    """One per warjack or vehicle, in roster order."""

    def named(self, key: str) -> str:
        return _WORDS.get(key, key.replace("_", " "))

    def weapon_points_of(self, index: int) -> WeaponPoints | None:
        """The weapon points of the roster's unit at `index`, if it has any."""
        return next((row for row in self.weapon_points if row.unit == index), None)


@RULES.totals_function
def warcaster_totals(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> WarcasterTotals:
    """Counts against the format's limits, the rack by type, deployment costs and weapon points."""
    lookups = tables(catalogue)
    fmt = lookups.formats.get(roster.format)
    known = lookups.units
    units = heroes = mantlets = 0
    unit_dc: list[int] = []
    weapon_points: list[WeaponPoints] = []
    for i, unit in enumerate(roster.units):
        entry = known.get(unit.id)
        kind = entry.type if entry is not None else UNKNOWN
        if kind == "hero":
            heroes += 1
        elif kind == "mantlet":
            mantlets += 1
        elif kind not in NOT_COUNTED:
            units += 1
        unit_dc.append(dc_of(catalogue, unit) or 0)
        if has_weapon_points(entry):
            weapon_points.append(WeaponPoints(i, points_of(catalogue, unit), entry.weapon_points))

    def limit(field: str) -> int | None:
        return getattr(fmt, field) if fmt is not None else None

    return WarcasterTotals(
        format=roster.format,
        units=units,
        max_units=limit("max_units"),
        heroes=heroes,
        max_heroes=limit("max_heroes"),
        mantlets=mantlets,
        max_mantlets=limit("max_mantlets"),
        rack=len(roster.rack),
        rack_min=limit("rack_min"),
        rack_max=limit("rack_max"),
        rack_types=rack_type_counts(roster, catalogue),
        rack_min_per_type=limit("rack_min_per_type"),
        dc=sum(unit_dc),
        unit_dc=tuple(unit_dc),
        weapon_points=tuple(weapon_points),
    )
