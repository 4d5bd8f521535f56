"""Warcaster force rules: faction, how many units, heroes and mantlets, copies of one unit, uniques."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.findings import Finding, error, warning
from builder.games.warcaster.catalogue import WILD_CARD
from builder.games.warcaster.rules_base import (
    RULES,
    UNKNOWN,
    Tables,
    indices_of,
    tables,
    unit_path,
    with_article,
)
from catalog.wording import counted

if TYPE_CHECKING:
    from builder.games.warcaster.catalogue import WarcasterCatalogue
    from builder.games.warcaster.roster import WarcasterRoster

COUNTED = frozenset({"warjack", "squad", "solo", "vehicle", UNKNOWN})
"""Types counted toward max_units: every type but NOT_COUNTED's (unknown ids count too)."""


def _faction_problem(lookups: Tables, catalogue: WarcasterCatalogue, unit_id: str, faction: str) -> str:
    """Why an entry cannot be in a force of `faction` (only called once that is known)."""
    factions = lookups.factions
    entry = lookups.units.get(unit_id)
    if entry is None:
        return f"unknown unit '{unit_id}' is not in catalogue '{catalogue.id}'"
    if entry.faction == WILD_CARD:
        served = ", ".join(factions[f].name if f in factions else f for f in entry.serves) or "no faction"
        return f"{entry.name} is a Wild Card for {served}, not for {factions[faction].name}"
    other = factions[entry.faction].name if entry.faction in factions else entry.faction
    return f"{entry.name} is {with_article(other)} unit, not {factions[faction].name}"


@RULES.rule("warcaster/faction")
def check_faction(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """Every unit and attachment is of the force's faction, or a Wild Card that serves it."""
    code = "warcaster/faction"
    lookups = tables(catalogue)
    faction = roster.faction
    if faction not in lookups.factions:
        known = ", ".join(lookups.factions) or "none"
        return [error(code, "faction", f"unknown faction '{faction}' (known: {known})")]
    serves = lookups.serves
    nobody: frozenset[str] = frozenset()
    findings = []
    for i, unit in enumerate(roster.units):
        if faction not in serves.get(unit.id, nobody):
            findings.append(error(code, f"{unit_path(i)}.id", _faction_problem(lookups, catalogue, unit.id, faction)))
        for a, att in enumerate(unit.attachments):
            if faction not in serves.get(att, nobody):
                findings.append(
                    error(code, f"{unit_path(i)}.attachments[{a}]", _faction_problem(lookups, catalogue, att, faction))
                )
    return findings


@RULES.rule("warcaster/force-size")
def check_force_size(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """At most the format's max_units, not counting heroes, attachments and mantlets."""
    code = "warcaster/force-size"
    lookups = tables(catalogue)
    fmt = lookups.formats.get(roster.format)
    if fmt is None:
        known = ", ".join(lookups.formats) or "none"
        return [
            error(code, "format", f"unknown format '{roster.format}' (known: {known}); force limits cannot be checked")
        ]
    in_force = indices_of(roster, lookups.kinds, COUNTED)
    if len(in_force) <= fmt.max_units:
        return []
    return [
        error(
            code,
            unit_path(in_force[fmt.max_units]),
            f"{counted(len(in_force), 'unit')} — {with_article(fmt.name)} force has at most {fmt.max_units} "
            "(heroes, attachments and mantlets not counted)",
        )
    ]


def _type_limit(
    roster: WarcasterRoster, catalogue: WarcasterCatalogue, kind: str, field: str, word: str, many: str
) -> list[Finding]:
    """The one finding when more units of `kind` than the format's `field` allows, at the first extra one."""
    lookups = tables(catalogue)
    fmt = lookups.formats.get(roster.format)
    if fmt is None:
        return []
    found = indices_of(roster, lookups.kinds, (kind,))
    cap = getattr(fmt, field)
    if len(found) <= cap:
        return []
    return [
        error(
            f"warcaster/{kind}-limit",
            unit_path(found[cap]),
            f"{counted(len(found), word, many)} — {with_article(fmt.name)} force takes at most {cap}",
        )
    ]


@RULES.rule("warcaster/hero-limit")
def check_hero_limit(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """At most the format's max_heroes hero solos."""
    return _type_limit(roster, catalogue, "hero", "max_heroes", "hero", "heroes")


@RULES.rule("warcaster/mantlet-limit")
def check_mantlet_limit(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """At most the format's max_mantlets mantlets."""
    return _type_limit(roster, catalogue, "mantlet", "max_mantlets", "mantlet", "mantlets")


@RULES.rule("warcaster/unit-limit")
def check_unit_limit(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """No more than min(format.max_per_unit, unit.limit) of one unit; warjacks of one chassis count together.

    (A roster unit's id is its chassis.) Unique entries are left to the unique rule, attachments
    placed as units to attachment-target, unknown ids to the faction rule.
    """
    lookups = tables(catalogue)
    fmt = lookups.formats.get(roster.format)
    if fmt is None:
        return []
    kinds, unique = lookups.kinds, lookups.unique
    seen: dict[str, list[int]] = {}
    for i, unit in enumerate(roster.units):
        if kinds.get(unit.id, "attachment") != "attachment" and unit.id not in unique:
            seen.setdefault(unit.id, []).append(i)
    findings = []
    for unit_id, indices in seen.items():
        entry = lookups.units[unit_id]
        cap = fmt.max_per_unit if entry.limit is None else min(fmt.max_per_unit, entry.limit)
        if len(indices) <= cap:
            continue
        if entry.type == "warjack":
            why = f"at most {cap} of any one chassis, however they are customised"
        elif cap < fmt.max_per_unit:
            why = f"at most {cap} of this unit"
        else:
            why = f"at most {cap} of any one unit"
        findings.append(error("warcaster/unit-limit", unit_path(indices[cap]), f"{len(indices)} {entry.name} — {why}"))
    return findings


@RULES.rule("warcaster/unique")
def check_unique(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """A hero, or any entry marked unique, at most once (as a unit or as an attachment)."""
    lookups = tables(catalogue)
    unique = lookups.unique
    seen: dict[str, list[str]] = {}
    for i, unit in enumerate(roster.units):
        if unit.id in unique:
            seen.setdefault(unit.id, []).append(unit_path(i))
        for a, att in enumerate(unit.attachments):
            if att in unique:
                seen.setdefault(att, []).append(f"{unit_path(i)}.attachments[{a}]")
    findings = []
    for unit_id, paths in seen.items():
        if len(paths) > 1:
            entry = lookups.units[unit_id]
            kind = "a hero" if entry.is_hero else "unique"
            findings.append(
                error(
                    "warcaster/unique",
                    paths[1],
                    f"{entry.name} appears {len(paths)} times — {kind}, at most one in a force",
                )
            )
    return findings


@RULES.rule("warcaster/no-units")
def check_no_units(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """A force without a unit is legal while it is being built, but not something to play (warning)."""
    if roster.units:
        return []
    return [warning("warcaster/no-units", "units", "the force has no units yet; add one from the catalogue")]
