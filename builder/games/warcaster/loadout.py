"""Warcaster loadout rules: cortexes, hardpoints, weapon points, squad attachments."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.findings import Finding, error, info, warning
from builder.games.warcaster.rules_base import (
    RULES,
    entries,
    has_weapon_points,
    loadout_points,
    name,
    names,
    tables,
    unit_path,
    with_article,
)
from catalog.wording import possessive

if TYPE_CHECKING:
    from builder.games.warcaster.catalogue import WarcasterCatalogue
    from builder.games.warcaster.roster import WarcasterRoster


@RULES.rule("warcaster/cortex")
def check_cortex(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """A warjack has exactly one cortex from its chassis' options; nothing else takes one."""
    code = "warcaster/cortex"
    lookups = tables(catalogue)
    cortexes = lookups.cortexes
    findings = []
    for i, unit, entry in entries(roster, lookups.units):
        if entry is None:
            continue
        if entry.type != "warjack":
            if unit.cortex is not None:
                findings.append(
                    error(
                        code,
                        f"{unit_path(i)}.cortex",
                        f"{entry.name} is {with_article(entry.type)} and takes no cortex "
                        f"({name(cortexes, unit.cortex)})",
                    )
                )
        elif unit.cortex is None:
            findings.append(
                error(
                    code,
                    f"{unit_path(i)}.cortex",
                    f"{entry.name} has no cortex — choose one of: {names(cortexes, entry.cortexes)}",
                )
            )
        elif unit.cortex not in entry.cortexes:
            findings.append(
                error(
                    code,
                    f"{unit_path(i)}.cortex",
                    f"{name(cortexes, unit.cortex)} is not a cortex of the {entry.name} chassis "
                    f"(options: {names(cortexes, entry.cortexes)})",
                )
            )
    return findings


