"""Warsurge unit cards (stat line, weapons, perks, points, a box per hit point) and the app-style roster list."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.games.warsurge.catalogue import WEAPON_TYPE_RULES
from builder.games.warsurge.rules import WarsurgeTotals
from exports.pdf.blocks import Block, Gap, Heading, Note, Rich, Stats, Table
from exports.pdf.card import Card
from exports.pdf.content import UNDESCRIBED, GameContent, group, points
from exports.pdf.sheet import SheetTable
from exports.pdf.tracks import Boxes

if TYPE_CHECKING:
    from builder.findings import Report
    from builder.games.warsurge.catalogue import WarsurgeCatalogue, WarsurgeUnit, WarsurgeWeapon
    from builder.games.warsurge.roster import WarsurgeRoster, WarsurgeRosterUnit

STAT_LABELS = ("MOVE", "DASH", "DEF", "HP", "ARM", "AEGIS", "TRANS", "FP")


def save(value: int | None) -> str:
    """An n+ save, or '–' for none."""
    return "–" if value is None else f"{value}+"


def _unit_key(unit: WarsurgeRosterUnit) -> tuple[str, str, int, tuple[tuple[str, int], ...], str | None]:
    return unit.id, unit.label, unit.models, tuple(sorted(unit.weapons.items())), unit.embarked_in


def _entry(catalogue: WarsurgeCatalogue, chosen: WarsurgeRosterUnit) -> WarsurgeUnit:
    """The catalogue entry of a roster unit the catalogue knows (the cards and sheet keep only those)."""
    unit = catalogue.unit(chosen.id)
    assert unit is not None, f"unit {chosen.id!r} is not in the catalogue"
    return unit


def _totals(report: Report) -> WarsurgeTotals:
    """The report's totals, which Warsurge's rules count."""
    assert isinstance(report.totals, WarsurgeTotals)
    return report.totals


def _unit_points(report: Report, index: int) -> tuple[int | float, float]:
    row = _totals(report).unit_points[index]
    return row.points, row.points_exact


def _points_text(rounded: int | float | None, exact: float | None) -> str:
    if rounded is None:
        return "–"
    return f"{rounded}" if exact is None or points(exact) == str(rounded) else f"{rounded} ({points(exact)})"


def _carrier_name(catalogue: WarsurgeCatalogue, roster: WarsurgeRoster, key: str) -> str:
    """The name of the transport whose `key` a unit embarks in (the key itself if none has it)."""
    carrier = next((u for u in roster.units if u.key == key), None)
    unit = catalogue.unit(carrier.id) if carrier else None
    return (carrier.label or unit.name) if carrier and unit else key


def _carried(catalogue: WarsurgeCatalogue, chosen: WarsurgeRosterUnit) -> list[tuple[WarsurgeWeapon, int]]:
    """The weapons a unit carries (those the catalogue knows, at least one of each) with how many."""
    return [
        (weapon, quantity)
        for weapon_id, quantity in chosen.weapons.items()
        if quantity > 0 and (weapon := catalogue.weapon(weapon_id)) is not None
    ]


def _weapon_rows(catalogue: WarsurgeCatalogue, chosen: WarsurgeRosterUnit) -> list[list[str] | Note]:
    rows: list[list[str] | Note] = []
    for weapon, quantity in _carried(catalogue, chosen):
        rng = f"{weapon.range}″" if weapon.range else "melee"
        rows.append([f"{weapon.name} ×{quantity}", rng, str(weapon.attacks), str(weapon.power), save(weapon.ap)])
        defences = [
            f"{name} {value}"
            for name, value in (("deflect", weapon.deflect), ("ward", weapon.ward), ("parry", weapon.parry))
            if value
        ]
        rows.append(Note(" · ".join([f"{weapon.type.capitalize()} weapon", *defences, *weapon.perks])))
    return rows


def _weapon_type_blocks(catalogue: WarsurgeCatalogue, chosen: WarsurgeRosterUnit) -> list[Rich]:
    """What the weapon types on the card mean, each once."""
    types = dict.fromkeys(weapon.type for weapon, _ in _carried(catalogue, chosen))
    return [Rich(f"{kind.capitalize()} weapon:", WEAPON_TYPE_RULES[kind]) for kind in types]


def _perk_blocks(catalogue: WarsurgeCatalogue, unit: WarsurgeUnit, chosen: WarsurgeRosterUnit) -> list[Block]:
    """What the unit's and its weapons' perks do, each once: explained where the catalogue explains it, and the
    rest named on one line that says where their rules are."""
    named = list(unit.perks)
    for weapon, _ in _carried(catalogue, chosen):
        named += weapon.perks
    explained: dict[str, list[str]] = {}
    summaries: dict[str, str] = {}
    undescribed: list[str] = []
    for name in dict.fromkeys(named):
        if (text := catalogue.perk(name)) is not None:
            explained.setdefault(text.name, []).append(name)  # as carried, level and all ("Annihilate I")
            summaries[text.name] = text.summary
        else:
            undescribed.append(name)
    if not named:
        return []
    blocks: list[Block] = [
        Heading("Perks"),
        *(Rich(f"{', '.join(names)}:", summaries[key]) for key, names in explained.items()),
    ]
    if undescribed:
        blocks.append(Rich(f"{', '.join(undescribed)}:", UNDESCRIBED))
    return blocks


def unit_card(
    catalogue: WarsurgeCatalogue,
    roster: WarsurgeRoster,
    chosen: WarsurgeRosterUnit,
    count: int,
    rounded: int | float,
    exact: float,
) -> Card:
    """The card of one distinct unit (same models, weapons and label), with HP boxes for every copy."""
    unit = _entry(catalogue, chosen)
    values = [
        f"{unit.move}″",
        f"{unit.dash}″",
        str(unit.defence),
        str(unit.hp),
        save(unit.armour),
        save(unit.aegis),
        str(unit.transport) if unit.transport else "–",
        "Y" if unit.fire_points else "N",
    ]
    blocks: list[Block] = [
        Stats(STAT_LABELS, values),
        Gap(3),
        Rich("Models:", f"{chosen.models} · points {_points_text(rounded, exact)}" + (" each" if count > 1 else "")),
    ]
    rows = _weapon_rows(catalogue, chosen)
    if rows:
        blocks += [Heading("Weapons"), Table(("", "RNG", "ATK", "PWR", "AP"), rows, (4.6, 1.5, 1.1, 1.1, 1))]
        blocks += _weapon_type_blocks(catalogue, chosen)
    if chosen.embarked_in:
        blocks.append(Rich("Starts embarked in:", _carrier_name(catalogue, roster, chosen.embarked_in)))
    if unit.transport and chosen.key:
        riders = [u for u in roster.units if u.embarked_in == chosen.key and catalogue.unit(u.id)]
        if riders:
            names = ", ".join(u.label or _entry(catalogue, u).name for u in riders)
            blocks.append(Rich(f"Carries (transport {unit.transport}):", names))
    hp_total = chosen.models * unit.hp
    blocks += [
        Heading(f"Hit points ({chosen.models} × {unit.hp} = {hp_total})"),
        Boxes([unit.hp] * chosen.models, label="Unit" if count > 1 else "", copies=count, size=12),
    ]
    blocks += _perk_blocks(catalogue, unit, chosen)
    title = chosen.label or unit.name
    subtitle = " · ".join(filter(None, [unit.name if chosen.label else "", unit.faction]))
    return Card(title, subtitle, count, blocks, f"{_points_text(rounded, exact)} pts")


def content(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue, report: Report) -> GameContent:
    """Sheet facts, the app-style unit list with points per unit against the limit, and unit cards."""
    totals = _totals(report)
    total = totals.points
    limit = roster.point_limit
    facts = [
        ("Point limit", f"{limit} points"),
        (
            "Total",
            f"{total} / {limit}" + (f" ({limit - total} left)" if total <= limit else f" ({total - limit} over)"),
        ),
    ]
    facts.append(("Game size", f"{totals.game_size} game; battlefield {totals.battlefield} {totals.battlefield_size}"))
    facts.append(("Units", f"{totals.units} (at most {totals.max_units}); Advanced games: {totals.cp_dice} CP dice"))

    rows: list[list[str]] = []
    units: list[tuple[WarsurgeRosterUnit, int | float, float]] = []
    for i, chosen in enumerate(roster.units):
        unit = catalogue.unit(chosen.id)
        if unit is None:
            continue
        rounded, exact = _unit_points(report, i)
        weapons = ", ".join(
            f"{q}× {weapon.name}" for w, q in chosen.weapons.items() if (weapon := catalogue.weapon(w)) and q > 0
        )
        name = chosen.label or unit.name
        if chosen.label:
            name += f" ({unit.name})"
        if chosen.embarked_in:
            name += f" — in {_carrier_name(catalogue, roster, chosen.embarked_in)}"
        rows.append([name, str(chosen.models), weapons or "–", _points_text(rounded, exact)])
        units.append((chosen, rounded, exact))
    table = SheetTable(
        ("Unit", "Models", "Weapons", "Points"),
        rows,
        (4, 1.2, 5, 1.6),
        ("Total", str(sum(u.models for u, _, _ in units)), "", f"{total} / {limit}"),
    )
    cards = [
        unit_card(catalogue, roster, chosen, n, rounded, exact)
        for (chosen, rounded, exact), n in group(units, lambda item: _unit_key(item[0]))
    ]
    return GameContent(facts, [("Units", table)], cards)
