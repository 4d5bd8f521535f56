"""A roster as plain text for chat and forums: entries with loadouts and costs, totals, legality, share code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from builder.game import GAMES
from builder.rules import validate
from catalog.models.common import Named
from catalog.wording import counted
from exports.share.errors import ShareCodeError

if TYPE_CHECKING:
    from builder.roster.common import RosterBase
    from builder.roster.mcwarrior import McWarriorRoster
    from builder.roster.warcaster import WarcasterRoster
    from builder.rules.mcwarrior import McWarriorTotals
    from builder.rules.warcaster_totals import WarcasterTotals
    from catalog.models.common import CatalogueHeader
    from catalog.models.mcwarrior import McWarriorCatalogue
    from catalog.models.warcaster import WarcasterCatalogue


class HasName(Protocol):
    """A catalogue entry of any game: it has a name to print."""

    @property
    def name(self) -> str: ...


class HasId(Protocol):
    """A hardpoint slot of either game: its id."""

    @property
    def id(self) -> str: ...


class HasHardpoints(Protocol):
    """A Warcaster unit or a Warmachine entry: its hardpoint slots in card order."""

    @property
    def hardpoints(self) -> Sequence[HasId]: ...


def name_or(entry: HasName | None, fallback: str) -> str:
    """The entry's name, or `fallback` (its id) when the catalogue lacks it."""
    return entry.name if entry is not None else fallback


def known(catalogue: CatalogueHeader, kind: str, id: str) -> Named | None:
    """The catalogue's entry of `kind` with this id (every kind the catalogue indexes holds named entries)."""
    entry = catalogue.known(kind).get(id)
    return entry if isinstance(entry, Named) else None


def in_card_order(chosen: dict[str, str], entry: HasHardpoints | None) -> list[tuple[str, str]]:
    """(slot id, choice) in the order the entry's card lists its hardpoints; slots it lacks come last."""
    order = {slot.id: i for i, slot in enumerate(entry.hardpoints)} if entry is not None else {}
    return sorted(chosen.items(), key=lambda item: order.get(item[0], len(order)))


def warcaster_lines(roster: WarcasterRoster, catalogue: WarcasterCatalogue, totals: WarcasterTotals) -> list[str]:
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


def mcwarrior_lines(roster: McWarriorRoster, catalogue: McWarriorCatalogue, totals: McWarriorTotals) -> list[str]:
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
        pilot = mech.pilot or "no pilot"
        lines.append(f"  {i}. {mech.name or f'Mech {i}'} — pilot {pilot} ({skill}) — {counted(row.bolts, 'bolt')}")
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


def roster_text(roster: RosterBase, catalogue: CatalogueHeader) -> str:
    """The roster as plain text, ending with its share code."""
    from exports.share import encode_roster

    report = validate(roster, catalogue)
    lines = [
        roster.name or "Unnamed roster",
        f"{GAMES[roster.game].name} — catalogue {catalogue.id} revision {catalogue.revision}",
    ]
    lines += GAMES[roster.game].text(roster, catalogue, report.totals)
    lines.append("")
    if report.valid:
        lines.append("Legal" + (f" ({counted(len(report.findings), 'note')})" if report.findings else ""))
    else:
        codes = ", ".join(dict.fromkeys(f.code for f in report.errors))
        lines.append(f"NOT LEGAL: {codes}")
    for finding in report.findings:
        lines.append(f"  {finding.severity} {finding.code} ({finding.path}): {finding.message}")
    try:
        lines += ["", f"Share code: {encode_roster(roster, catalogue)}"]
    except ShareCodeError as exc:
        lines += ["", f"Share code: not available ({exc})"]
    return "\n".join(lines) + "\n"
