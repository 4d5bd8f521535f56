"""Warcaster: Neo-Mechanika cards: units (stat line, weapons, cortex and hardpoints, attachments) and Cyphers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from builder.games.warcaster.catalogue import Faction
from builder.games.warcaster.rules_base import unit_dc, weapon_points
from catalog.wording import counted
from exports.pdf.blocks import Block, Gap, Heading, Note, Rich, Stats, Table
from exports.pdf.card import Card
from exports.pdf.content import UNDESCRIBED, GameContent, fold, group, stat
from exports.pdf.sheet import SheetTable
from exports.pdf.tracks import Boxes

if TYPE_CHECKING:
    from builder.findings import Report
    from builder.games.warcaster.catalogue import Cypher, Unit, WarcasterCatalogue, Weapon
    from builder.games.warcaster.roster import WarcasterRoster, WarcasterUnit

STAT_LABELS = ("SPD", "STR", "MAT", "RAT", "FOC", "DEF", "ARM")
CYPHER_BANDS = {
    "fury": (0.98, 0.85, 0.83),
    "geometric": (0.84, 0.89, 0.98),
    "harmonic": (0.85, 0.95, 0.85),
    "overdrive": (0.98, 0.94, 0.8),
}
TYPE_NAMES = {
    "warjack": "Warjack",
    "squad": "Squad",
    "solo": "Solo",
    "hero": "Hero",
    "vehicle": "Vehicle",
    "mantlet": "Mantlet",
    "attachment": "Attachment",
}


def card_key(unit: WarcasterUnit) -> tuple[str, str | None, tuple[tuple[str, str], ...], tuple[str, ...]]:
    """Units that share this print as one card with a count: same entry, cortex, hardpoints and attachments."""
    return unit.id, unit.cortex, tuple(sorted(unit.hardpoints.items())), tuple(sorted(unit.attachments))


def _entry(catalogue: WarcasterCatalogue, unit: WarcasterUnit) -> Unit:
    """The catalogue entry of a roster unit the catalogue knows (the cards and sheet keep only those)."""
    entry = catalogue.unit(unit.id)
    assert entry is not None, f"unit {unit.id!r} is not in the catalogue"
    return entry


def _faction_name(catalogue: WarcasterCatalogue, faction_id: str) -> str:
    if faction_id == "wild-card":
        return "Wild Card"
    faction = catalogue.known("faction").get(faction_id)
    return faction.name if isinstance(faction, Faction) else faction_id


def _type_name(entry: Unit) -> str:
    name = TYPE_NAMES.get(entry.type, entry.type)
    return f"{entry.weight.capitalize()} {name.lower()}" if entry.weight else name


def _stat_block(entry: Unit, dc: int | None) -> Stats:
    s = entry.stats
    values = [stat(v) for v in (s.spd, s.strength, s.mat, s.rat, s.foc, s.defense, s.arm)]
    labels = list(STAT_LABELS) + ["♥", "DC"]
    values += [stat(entry.health), stat(dc)]
    if entry.type == "squad" or entry.models > 1:
        labels.append("MODELS")
        values.append(str(entry.models))
    return Stats(labels, values)


def _profiles(catalogue: WarcasterCatalogue, weapon: Weapon) -> list[Weapon]:
    """The weapon, or for a mount carrying several weapons ("Assault Rifle & Bayonet") each of them."""
    parts = [p for p in map(catalogue.weapon, weapon.parts) if p]
    return parts or [weapon]


def _tags(catalogue: WarcasterCatalogue, rule_ids: Iterable[str]) -> list[Note]:
    """A weapon's rule names as a small line under it (their summaries go to Special rules)."""
    names = [rule.name for rule in map(catalogue.rule, dict.fromkeys(rule_ids)) if rule]
    return [Note(" · ".join(names))] if names else []


def _weapon_rows(catalogue: WarcasterCatalogue, weapon_ids: Iterable[str]) -> list[list[str] | Note]:
    """Name, RNG, POW per fixed weapon with its rule names; a weapon listed n times prints once as 'Name ×n'."""
    rows: list[list[str] | Note] = []
    for weapon_id, n in group(weapon_ids, lambda w: w):
        weapon = catalogue.weapon(weapon_id)
        if weapon is None:
            continue
        for profile in _profiles(catalogue, weapon):
            name = profile.name if n == 1 else f"{profile.name} ×{n}"
            rows.append([name, stat(profile.rng), stat(profile.pow)])
            rows += _tags(catalogue, profile.rules + (weapon.rules if profile is not weapon else []))
    return rows


def _weapon_rules(catalogue: WarcasterCatalogue, weapon_ids: Iterable[str]) -> list[str]:
    rules: list[str] = []
    for weapon in filter(None, map(catalogue.weapon, weapon_ids)):
        for profile in {weapon.id: weapon, **{p.id: p for p in _profiles(catalogue, weapon)}}.values():
            rules += profile.rules
    return rules


