"""Warcaster loadout rules: cortexes, hardpoints, weapon points, squad attachments."""

from __future__ import annotations

from builder.findings import Finding, error, info
from builder.rules.warcaster_base import (
    RULES,
    entries,
    has_weapon_points,
    loadout_points,
    name,
    names,
    offered_option,
    unit_path,
    with_article,
)


@RULES.rule("warcaster/cortex")
def check_cortex(roster, catalogue) -> list[Finding]:
    """A warjack has exactly one cortex from its chassis' options; nothing else takes one."""
    code = "warcaster/cortex"
    cortexes = catalogue.known("cortex")
    findings = []
    for i, unit, entry in entries(roster, catalogue):
        if entry is None:
            continue
        path = f"{unit_path(i)}.cortex"
        if entry.type != "warjack":
            if unit.cortex is not None:
                findings.append(error(code, path, f"{entry.name} is {with_article(entry.type)} and takes no cortex "
                                                  f"({name(cortexes, unit.cortex)})"))
        elif unit.cortex is None:
            findings.append(error(code, path, f"{entry.name} has no cortex — choose one of: "
                                              f"{names(cortexes, entry.cortexes)}"))
        elif unit.cortex not in entry.cortexes:
            findings.append(error(code, path, f"{name(cortexes, unit.cortex)} is not a cortex of the "
                                              f"{entry.name} chassis (options: {names(cortexes, entry.cortexes)})"))
    return findings


@RULES.rule("warcaster/hardpoint")
def check_hardpoint(roster, catalogue) -> list[Finding]:
    """Each weapon sits on a slot its chassis has and that offers it; units without hardpoints mount none."""
    code = "warcaster/hardpoint"
    weapons = catalogue.known("weapon")
    findings = []
    for i, unit, entry in entries(roster, catalogue):
        if entry is None or not unit.hardpoints:
            continue
        if not entry.hardpoints:
            mounted = ", ".join(f"{slot}: {name(weapons, w)}" for slot, w in unit.hardpoints.items())
            findings.append(error(code, f"{unit_path(i)}.hardpoints",
                                  f"{entry.name} is {with_article(entry.type)} with no hardpoints ({mounted})"))
            continue
        for slot, weapon in unit.hardpoints.items():
            path = f"{unit_path(i)}.hardpoints.{slot}"
            hardpoint = entry.hardpoint(slot)
            if hardpoint is None:
                slots = ", ".join(h.id for h in entry.hardpoints)
                findings.append(error(code, path, f"{entry.name} has no '{slot}' hardpoint "
                                                  f"(it has: {slots}) for {name(weapons, weapon)}"))
            elif offered_option(entry, slot, weapon) is None:
                offers = names(weapons, (o.weapon for o in hardpoint.options))
                findings.append(error(code, path, f"{name(weapons, weapon)} cannot go on the {entry.name}'s "
                                                  f"{hardpoint.name} (it takes: {offers})"))
    return findings


@RULES.rule("warcaster/weapon-points")
def check_weapon_points(roster, catalogue) -> list[Finding]:
    """Mounted weapons cost no more than the chassis' weapon points; unknown costs count 0 and are noted."""
    code = "warcaster/weapon-points"
    weapons = catalogue.known("weapon")
    findings = []
    for i, unit, entry in entries(roster, catalogue):
        if not has_weapon_points(entry) or not unit.hardpoints:
            continue
        used, unknown = loadout_points(entry, unit.hardpoints)
        if used > entry.weapon_points:
            findings.append(error(code, f"{unit_path(i)}.hardpoints",
                                  f"{entry.name} uses {used} of {entry.weapon_points} weapon points "
                                  f"({used - entry.weapon_points} over)"))
        for slot in unknown:
            findings.append(info(code, f"{unit_path(i)}.hardpoints.{slot}",
                                 f"the weapon-point cost of {name(weapons, unit.hardpoints[slot])} on the "
                                 f"{entry.name} is unknown in the reference data; counted as 0"))
    return findings


@RULES.rule("warcaster/unused-weapon-points")
def check_unused_weapon_points(roster, catalogue) -> list[Finding]:
    """Weapon points left unspent on a warjack or vehicle (legal, shown as a fact)."""
    findings = []
    for i, unit, entry in entries(roster, catalogue):
        if not has_weapon_points(entry):
            continue
        used, _unknown = loadout_points(entry, unit.hardpoints)
        if used < entry.weapon_points:
            left = entry.weapon_points - used
            findings.append(info("warcaster/unused-weapon-points", f"{unit_path(i)}.hardpoints",
                                 f"{entry.name} has {left} of {entry.weapon_points} weapon points unspent"))
    return findings


@RULES.rule("warcaster/attachment-target")
def check_attachment_target(roster, catalogue) -> list[Finding]:
    """An attachment joins only a squad its card names; it is never a unit of its own."""
    code = "warcaster/attachment-target"
    units = catalogue.known("unit")
    findings = []
    for i, unit, entry in entries(roster, catalogue):
        if entry is not None and entry.type == "attachment":
            findings.append(error(code, unit_path(i), f"{entry.name} is an attachment, not a unit — add it to "
                                                      f"one of {names(units, entry.joins)}"))
        host = entry.name if entry is not None else f"'{unit.id}'"
        for a, att_id in enumerate(unit.attachments):
            att = units.get(att_id)
            if att is None:
                continue
            path = f"{unit_path(i)}.attachments[{a}]"
            if att.type != "attachment":
                findings.append(error(code, path, f"{att.name} is {with_article(att.type)}, not an attachment"))
            elif unit.id not in att.joins:
                findings.append(error(code, path, f"{att.name} cannot join {host} "
                                                  f"(it joins: {names(units, att.joins)})"))
    return findings


@RULES.rule("warcaster/attachment-duplicate")
def check_attachment_duplicate(roster, catalogue) -> list[Finding]:
    """A squad has at most one of each attachment."""
    units = catalogue.known("unit")
    findings = []
    for i, unit in enumerate(roster.units):
        seen: dict[str, int] = {}
        for a, att_id in enumerate(unit.attachments):
            seen[att_id] = seen.get(att_id, 0) + 1
            if seen[att_id] == 2:
                count = unit.attachments.count(att_id)
                findings.append(error("warcaster/attachment-duplicate", f"{unit_path(i)}.attachments[{a}]",
                                      f"{name(units, unit.id)} has {count} {name(units, att_id)} — "
                                      "at most one of each attachment"))
    return findings