@RULES.rule("warcaster/hardpoint")
def check_hardpoint(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """Each weapon sits on a slot its chassis has and that offers it; units without hardpoints mount none.

    (Slot ids are the keys of a dict, so two weapons on one slot cannot happen in the model.)
    """
    code = "warcaster/hardpoint"
    lookups = tables(catalogue)
    weapons = lookups.weapons
    findings = []
    for i, unit in enumerate(roster.units):
        if not unit.hardpoints or (entry := lookups.units.get(unit.id)) is None:
            continue
        options = lookups.options.get(unit.id)
        if options is None:
            mounted = names(weapons, unit.hardpoints.values())
            findings.append(
                error(
                    code,
                    f"{unit_path(i)}.hardpoints",
                    f"{entry.name} is {with_article(entry.type)} with no hardpoints ({mounted})",
                )
            )
            continue
        for slot, weapon in unit.hardpoints.items():
            offers = options.get(slot)
            if offers is None:
                has = ", ".join(h.name for h in entry.hardpoints)
                findings.append(
                    error(
                        code,
                        f"{unit_path(i)}.hardpoints.{slot}",
                        f"{entry.name} has no '{slot}' hardpoint (it has: {has}) for {name(weapons, weapon)}",
                    )
                )
            elif weapon not in offers:
                hardpoint = entry.hardpoint(slot)
                assert hardpoint is not None, "the tables offer weapons only on the chassis' own hardpoints"
                findings.append(
                    error(
                        code,
                        f"{unit_path(i)}.hardpoints.{slot}",
                        f"{name(weapons, weapon)} cannot go on the {possessive(entry.name)} "
                        f"{hardpoint.name} (it takes: {names(weapons, offers)})",
                    )
                )
    return findings


@RULES.rule("warcaster/weapon-points")
def check_weapon_points(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """Mounted weapons cost no more than the chassis' weapon points; unknown costs count 0 and are noted."""
    code = "warcaster/weapon-points"
    lookups = tables(catalogue)
    findings = []
    for i, unit in enumerate(roster.units):
        slots = lookups.options.get(unit.id)
        if slots is None or not unit.hardpoints or not has_weapon_points(entry := lookups.units[unit.id]):
            continue
        used, unknown = loadout_points(slots, unit.hardpoints)
        if used > entry.weapon_points:
            findings.append(
                error(
                    code,
                    f"{unit_path(i)}.hardpoints",
                    f"{entry.name} uses {used} of {entry.weapon_points} weapon points "
                    f"({used - entry.weapon_points} over)",
                )
            )
        for slot in unknown:
            findings.append(
                info(
                    code,
                    f"{unit_path(i)}.hardpoints.{slot}",
                    f"the weapon-point cost of {name(lookups.weapons, unit.hardpoints[slot])} on the "
                    f"{entry.name} is unknown in the reference data; counted as 0",
                )
            )
    return findings


@RULES.rule("warcaster/unused-weapon-points")
def check_unused_weapon_points(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """Weapon points left unspent on a warjack or vehicle (legal, shown as a fact)."""
    lookups = tables(catalogue)
    findings = []
    for i, unit in enumerate(roster.units):
        slots = lookups.options.get(unit.id)
        if slots is None or not has_weapon_points(entry := lookups.units[unit.id]):
            continue
        used, _unknown = loadout_points(slots, unit.hardpoints)
        if used < entry.weapon_points:
            left = entry.weapon_points - used
            findings.append(
                info(
                    "warcaster/unused-weapon-points",
                    f"{unit_path(i)}.hardpoints",
                    f"{entry.name} has {left} of {entry.weapon_points} weapon points unspent",
                )
            )
    return findings


@RULES.rule("warcaster/no-weapons")
def check_no_weapons(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """A warjack or vehicle with hardpoints but nothing mounted: legal, but it goes to war unarmed (warning)."""
    lookups = tables(catalogue)
    findings = []
    for i, unit in enumerate(roster.units):
        if unit.hardpoints or not has_weapon_points(entry := lookups.units.get(unit.id)):
            continue
        findings.append(
            warning(
                "warcaster/no-weapons",
                f"{unit_path(i)}.hardpoints",
                f"{entry.name} has no weapons yet: choose some for its {entry.weapon_points} weapon points",
            )
        )
    return findings


@RULES.rule("warcaster/attachment-target")
def check_attachment_target(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """An attachment joins only a squad its card names; it is never a unit of its own."""
    code = "warcaster/attachment-target"
    units = tables(catalogue).units
    findings = []
    for i, unit, entry in entries(roster, units):
        if entry is not None and entry.type == "attachment":
            findings.append(
                error(
                    code,
                    unit_path(i),
                    f"{entry.name} is an attachment, not a unit — add it to one of {names(units, entry.joins)}",
                )
            )
        for a, att_id in enumerate(unit.attachments):
            att = units.get(att_id)
            if att is None:
                continue
            if att.type != "attachment":
                findings.append(
                    error(
                        code,
                        f"{unit_path(i)}.attachments[{a}]",
                        f"{att.name} is {with_article(att.type)}, not an attachment",
                    )
                )
            elif unit.id not in att.joins:
                findings.append(
                    error(
                        code,
                        f"{unit_path(i)}.attachments[{a}]",
                        f"{att.name} cannot join {name(units, unit.id)} (it joins: {names(units, att.joins)})",
                    )
                )
    return findings


@RULES.rule("warcaster/attachment-duplicate")
def check_attachment_duplicate(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """A squad has at most one of each attachment (each repeated attachment is reported once)."""
    units = tables(catalogue).units
    findings = []
    for i, unit in enumerate(roster.units):
        if len(unit.attachments) < 2:
            continue
        seen: dict[str, int] = {}
        for a, att_id in enumerate(unit.attachments):
            seen[att_id] = seen.get(att_id, 0) + 1
            if seen[att_id] == 2:
                findings.append(
                    error(
                        "warcaster/attachment-duplicate",
                        f"{unit_path(i)}.attachments[{a}]",
                        f"{name(units, unit.id)} has {unit.attachments.count(att_id)} "
                        f"{name(units, att_id)} — at most one of each attachment",
                    )
                )
    return findings