def _rules_blocks(catalogue: WarcasterCatalogue, rule_ids: Iterable[str]) -> list[Rich]:
    """Every rule explained once; rules that share an explanation (the energy types) share one line:
    "Ballistic, Kinetic: Energy type: …"."""
    names_by_summary: dict[str, list[str]] = {}
    for rule in filter(None, map(catalogue.rule, dict.fromkeys(rule_ids))):
        names_by_summary.setdefault(rule.summary, []).append(rule.name)
    return [Rich(f"{', '.join(names)}:", summary or UNDESCRIBED) for summary, names in names_by_summary.items()]


def unit_card(catalogue: WarcasterCatalogue, chosen: WarcasterUnit, count: int) -> Card:
    """The card of one distinct unit and loadout."""
    entry = _entry(catalogue, chosen)
    dc = unit_dc(catalogue, chosen)
    blocks: list[Block] = [_stat_block(entry, dc), Gap(3)]
    rule_ids = list(entry.rules)
    footer = f"DC {stat(dc)}"

    if entry.weapons:
        blocks += [Heading("Weapons"), Table(("", "RNG", "POW"), _weapon_rows(catalogue, entry.weapons), (5, 1.2, 1.2))]
        rule_ids += _weapon_rules(catalogue, entry.weapons)

    if entry.hardpoints:
        cortex = catalogue.cortex(chosen.cortex) if chosen.cortex else None
        if entry.cortexes:
            blocks += [Rich("Cortex:", cortex.name if cortex else "none chosen")]
            rule_ids += cortex.rules if cortex else []
        rows: list[list[str] | Note] = []
        for slot in entry.hardpoints:
            weapon_id = chosen.hardpoints.get(slot.id)
            weapon = catalogue.weapon(weapon_id) if weapon_id else None
            option = next((o for o in slot.options if o.weapon == weapon_id), None)
            cost = "–" if option is None or option.cost is None else str(option.cost)
            if weapon is None:
                rows.append([slot.name, "(empty)", "", "", ""])
                continue
            profiles = _profiles(catalogue, weapon)
            mount_rules = option.rules if option else []
            if profiles == [weapon]:
                rows.append([slot.name, weapon.name, stat(weapon.rng), stat(weapon.pow), cost])
                rows += _tags(catalogue, weapon.rules + mount_rules)
            else:
                rows.append([slot.name, weapon.name, "", "", cost])
                for p in profiles:
                    rows.append(["", f"· {p.name}", stat(p.rng), stat(p.pow), ""])
                    rows += _tags(catalogue, p.rules)
                rows += _tags(catalogue, weapon.rules + mount_rules)
            rule_ids += _weapon_rules(catalogue, [weapon.id]) + (option.rules if option else [])
        used, total = weapon_points(catalogue, chosen), entry.weapon_points
        blocks += [
            Heading("Hardpoints"),
            Table(
                ("Slot", "Weapon", "RNG", "POW", "WP"),
                rows,
                (2.4, 3.7, 1.35, 1.35, 1.1),
                ("left", "left", "center", "center", "center"),
            ),
        ]
        blocks.append(Rich("Weapon points:", f"{used}/{stat(total)}"))

    attachments = [a for a in map(catalogue.unit, chosen.attachments) if a]
    explained = list(rule_ids)  # the unit's own rules are explained under Special rules, not in an attachment's
    for attachment in attachments:
        blocks += [Heading(f"Attachment: {attachment.name}"), Rich("DC modifier:", f"{attachment.dc_modifier:+d}")]
        if attachment.weapons:
            blocks.append(Table(("", "RNG", "POW"), _weapon_rows(catalogue, attachment.weapons), (5, 1.2, 1.2)))
        its_rules = [r for r in attachment.rules + _weapon_rules(catalogue, attachment.weapons) if r not in explained]
        blocks += _rules_blocks(catalogue, its_rules)
        explained += its_rules
    if attachments:
        extra = " + ".join(f"{a.dc_modifier} ({a.name})" for a in attachments)
        footer = f"DC {stat(entry.dc)} + {extra} = {stat(dc)}"

    boxes = entry.health or 1
    blocks += [
        Heading(health_heading(entry, attachments)),
        Boxes(
            [boxes] * entry.models + [a.health or 1 for a in attachments],
            label="Unit" if count > 1 else "",
            copies=count,
            size=11,
        ),
    ]
    rules = _rules_blocks(catalogue, rule_ids)
    if rules:
        blocks += [Heading("Special rules"), *rules]
    subtitle = f"{_faction_name(catalogue, entry.faction)} · {_type_name(entry)}"
    return Card(entry.name, subtitle, count, blocks, footer)


