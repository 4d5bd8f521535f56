"""McWarrior bolt arithmetic: part and upgrade costs, upgrade slots, derived numbers and totals."""

from __future__ import annotations

from typing import Any


def mech_label(mech, index: int) -> str:
    """How messages name a mech: its name, else its number in the roster."""
    name = mech.name.strip()
    return f"'{name}'" if name else f"mech {index + 1}"


def part_cost(catalogue, points: int) -> int:
    """Bolts for a part bought up to `points`; points outside the book's range are clamped."""
    costs = catalogue.rules.point_costs
    return sum(costs[: max(0, min(points, len(costs)))])


def level_cost(upgrade, level: int) -> int:
    """Bolts for a levelled upgrade at `level` (closed form, so a silly level costs no time)."""
    level = max(level, 0)
    return upgrade.cost * level + upgrade.level_step * level * (level - 1) // 2


def upgrade_cost(upgrade, level: int | None) -> int:
    """Bolts for one upgrade choice; a levelled upgrade without a usable level is priced at level 1."""
    if not upgrade.levelled:
        return upgrade.cost
    return level_cost(upgrade, level if level is not None and level >= 1 else 1)


def resolve_slot(catalogue, key: str) -> str | None:
    """The upgrade slot a roster key names: a slot itself, or a part that shares one (`left-leg` -> `legs`)."""
    if key in catalogue.known("slot"):
        return key
    part = catalogue.known("part").get(key)
    return part.upgrade_slot if part is not None else None


def slot_choices(catalogue, mech) -> dict[str, list[tuple[str, Any]]]:
    """Resolved slot -> [(roster key, choice)] in roster order; unknown keys are left out."""
    by_slot: dict[str, list[tuple[str, Any]]] = {}
    for key, choice in mech.upgrades.items():
        slot = resolve_slot(catalogue, key)
        if slot is not None:
            by_slot.setdefault(slot, []).append((key, choice))
    return by_slot


def upgrade_costs(catalogue, mech) -> dict[str, int]:
    """Bolts per resolved slot; the same upgrade written on both legs is one installation, paid once."""
    known = catalogue.known("upgrade")
    costs: dict[str, int] = {}
    for slot, entries in slot_choices(catalogue, mech).items():
        seen: set[tuple[str, int | None]] = set()
        total = 0
        for _key, choice in entries:
            upgrade = known.get(choice.id)
            if upgrade is None or (choice.id, choice.level) in seen:
                continue
            seen.add((choice.id, choice.level))
            total += upgrade_cost(upgrade, choice.level)
        costs[slot] = total
    return costs


def derived(catalogue, mech) -> dict[str, Any]:
    """What the points mean in play, from each part's `gives`: target number, heat capacity, dice, move."""
    numbers: dict[str, Any] = {"target_number": 0, "heat_capacity": 0, "dice": {}, "move": 0}
    for part in catalogue.parts:
        points = mech.parts.get(part.id, 0)
        if part.gives == "target number":
            numbers["target_number"] += points
        elif part.gives == "heat capacity":
            numbers["heat_capacity"] += points
        elif part.gives == "dice":
            numbers["dice"][part.id] = points
        elif part.gives == "move":
            numbers["move"] += points
    return numbers


def mech_totals(catalogue, mech) -> dict[str, Any]:
    """One mech's bolts: per part, per upgrade slot, their sums, and the derived numbers."""
    parts = {part.id: part_cost(catalogue, mech.parts.get(part.id, 0)) for part in catalogue.parts}
    upgrades = upgrade_costs(catalogue, mech)
    parts_cost = sum(parts.values())
    upgrades_cost = sum(upgrades.values())
    return {
        "name": mech.name,
        "pilot": mech.pilot,
        "bolts": parts_cost + upgrades_cost,
        "parts_cost": parts_cost,
        "upgrades_cost": upgrades_cost,
        "part_costs": parts,
        "upgrade_costs": upgrades,
        "derived": derived(catalogue, mech),
    }


def mech_bolts(catalogue, mech) -> int:
    """A mech's total bolts: parts plus upgrades."""
    parts = sum(part_cost(catalogue, mech.parts.get(part.id, 0)) for part in catalogue.parts)
    return parts + sum(upgrade_costs(catalogue, mech).values())


def effective_budget(roster, catalogue) -> int | None:
    """The per-mech budget that applies: the roster's, else the catalogue default; a warband has none unless set."""
    if roster.budget is not None:
        return roster.budget
    return None if roster.is_warband else catalogue.rules.default_budget


def warband_budget(roster, catalogue) -> int:
    """Bolts a campaign warband may spend: the base plus a bonus per claimed district."""
    band = catalogue.warband
    return band.base_bolts + band.bolts_per_district * (roster.districts or 0)
