"""Warcaster force rules: faction, how many units, heroes and mantlets, copies of one unit, uniques."""

from __future__ import annotations

from builder.findings import Finding, error
from builder.rules.warcaster_base import (
    NOT_COUNTED,
    RULES,
    counted_type,
    entries,
    format_of,
    plural,
    unit_path,
    with_article,
)
from catalog.models.warcaster import WILD_CARD


def _faction_problem(entry, faction: str, factions: dict) -> str | None:
    """Why a catalogue entry cannot be in a force of `faction`, or None if it can."""
    if entry.faction == faction:
        return None
    if entry.faction == WILD_CARD:
        if faction in entry.serves:
            return None
        served = ", ".join(factions[f].name if f in factions else f for f in entry.serves) or "no faction"
        return f"{entry.name} is a Wild Card for {served}, not for {factions[faction].name}"
    other = factions[entry.faction].name if entry.faction in factions else entry.faction
    return f"{entry.name} is {with_article(other)} unit, not {factions[faction].name}"


@RULES.rule("warcaster/faction")
def check_faction(roster, catalogue) -> list[Finding]:
    """Every unit and attachment is of the force's faction, or a Wild Card that serves it."""
    code = "warcaster/faction"
    factions = catalogue.known("faction")
    if roster.faction not in factions:
        known = ", ".join(factions) or "none"
        return [error(code, "faction", f"unknown faction '{roster.faction}' (known: {known})")]
    units = catalogue.known("unit")
    findings = []
    for i, unit in enumerate(roster.units):
        picks = [(f"{unit_path(i)}.id", unit.id)]
        picks += [(f"{unit_path(i)}.attachments[{a}]", att) for a, att in enumerate(unit.attachments)]
        for path, unit_id in picks:
            entry = units.get(unit_id)
            if entry is None:
                findings.append(error(code, path, f"unknown unit '{unit_id}' is not in catalogue '{catalogue.id}'"))
            elif problem := _faction_problem(entry, roster.faction, factions):
                findings.append(error(code, path, problem))
    return findings


def _over(roster, catalogue, types: set[str] | None) -> tuple[list[int], object]:
    """Indices of the roster units of the given types (None: the ones counted toward max_units)."""
    indices = []
    for i, _unit, entry in entries(roster, catalogue):
        kind = counted_type(entry)
        if (kind not in NOT_COUNTED) if types is None else (kind in types):
            indices.append(i)
    return indices, format_of(roster, catalogue)


@RULES.rule("warcaster/force-size")
def check_force_size(roster, catalogue) -> list[Finding]:
    """At most the format's max_units, not counting heroes, attachments and mantlets."""
    code = "warcaster/force-size"
    counted, fmt = _over(roster, catalogue, None)
    if fmt is None:
        known = ", ".join(catalogue.known("format")) or "none"
        return [error(code, "format",
                      f"unknown format '{roster.format}' (known: {known}); force limits cannot be checked")]
    if len(counted) <= fmt.max_units:
        return []
    return [error(code, unit_path(counted[fmt.max_units]),
                  f"{plural(len(counted), 'unit')} — a {fmt.name} force has at most {fmt.max_units} "
                  "(heroes, attachments and mantlets not counted)")]


@RULES.rule("warcaster/hero-limit")
def check_hero_limit(roster, catalogue) -> list[Finding]:
    """At most the format's max_heroes hero solos."""
    heroes, fmt = _over(roster, catalogue, {"hero"})
    if fmt is None or len(heroes) <= fmt.max_heroes:
        return []
    return [error("warcaster/hero-limit", unit_path(heroes[fmt.max_heroes]),
                  f"{plural(len(heroes), 'hero', 'heroes')} — a {fmt.name} force takes at most {fmt.max_heroes}")]


@RULES.rule("warcaster/mantlet-limit")
def check_mantlet_limit(roster, catalogue) -> list[Finding]:
    """At most the format's max_mantlets mantlets."""
    mantlets, fmt = _over(roster, catalogue, {"mantlet"})
    if fmt is None or len(mantlets) <= fmt.max_mantlets:
        return []
    return [error("warcaster/mantlet-limit", unit_path(mantlets[fmt.max_mantlets]),
                  f"{plural(len(mantlets), 'mantlet')} — a {fmt.name} force takes at most {fmt.max_mantlets}")]


@RULES.rule("warcaster/unit-limit")
def check_unit_limit(roster, catalogue) -> list[Finding]:
    """No more than min(format.max_per_unit, unit.limit) of one unit; warjacks of one chassis count together.

    Unique entries are left to the unique rule, attachments placed as units to attachment-target.
    """
    fmt = format_of(roster, catalogue)
    if fmt is None:
        return []
    seen: dict[str, list[int]] = {}
    for i, unit, entry in entries(roster, catalogue):
        if entry is not None and not entry.is_unique and entry.type != "attachment":
            seen.setdefault(unit.id, []).append(i)
    findings = []
    units = catalogue.known("unit")
    for unit_id, indices in seen.items():
        entry = units[unit_id]
        cap = fmt.max_per_unit if entry.limit is None else min(fmt.max_per_unit, entry.limit)
        if len(indices) <= cap:
            continue
        if entry.type == "warjack":
            why = f"at most {cap} of any one chassis, however they are customised"
        elif cap < fmt.max_per_unit:
            why = f"at most {cap} of this unit"
        else:
            why = f"at most {cap} of any one unit"
        findings.append(error("warcaster/unit-limit", unit_path(indices[cap]),
                              f"{len(indices)} {entry.name} — {why}"))
    return findings


@RULES.rule("warcaster/unique")
def check_unique(roster, catalogue) -> list[Finding]:
    """A hero, or any entry marked unique, at most once (as a unit or as an attachment)."""
    units = catalogue.known("unit")
    seen: dict[str, list[str]] = {}
    for i, unit in enumerate(roster.units):
        entry = units.get(unit.id)
        if entry is not None and entry.is_unique:
            seen.setdefault(unit.id, []).append(unit_path(i))
        for a, att in enumerate(unit.attachments):
            entry = units.get(att)
            if entry is not None and entry.is_unique:
                seen.setdefault(att, []).append(f"{unit_path(i)}.attachments[{a}]")
    findings = []
    for unit_id, paths in seen.items():
        if len(paths) > 1:
            entry = units[unit_id]
            kind = "a hero" if entry.is_hero else "unique"
            findings.append(error("warcaster/unique", paths[1],
                                  f"{entry.name} appears {len(paths)} times — {kind}, at most one in a force"))
    return findings
