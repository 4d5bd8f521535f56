"""Warmachine lookups and arithmetic: entries, hardpoint options, unit points, copies per entry."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from math import prod
from typing import TYPE_CHECKING

from builder.rules.registry import per_catalogue

if TYPE_CHECKING:
    from builder.games.warmachine.catalogue import Entry, HardpointChoice, WarmachineCatalogue
    from builder.games.warmachine.roster import WarmachineUnit


@dataclass(frozen=True, slots=True)
class Tables:
    """Plain dicts built once per catalogue, so that validating an army is only dictionary lookups."""

    entries: dict[str, Entry]
    options: dict[str, dict[str, dict[str, HardpointChoice]]]
    """Entry id -> slot id -> option id -> option (its name and points)."""
    loadouts: dict[str, int]
    """Entry id -> how many different hardpoint loadouts it can take (1 when it has no choice)."""


@per_catalogue
def tables(catalogue: WarmachineCatalogue) -> Tables:
    """The lookup tables of a catalogue, built once."""
    entries = {entry.id: entry for entry in catalogue.entries}
    options = {e.id: {h.id: {o.id: o for o in h.options} for h in e.hardpoints} for e in catalogue.entries}
    loadouts = {eid: prod(len(o) for o in slots.values()) for eid, slots in options.items()}
    return Tables(entries, options, loadouts)


def entry_name(t: Tables, entry_id: str) -> str:
    """An entry's display name, or its id in quotes when the catalogue does not have it."""
    entry = t.entries.get(entry_id)
    return entry.name if entry is not None else f"'{entry_id}'"


def unit_points(t: Tables, unit: WarmachineUnit) -> int:
    """An entry's points plus the points of the hardpoint options chosen (unknown choices count nothing)."""
    entry = t.entries.get(unit.id)
    if entry is None:
        return 0
    slots = t.options.get(unit.id, {})
    extra = 0
    for slot, option_id in unit.hardpoints.items():
        option = slots.get(slot, {}).get(option_id)
        if option is not None:
            extra += option.points
    return entry.points + extra


def allowance(entry: Entry) -> int | None:
    """How many copies an army may take: 1 for a character, else its field allowance (None: no limit given)."""
    return 1 if entry.character else entry.fa


def copies(units: Iterable[WarmachineUnit]) -> Counter[str]:
    """Entry id -> copies in the army."""
    return Counter(unit.id for unit in units)


def loadout_key(unit: WarmachineUnit) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A unit as a league compares it: its entry and its hardpoint choices (battlegroup ignored)."""
    return unit.id, tuple(sorted(unit.hardpoints.items()))


def describe(t: Tables, key: tuple[str, tuple[tuple[str, str], ...]]) -> str:
    """'Bulwark Warjack (left-arm: Breach Drill, …)' for a league loadout key."""
    entry_id, hardpoints = key
    name = entry_name(t, entry_id)
    if not hardpoints:
        return name
    slots = t.options.get(entry_id, {})
    chosen = []
    for slot, option_id in hardpoints:
        option = slots.get(slot, {}).get(option_id)
        chosen.append(f"{slot}: {option.name if option is not None else option_id}")
    return f"{name} ({', '.join(chosen)})"
