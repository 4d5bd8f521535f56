"""McWarrior's plain-text list for chat and forums."""

from __future__ import annotations

from typing import TYPE_CHECKING

from catalog.wording import counted
from exports.text import name_or

if TYPE_CHECKING:
    from builder.games.mcwarrior.catalogue import McWarriorCatalogue
    from builder.games.mcwarrior.roster import McWarriorRoster
    from builder.games.mcwarrior.rules import McWarriorTotals


def lines(roster: McWarriorRoster, catalogue: McWarriorCatalogue, totals: McWarriorTotals) -> list[str]:
    """Each mech with its bolts, parts, pilot and upgrades."""
    budget = roster.budget if roster.budget is not None else catalogue.rules.default_budget
    if roster.is_warband:
        head = (
            f"Warband of {counted(len(roster.mechs), 'mech')}, {counted(roster.districts, 'district')}: "
            f"{totals.total_bolts}/{totals.warband_budget} bolts"
        )
    else:
        head = f"Budget {counted(budget, 'bolt')} per mech"
    lines = [head, ""]
    rows = totals.mechs
    for i, mech in enumerate(roster.mechs, 1):
        row = rows[i - 1]  # the rules count one row per mech
        skill = name_or(catalogue.skill(mech.skill), mech.skill) if mech.skill else "no skill"
        pilot = f"pilot {mech.pilot}" if mech.pilot.strip() else "an unnamed pilot"
        lines.append(f"  {i}. {mech.name or f'Mech {i}'} — {pilot} ({skill}) — {counted(row.bolts, 'bolt')}")
        part_costs = row.part_costs
        parts = [f"{name_or(catalogue.part(p), p)} {v} ({part_costs.get(p, '?')})" for p, v in mech.parts.items()]
        if parts:
            lines.append(f"     {', '.join(parts)}")
        upgrade_costs = row.upgrade_costs
        upgrades = []
        for slot, choice in mech.upgrades.items():
            level = f" level {choice.level}" if choice.level is not None else ""
            slot_name = name_or(catalogue.part(slot), slot.replace("-", " ").capitalize())
            upgrades.append(
                f"{slot_name}: {name_or(catalogue.upgrade(choice.id), choice.id)}{level} ({upgrade_costs.get(slot, '?')})"
            )
        if upgrades:
            lines.append(f"     {'; '.join(upgrades)}")
    return lines
