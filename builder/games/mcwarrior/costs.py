"""McWarrior bolt arithmetic: part and upgrade costs, upgrade slots, derived numbers and totals."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from builder.rules.registry import per_catalogue

if TYPE_CHECKING:
    from builder.games.mcwarrior.catalogue import McWarriorCatalogue, Part, Skill, Upgrade
    from builder.games.mcwarrior.roster import McWarriorRoster, Mech, UpgradeChoice


@dataclass(frozen=True, slots=True)
class Tables:
    """Plain dicts built once per catalogue, so that validating a roster is only dictionary lookups."""

    parts: dict[str, Part]
    """Part id -> Part, in catalogue order."""
    upgrades: dict[str, Upgrade]
    skills: dict[str, Skill]
    key_slot: dict[str, str]
    """Roster upgrade key (a slot, or a part id) -> the upgrade slot it fills."""
    cumulative: tuple[int, ...]
    """Bolts for a part at 0, 1, … max points."""
    min_points: int
    max_points: int


@per_catalogue
def tables(catalogue: McWarriorCatalogue) -> Tables:
    """The lookup tables of a catalogue, built once."""
    parts = {part.id: part for part in catalogue.parts}
    key_slot = {part.upgrade_slot: part.upgrade_slot for part in catalogue.parts}
    key_slot.update({part.id: part.upgrade_slot for part in catalogue.parts})
    rules = catalogue.rules
    built = Tables(
        parts,
        {u.id: u for u in catalogue.upgrades},
        {s.id: s for s in catalogue.skills},
        key_slot,
        (0, *accumulate(rules.point_costs)),
        rules.min_points,
        len(rules.point_costs),
    )
    return built


def mech_label(mech: Mech, index: int) -> str:
    """How messages name a mech: its name, else its number in the roster."""
    name = mech.name.strip()
    return f"'{name}'" if name else f"mech {index + 1}"


def part_cost(catalogue: McWarriorCatalogue, points: int) -> int:
    """Bolts for a part bought up to `points`; points outside the book's range are clamped."""
    cumulative = tables(catalogue).cumulative
    return cumulative[max(0, min(points, len(cumulative) - 1))]


def level_cost(upgrade: Upgrade, level: int) -> int:
    """Bolts for a levelled upgrade at `level` (closed form, so a silly level costs no time)."""
    level = max(level, 0)
    return upgrade.cost * level + upgrade.level_step * level * (level - 1) // 2


def upgrade_cost(upgrade: Upgrade, level: int | None) -> int:
    """Bolts for one upgrade choice; a levelled upgrade without a usable level is priced at level 1."""
    if not upgrade.levelled:
        return upgrade.cost
    return level_cost(upgrade, level if level is not None and level >= 1 else 1)


def slot_choices(t: Tables, mech: Mech) -> dict[str, list[tuple[str, UpgradeChoice]]]:
    """Resolved slot -> [(roster key, choice)] in roster order; keys that name no slot are left out."""
    by_slot: dict[str, list[tuple[str, UpgradeChoice]]] = {}
    for key, choice in mech.upgrades.items():
        slot = t.key_slot.get(key)
        if slot is not None:
            by_slot.setdefault(slot, []).append((key, choice))
    return by_slot


def upgrade_costs(t: Tables, mech: Mech) -> dict[str, int]:
    """Bolts per resolved slot; the same upgrade written on both legs is one installation, paid once."""
    costs: dict[str, int] = {}
    for slot, entries in slot_choices(t, mech).items():
        seen: set[tuple[str, int | None]] = set()
        total = 0
        for _key, choice in entries:
            upgrade = t.upgrades.get(choice.id)
            if upgrade is None or (choice.id, choice.level) in seen:
                continue
            seen.add((choice.id, choice.level))
            total += upgrade_cost(upgrade, choice.level)
        costs[slot] = total
    return costs


def part_costs(t: Tables, mech: Mech) -> dict[str, int]:
    """Bolts per part, in catalogue order (a missing part costs nothing)."""
    top = len(t.cumulative) - 1
    return {pid: t.cumulative[max(0, min(mech.parts.get(pid, 0), top))] for pid in t.parts}


def derived(t: Tables, mech: Mech) -> dict[str, Any]:
    """What the points mean in play, from each part's `gives`: target number, heat capacity, dice, move."""
    numbers: dict[str, Any] = {"target_number": 0, "heat_capacity": 0, "dice": {}, "move": 0}
    for pid, part in t.parts.items():
        points = mech.parts.get(pid, 0)
        if part.gives == "target number":
            numbers["target_number"] += points
        elif part.gives == "heat capacity":
            numbers["heat_capacity"] += points
        elif part.gives == "dice":
            numbers["dice"][pid] = points
        elif part.gives == "move":
            numbers["move"] += points
    return numbers


@dataclass(frozen=True)
class MechTotals:
    """One mech's bolts: per part, per upgrade slot, their sums, and the derived numbers."""

    name: str
    pilot: str
    bolts: int
    parts_cost: int
    upgrades_cost: int
    part_costs: dict[str, int]
    upgrade_costs: dict[str, int]
    derived: dict[str, Any]


def mech_totals(t: Tables, mech: Mech) -> MechTotals:
    """One mech's totals."""
    parts = part_costs(t, mech)
    upgrades = upgrade_costs(t, mech)
    parts_cost = sum(parts.values())
    upgrades_cost = sum(upgrades.values())
    return MechTotals(
        mech.name, mech.pilot, parts_cost + upgrades_cost, parts_cost, upgrades_cost, parts, upgrades, derived(t, mech)
    )


def mech_bolts(t: Tables, mech: Mech) -> int:
    """A mech's total bolts: parts plus upgrades."""
    return sum(part_costs(t, mech).values()) + sum(upgrade_costs(t, mech).values())


def effective_budget(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> int | None:
    """The per-mech budget that applies: the roster's, else the catalogue default; a warband has none unless set."""
    if roster.budget is not None:
        return roster.budget
    return None if roster.is_warband else catalogue.rules.default_budget


def warband_budget(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> int:
    """Bolts a campaign warband may spend: the base plus a bonus per claimed district."""
    band = catalogue.warband
    return band.base_bolts + band.bolts_per_district * (roster.districts or 0)
