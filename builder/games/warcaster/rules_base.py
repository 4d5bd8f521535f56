"""What every Warcaster rule shares: the rule set, lookup tables built once per catalogue, loadout sums."""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeGuard

from builder.games.warcaster.catalogue import WILD_CARD, Cortex, Cypher, Faction, Format, Unit, Weapon
from builder.rules.registry import RuleSet, per_catalogue
from catalog.models.common import Named, index_by_id

if TYPE_CHECKING:
    from builder.games.warcaster.catalogue import WarcasterCatalogue
    from builder.games.warcaster.roster import WarcasterRoster, WarcasterUnit

RULES = RuleSet(
    "warcaster",
    order=tuple(
        f"warcaster/{code}"
        for code in (
            # the force (force.py)
            "faction", "force-size", "hero-limit", "mantlet-limit", "unit-limit", "unique", "no-units",
            # each unit's loadout (loadout.py)
            "cortex", "hardpoint", "weapon-points", "unused-weapon-points", "no-weapons", "attachment-target",
            "attachment-duplicate",
            # the rack (rack.py)
            "rack-size", "rack-unique", "rack-types", "rack-faction",
        )
    ),
)  # fmt: skip

UNKNOWN = "unknown"
"""The type the tables give an id the catalogue does not define (counted as an ordinary unit)."""
NOT_COUNTED = frozenset({"hero", "attachment", "mantlet"})
"""Unit types that do not count toward a format's `max_units`."""
NOT_OFFERED = object()
"""What `Tables.options` lookups give for a weapon a slot does not offer (a known cost may be None)."""


@dataclass(frozen=True, slots=True)
class Tables:
    """Plain dicts built once per catalogue, so that validating a roster is only dictionary lookups."""

    units: dict[str, Unit]
    weapons: dict[str, Weapon]
    cortexes: dict[str, Cortex]
    cyphers: dict[str, Cypher]
    formats: dict[str, Format]
    factions: dict[str, Faction]
    kinds: dict[str, str]
    """Unit id -> its type."""
    serves: dict[str, frozenset[str]]
    """Unit id -> the factions whose forces may take it (its own, or a Wild Card's list)."""
    unique: frozenset[str]
    """Ids of heroes and entries marked unique."""
    options: dict[str, dict[str, dict[str, int | None]]]
    """Chassis id -> slot id -> weapon id -> weapon-point cost (None: unknown in the reference data)."""


def _build(catalogue: WarcasterCatalogue) -> Tables:
    units = index_by_id(catalogue.units)
    return Tables(
        units=units,
        weapons=index_by_id(catalogue.weapons),
        cortexes=index_by_id(catalogue.cortexes),
        cyphers=index_by_id(catalogue.cyphers),
        formats=index_by_id(catalogue.formats),
        factions=index_by_id(catalogue.factions),
        kinds={unit_id: unit.type for unit_id, unit in units.items()},
        serves={
            unit_id: frozenset(unit.serves if unit.faction == WILD_CARD else (unit.faction,))
            for unit_id, unit in units.items()
        },
        unique=frozenset(unit_id for unit_id, unit in units.items() if unit.is_unique),
        options={
            unit_id: {slot.id: {o.weapon: o.cost for o in slot.options} for slot in unit.hardpoints}
            for unit_id, unit in units.items()
            if unit.hardpoints
        },
    )


@per_catalogue
def tables(catalogue: WarcasterCatalogue) -> Tables:
    """The lookup tables of a catalogue, built once."""
    return _build(catalogue)


def unit_path(index: int) -> str:
    return f"units[{index}]"


def entries(roster: WarcasterRoster, units: dict[str, Unit]) -> list[tuple[int, WarcasterUnit, Unit | None]]:
    """(index, roster unit, catalogue unit or None) for every unit of the roster, in order."""
    return [(i, unit, units.get(unit.id)) for i, unit in enumerate(roster.units)]


def indices_of(roster: WarcasterRoster, kinds: dict[str, str], wanted: Container[str]) -> list[int]:
    """Indices of the roster units whose type is in `wanted` (unknown ids have type UNKNOWN)."""
    return [i for i, unit in enumerate(roster.units) if kinds.get(unit.id, UNKNOWN) in wanted]


def name(kind_index: Mapping[str, Named], entry_id: str | None) -> str:
    """The display name of an id in one of the catalogue's id dicts, or the id itself."""
    entry = kind_index.get(entry_id) if entry_id is not None else None
    return entry.name if entry is not None else f"'{entry_id}'"


def names(kind_index: Mapping[str, Named], ids: Iterable[str]) -> str:
    """Display names joined by commas ("none" for an empty list)."""
    return ", ".join(name(kind_index, i) for i in ids) or "none"


def with_article(word: str) -> str:
    """The word with its indefinite article: "a squad", "an Iron Star Alliance"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def loadout_points(slots: dict[str, dict[str, int | None]], hardpoints: dict[str, str]) -> tuple[int, list[str]]:
    """Weapon points a loadout uses on a chassis (its `Tables.options`), and the slots whose cost is unknown.

    Unknown costs count 0. Weapons on slots the chassis lacks, or that a slot does not offer, cost
    nothing here: the hardpoint rule reports them.
    """
    used = 0
    unknown: list[str] = []
    for slot, weapon in hardpoints.items():
        cost = slots.get(slot, {}).get(weapon, NOT_OFFERED)
        if cost is None:
            unknown.append(slot)
        elif isinstance(cost, int):  # neither unknown (None) nor NOT_OFFERED
            used += cost
    return used, unknown


def unit_dc(catalogue: WarcasterCatalogue, unit: WarcasterUnit) -> int | None:
    """A unit's deployment cost with its attachments' modifiers added; None when its entry gives no DC."""
    known = tables(catalogue).units
    entry = known.get(unit.id)
    if entry is None or entry.dc is None:
        return None
    return entry.dc + sum(att.dc_modifier for att_id in unit.attachments if (att := known.get(att_id)) is not None)


def weapon_points(catalogue: WarcasterCatalogue, unit: WarcasterUnit, skip: str | None = None) -> int:
    """Weapon points the unit's hardpoints use (leaving out slot `skip`, to price a replacement for it)."""
    slots = tables(catalogue).options.get(unit.id, {})
    return loadout_points(slots, {s: w for s, w in unit.hardpoints.items() if s != skip})[0]


class ArmedUnit(Protocol):
    """A catalogue unit with hardpoints and a weapon-point allotment: what `has_weapon_points` confirms."""

    @property
    def name(self) -> str: ...

    @property
    def weapon_points(self) -> int: ...


def has_weapon_points(entry: Unit | None) -> TypeGuard[ArmedUnit]:
    """Warjacks, vehicles and vehicle heroes: entries with hardpoints and an allotment."""
    return entry is not None and bool(entry.hardpoints) and entry.weapon_points is not None
