"""Warcaster's plain-text list for chat and forums."""

from __future__ import annotations

from typing import TYPE_CHECKING

from catalog.wording import counted
from exports.text import in_card_order, known, name_or

if TYPE_CHECKING:
    from builder.games.warcaster.catalogue import WarcasterCatalogue
    from builder.games.warcaster.roster import WarcasterRoster
    from builder.games.warcaster.totals import WarcasterTotals


def lines(roster: WarcasterRoster, catalogue: WarcasterCatalogue, totals: WarcasterTotals) -> list[str]:
    """The force's faction, format, units with their loadouts, and its rack."""
    faction = name_or(known(catalogue, "faction", roster.faction), roster.faction)
    fmt = name_or(known(catalogue, "format", roster.format), roster.format)
    lines = [f"{faction}, {fmt}", ""]
    points = {row.unit: row for row in totals.weapon_points}
    unit_dc = totals.unit_dc
    lines.append(
        f"Force: {totals.units}/{totals.max_units} units, {totals.heroes}/{totals.max_heroes} heroes, DC {totals.dc}"
    )
    for i, unit in enumerate(roster.units, 1):
        entry = catalogue.unit(unit.id)
        title = name_or(entry, unit.id)
        if unit.attachments:
            title += " + " + ", ".join(name_or(catalogue.unit(a), a) for a in unit.attachments)
        costs = [f"DC {unit_dc[i - 1]}"] if i - 1 < len(unit_dc) else []
        if (row := points.get(i - 1)) is not None:
            costs.append(f"{row.used}/{row.total} WP")
        lines.append(f"  {i}. {title} — {', '.join(costs)}" if costs else f"  {i}. {title}")
        loadout = [name_or(catalogue.cortex(unit.cortex), unit.cortex)] if unit.cortex else []
        for slot_id, weapon_id in in_card_order(unit.hardpoints, entry):
            slot = entry.hardpoint(slot_id) if entry is not None else None
            cost = next((o.cost for o in slot.options if o.weapon == weapon_id), None) if slot else None
            shown = name_or(catalogue.weapon(weapon_id), weapon_id) + (f" ({cost} WP)" if cost is not None else "")
            loadout.append(f"{name_or(slot, slot_id)}: {shown}")
        if loadout:
            lines.append(f"     {'; '.join(loadout)}")
    types = totals.rack_types
    by_type = ", ".join(f"{kind} {count}" for kind, count in types.items())
    cards = counted(len(roster.rack), "card")
    lines += ["", f"Rack ({cards}; {by_type}):" if by_type else f"Rack ({cards}):"]
    for cypher_id in roster.rack:
        cypher = catalogue.cypher(cypher_id)
        lines.append(f"  {name_or(cypher, cypher_id)}" + (f" ({cypher.type})" if cypher else ""))
    return lines
