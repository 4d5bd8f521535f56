"""Warmachine Mk IV cards: points, field allowance, hardpoint choices, battlegroup and the unit an attachment
joined; the army list."""

from __future__ import annotations

from typing import TYPE_CHECKING

from exports.pdf.blocks import Block, Gap, Heading, Rich, Stats, Table
from exports.pdf.card import Card
from exports.pdf.content import GameContent, group
from exports.pdf.sheet import SheetTable
from exports.pdf.tracks import Boxes, DamageGrid

if TYPE_CHECKING:
    from builder.findings import Report
    from builder.games.warmachine.catalogue import Entry, WarmachineCatalogue
    from builder.games.warmachine.roster import WarmachineRoster, WarmachineUnit

TYPE_NAMES = {"leader": "Leader", "warjack": "Warjack", "unit": "Unit", "solo": "Solo", "attachment": "Attachment"}


def card_key(unit: WarmachineUnit) -> tuple[str, tuple[tuple[str, str], ...], str | None, int | None]:
    """Units that share this print as one card with a count (attachments only with the same unit joined)."""
    return unit.id, tuple(sorted(unit.hardpoints.items())), unit.battlegroup, unit.attached_to


def joined_to(catalogue: WarmachineCatalogue, roster: WarmachineRoster, unit: WarmachineUnit) -> str:
    """'Rivetgun Squad (unit 4)': the unit an attachment joined, by its place in the army ("" for none)."""
    target = unit.attached_to
    if target is None:
        return ""
    if target >= len(roster.units):
        return f"unit {target + 1} (not in the army)"
    return f"{_name(catalogue, roster.units[target].id)} (unit {target + 1})"


def _entry(catalogue: WarmachineCatalogue, unit: WarmachineUnit) -> Entry:
    """The catalogue entry of a roster unit the catalogue knows (the cards and army list keep only those)."""
    entry = catalogue.entry(unit.id)
    assert entry is not None, f"entry {unit.id!r} is not in the catalogue"
    return entry


def unit_points(catalogue: WarmachineCatalogue, chosen: WarmachineUnit) -> int:
    """The entry's points plus its hardpoint options' points."""
    entry = catalogue.entry(chosen.id)
    if entry is None:
        return 0
    total = entry.points
    for slot_id, option_id in chosen.hardpoints.items():
        slot = entry.hardpoint(slot_id)
        option = next((o for o in slot.options if o.id == option_id), None) if slot else None
        total += option.points if option else 0
    return total


def _name(catalogue: WarmachineCatalogue, entry_id: str | None) -> str:
    entry = catalogue.entry(entry_id) if entry_id else None
    return entry.name if entry else (entry_id or "")


def _fa(entry: Entry) -> str:
    return "C" if entry.character or entry.fa is None else str(entry.fa)


def _weapon_rows(catalogue: WarmachineCatalogue, entry: Entry) -> list[list[str]]:
    """A row per weapon (melee RNG is its reach), then its keywords under it."""
    rows = []
    for weapon in entry.weapons:
        rows.append(
            [
                weapon.name,
                "melee" if weapon.kind == "melee" else "ranged",
                _stat(weapon.rng),
                _stat(weapon.rof),
                _stat(weapon.pow),
            ]
        )
        named = [kw.name for kw in map(catalogue.keyword, weapon.keywords) if kw]
        if named:
            rows.append([f"  {', '.join(named)}", "", "", "", ""])
    return rows


def _stat(value: int | None) -> str:
    return "–" if value is None else str(value)


def _keywords(catalogue: WarmachineCatalogue, entry: Entry) -> list[Rich]:
    """Every keyword the card names (the model's and its weapons'), each with what it does."""
    ids = list(entry.keywords) + [kw for weapon in entry.weapons for kw in weapon.keywords]
    seen = dict.fromkeys(ids)
    return [Rich(f"{kw.name}:", kw.summary) for kw in map(catalogue.keyword, seen) if kw]


def damage_track(catalogue: WarmachineCatalogue, entry: Entry, count: int) -> list[Block]:
    """Boxes to mark in play: the warjack's grid (with what its system letters stand for beside it), a row of boxes per
    model, or one box for a single wound."""
    if entry.grid:
        return [
            Heading(f"Damage grid ({entry.boxes()} boxes)"),
            DamageGrid(entry.grid, copies=count, size=13, legend=catalogue.grid_legend(entry)),
        ]
    per_model = entry.damage or 1
    heading = f"Damage ({entry.models} × {per_model})" if entry.models > 1 else f"Damage ({per_model})"
    return [
        Heading(heading),
        Boxes([per_model] * entry.models, label="Unit" if count > 1 else "", copies=count, size=11),
    ]


