"""Warmachine's plain-text list for chat and forums."""

from __future__ import annotations

from typing import TYPE_CHECKING

from exports.text import in_card_order, known, name_or

if TYPE_CHECKING:
    from builder.games.warmachine.catalogue import WarmachineCatalogue
    from builder.games.warmachine.roster import WarmachineRoster
    from builder.games.warmachine.rules import WarmachineTotals


def lines(roster: WarmachineRoster, catalogue: WarmachineCatalogue, totals: WarmachineTotals) -> list[str]:
    """The army's faction, points and units with their hardpoints, battlegroups and the units attachments joined."""
    faction = name_or(known(catalogue, "faction", roster.faction), roster.faction) if roster.faction else "no faction"
    variant = "" if roster.variant == "standard" else ", reduced field allowance"
    league = f", league stage {roster.league.stage}" if roster.league else ""
    lines = [f"{faction}: {totals.points_used}/{roster.points} points{variant}{league}", ""]
    rows = totals.units
    for i, unit in enumerate(roster.units, 1):
        entry = catalogue.entry(unit.id)
        points = rows[i - 1].points
        lines.append(f"  {i}. {name_or(entry, unit.id)} — {points} pts")
        details = []
        for slot_id, option_id in in_card_order(unit.hardpoints, entry):
            slot = entry.hardpoint(slot_id) if entry is not None else None
            option = next((o for o in slot.options if o.id == option_id), None) if slot else None
            details.append(f"{name_or(slot, slot_id)}: {name_or(option, option_id)}")
        if unit.battlegroup:
            details.append(f"battlegroup of {name_or(catalogue.entry(unit.battlegroup), unit.battlegroup)}")
        if unit.attached_to is not None:
            target = unit.attached_to
            joined = roster.units[target].id if target < len(roster.units) else None
            details.append(
                f"joined to {target + 1}. {name_or(catalogue.entry(joined), joined)}"
                if joined is not None
                else f"joined to unit {target + 1}, not in the army"
            )
        if details:
            lines.append(f"     {'; '.join(details)}")
    return lines