def health_heading(entry: Unit, attachments: Sequence[Unit]) -> str:
    """What the ♥ stat means, over the boxes that mark it: a box per point of health, per model (an attachment is a
    model of its squad, with its own boxes)."""
    boxes = entry.health or 1
    each = f"{counted(boxes, 'damage box', 'damage boxes')}" + (f" × {entry.models} models" if entry.models > 1 else "")
    joined = "".join(f", {a.name} {a.health or 1}" for a in attachments)
    return f"♥ Health: {each}{joined}"


def rack_card(catalogue: WarcasterCatalogue, cyphers: Sequence[Cypher]) -> Card:
    """The whole rack on one card (continuing on its back when long): the Cyphers by type, each with its POW and
    what it does, a box to tick when it is played."""
    blocks: list[Block] = []
    for kind in CYPHER_BANDS:
        of_kind = [c for c in cyphers if c.type == kind]
        if not of_kind:
            continue
        blocks.append(Heading(f"{kind.capitalize()} ({len(of_kind)})"))
        for cypher in of_kind:
            power = f" · POW {stat(cypher.pow)}" if cypher.pow not in (None, "-", "–") else ""
            only = "" if cypher.faction is None else f" · {_faction_name(catalogue, cypher.faction)} only"
            blocks.append(Rich(f"☐ {cypher.name}{power}{only}:", cypher.summary or UNDESCRIBED))
    types = ", ".join(
        f"{sum(c.type == t for c in cyphers)} {t}" for t in CYPHER_BANDS if any(c.type == t for c in cyphers)
    )
    return Card("Cypher rack", f"{counted(len(cyphers), 'Cypher')}: {types}", 1, blocks, "tick ☐ when played")


def _loadout_text(catalogue: WarcasterCatalogue, chosen: WarcasterUnit) -> str:
    parts = []
    if chosen.cortex and (cortex := catalogue.cortex(chosen.cortex)):
        parts.append(cortex.name)
    for weapon_id in chosen.hardpoints.values():
        if weapon := catalogue.weapon(weapon_id):
            parts.append(weapon.name)
    for attachment_id in chosen.attachments:
        if attachment := catalogue.unit(attachment_id):
            parts.append(f"+ {attachment.name}")
    return ", ".join(parts)


def content(roster: WarcasterRoster, catalogue: WarcasterCatalogue, report: Report) -> GameContent:
    """Sheet facts and tables, unit cards (one per distinct loadout) and the rack's card."""
    fmt = catalogue.format(roster.format)
    units = [u for u in roster.units if catalogue.unit(u.id)]
    in_force = [u for u in units if _entry(catalogue, u).type not in ("hero", "attachment", "mantlet")]
    heroes = [u for u in units if _entry(catalogue, u).is_hero]
    dcs = [unit_dc(catalogue, u) or 0 for u in units]
    cyphers = [c for c in map(catalogue.cypher, roster.rack) if c]
    by_type = {t: sum(1 for c in cyphers if c.type == t) for t in CYPHER_BANDS}

    facts = [("Faction", _faction_name(catalogue, roster.faction))]
    if fmt:
        limits = (
            f"up to {counted(fmt.max_units, 'unit')}, {counted(fmt.max_heroes, 'hero', 'heroes')}, "
            f"{counted(fmt.max_mantlets, 'mantlet')}; rack {fmt.rack_min}–{fmt.rack_max} Cyphers"
        )
        facts.append(("Format", f"{fmt.name}: {limits}"))
        facts.append(("Units", f"{len(in_force)}/{fmt.max_units} · heroes {len(heroes)}/{fmt.max_heroes}"))
    else:
        facts.append(("Format", roster.format))
    facts.append(("Deployment cost", f"{sum(dcs)} DC in total"))
    facts.append(("Rack", f"{len(cyphers)} Cyphers (" + ", ".join(f"{t} {n}" for t, n in by_type.items()) + ")"))

    rows = []
    for i, (u, dc) in enumerate(zip(units, dcs), 1):
        entry = _entry(catalogue, u)
        rows.append([str(i), entry.name, _type_name(entry), _loadout_text(catalogue, u), str(dc)])
    tables = [
        (
            "Units",
            SheetTable(
                ("#", "Unit", "Type", "Loadout", "DC"),
                rows,
                (0.5, 3, 1.8, 5, 0.7),
                ("", "Total", "", "", str(sum(dcs))),
            ),
        )
    ]
    if cyphers:
        rack = fold(
            ("Cypher", "Type", "POW"), [[c.name, c.type.capitalize(), stat(c.pow)] for c in cyphers], (3.2, 1.6, 0.8)
        )
        tables.append(("Rack", SheetTable(*rack)))

    cards = [unit_card(catalogue, u, n) for u, n in group(units, card_key)]
    if cyphers:
        cards.append(rack_card(catalogue, cyphers))
    return GameContent(facts, tables, cards)