def unit_card(catalogue: WarmachineCatalogue, roster: WarmachineRoster, chosen: WarmachineUnit, count: int) -> Card:
    entry = _entry(catalogue, chosen)
    pts = unit_points(catalogue, chosen)
    blocks: list[Block] = [Stats(("POINTS", "FA"), (str(pts), _fa(entry))), Gap(3)]
    if entry.stats is not None and entry.stats.shown():
        labels, values = zip(*entry.stats.shown())
        blocks += [Stats(labels, tuple(map(str, values))), Gap(3)]
    if entry.weapons:
        blocks += [
            Heading("Weapons"),
            Table(
                ("", "", "RNG", "ROF", "POW"),
                _weapon_rows(catalogue, entry),
                (4, 1.6, 1, 1, 1),
                ("left", "left", "center", "center", "center"),
            ),
        ]
    if entry.hardpoints:
        rows = []
        for slot in entry.hardpoints:
            option_id = chosen.hardpoints.get(slot.id)
            option = next((o for o in slot.options if o.id == option_id), None)
            rows.append([slot.name, option.name if option else "(none chosen)", f"+{option.points}" if option else ""])
        blocks += [
            Heading("Hardpoints"),
            Table(("Slot", "Choice", "PTS"), rows, (2.4, 4, 1), ("left", "left", "center")),
        ]
    if chosen.battlegroup:
        blocks.append(Rich("Battlegroup:", _name(catalogue, chosen.battlegroup)))
    if chosen.attached_to is not None:
        blocks.append(Rich("Joined to:", joined_to(catalogue, roster, chosen)))
    elif entry.type == "attachment":
        blocks.append(Rich("Joined to:", "no unit yet (an attachment is never alone)"))
    if entry.is_controller:
        cohort = [_name(catalogue, u.id) for u in roster.units if u.battlegroup == chosen.id]
        blocks.append(Rich("Controls:", ", ".join(cohort) if cohort else "no cohort models"))
    if entry.summary:
        blocks += [Gap(2), Rich("", entry.summary)]
    blocks += damage_track(catalogue, entry, count)
    if keywords := _keywords(catalogue, entry):
        blocks += [Heading("Keywords"), *keywords]
    faction = next((f.name for f in catalogue.factions if f.id == entry.faction), entry.faction)
    subtitle = f"{faction} · {TYPE_NAMES.get(entry.type, entry.type)}" + (" · character" if entry.character else "")
    footer = f"{pts} pts" + (f" each, {pts * count} for {count}" if count > 1 else "")
    return Card(entry.name, subtitle, count, blocks, footer)


def content(roster: WarmachineRoster, catalogue: WarmachineCatalogue, report: Report) -> GameContent:
    """Sheet facts, the army list with points per entry against the level, and a card per loadout."""
    units = [u for u in roster.units if catalogue.entry(u.id)]
    points = [unit_points(catalogue, u) for u in units]
    total = sum(points)
    faction = next((f.name for f in catalogue.factions if f.id == roster.faction), roster.faction or "–")
    leader = next((_entry(catalogue, u).name for u in units if _entry(catalogue, u).type == "leader"), "none")
    facts = [
        ("Faction", faction),
        (
            "Points",
            f"{total} / {roster.points}"
            + (f" ({roster.points - total} left)" if total <= roster.points else f" ({total - roster.points} over)"),
        ),
        ("Leader", leader),
        ("Variant", "reduced field allowance" if roster.variant == "reduced-fa" else "standard"),
    ]
    if roster.league:
        facts.append(("League", f"journeyman league, stage {roster.league.stage}"))
    rows = []
    for unit, pts in zip(units, points):
        entry = _entry(catalogue, unit)
        choices = []
        for slot_id, option_id in unit.hardpoints.items():
            slot = entry.hardpoint(slot_id)
            option = next((o for o in slot.options if o.id == option_id), None) if slot else None
            choices.append(option.name if option else option_id)
        rows.append(
            [
                entry.name,
                TYPE_NAMES.get(entry.type, entry.type),
                ", ".join(choices) or "–",
                _name(catalogue, unit.battlegroup) or joined_to(catalogue, roster, unit) or "–",
                _fa(entry),
                str(pts),
            ]
        )
    table = SheetTable(
        ("Entry", "Type", "Hardpoints", "Battlegroup / joins", "FA", "Points"),
        rows,
        (3.2, 1.4, 4, 2.8, 0.7, 1.2),
        ("Total", "", "", "", "", f"{total} / {roster.points}"),
    )
    cards = [unit_card(catalogue, roster, u, n) for u, n in group(units, card_key)]
    return GameContent(facts, [("Army", table)], cards)
