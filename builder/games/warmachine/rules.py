"""Warmachine Mk IV rules: leader, points, field allowance and its reduced variant, hardpoints, battlegroups,
attachments, league."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.findings import Finding, Totals, error, warning
from builder.games.warmachine.points import (
    allowance,
    copies,
    describe,
    entry_name,
    loadout_key,
    tables,
    unit_points,
)
from builder.rules.registry import RuleSet
from catalog.wording import counted, possessive

if TYPE_CHECKING:
    from builder.games.warmachine.catalogue import WarmachineCatalogue
    from builder.games.warmachine.roster import WarmachineRoster

RULES = RuleSet("warmachine")


@RULES.rule("warmachine/leader")
def leader(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> Iterator[Finding]:
    """Exactly one Leader in the army."""
    t = tables(catalogue)
    leaders = [
        u
        for u, unit in enumerate(roster.units)
        if (entry := t.entries.get(unit.id)) is not None and entry.type == "leader"
    ]
    if not leaders:
        yield error("warmachine/leader", "units", "the army needs a Leader")
    for u in leaders[1:]:
        first = entry_name(t, roster.units[leaders[0]].id)
        yield error(
            "warmachine/leader",
            f"units[{u}].id",
            f"{entry_name(t, roster.units[u].id)} is a second Leader; the army already has {first}",
        )


@RULES.rule("warmachine/no-units")
def no_units(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> Iterator[Finding]:
    """An army of nothing but its Leader, or of nothing at all: not something to play yet (warning)."""
    t = tables(catalogue)
    if all((entry := t.entries.get(unit.id)) is not None and entry.type == "leader" for unit in roster.units):
        yield warning(
            "warmachine/no-units",
            "units",
            "the army has nothing but its Leader yet; add units to play"
            if roster.units
            else "the army is empty; add a Leader and units to play",
        )


@RULES.rule("warmachine/points")
def points(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> Iterator[Finding]:
    """The army's points, hardpoint options included, do not exceed the agreed level."""
    t = tables(catalogue)
    total = sum(unit_points(t, unit) for unit in roster.units)
    if total > roster.points:
        yield error(
            "warmachine/points",
            "points",
            f"the army costs {counted(total, 'point')}, {total - roster.points} over the {roster.points}-point level",
        )


@RULES.rule("warmachine/field-allowance")
def field_allowance(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> Iterator[Finding]:
    """No more copies of an entry than its field allowance; a character at most once."""
    t = tables(catalogue)
    counts = copies(roster.units)
    reported: set[str] = set()
    seen: Counter[str] = Counter()
    for u, unit in enumerate(roster.units):
        seen[unit.id] += 1
        entry = t.entries.get(unit.id)
        if entry is None or unit.id in reported:
            continue
        limit = allowance(entry)
        if limit is not None and seen[unit.id] > limit:
            reported.add(unit.id)
            what = "a character, so one copy at most" if entry.character else f"its field allowance is {limit}"
            yield error("warmachine/field-allowance", f"units[{u}].id", f"{counts[unit.id]} × {entry.name}; {what}")


@RULES.rule("warmachine/reduced-fa")
def reduced_fa(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> Iterator[Finding]:
    """Reduced field allowance: one of each entry, except cohort models with several loadouts, and then
    no hardpoint option twice in the whole army."""
    if roster.variant != "reduced-fa":
        return
    t = tables(catalogue)
    seen: Counter[str] = Counter()
    used: dict[str, int] = {}
    for u, unit in enumerate(roster.units):
        seen[unit.id] += 1
        entry = t.entries.get(unit.id)
        if entry is None:
            continue
        repeatable = entry.cohort and t.loadouts.get(unit.id, 1) > 1
        limit = allowance(entry)
        # A second copy the normal allowance forbids is field-allowance's finding, not this variant's.
        if seen[unit.id] == 2 and not repeatable and (limit is None or limit > 1):
            yield error(
                "warmachine/reduced-fa",
                f"units[{u}].id",
                f"reduced field allowance: only one {entry.name} (it has no choice of hardpoint loadouts)",
            )
        slots = t.options.get(unit.id, {})
        for slot, option_id in unit.hardpoints.items():
            option = slots.get(slot, {}).get(option_id)
            if option is None:
                continue
            if option_id in used:
                first = used[option_id]
                yield error(
                    "warmachine/reduced-fa",
                    f"units[{u}].hardpoints.{slot}",
                    f"reduced field allowance: {option.name} is already used by "
                    f"{entry_name(t, roster.units[first].id)} (unit {first + 1})",
                )
            else:
                used[option_id] = u


@RULES.rule("warmachine/hardpoint")
def hardpoint(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> Iterator[Finding]:
    """Exactly one option per hardpoint slot of the entry, from that slot's options; no other slots."""
    t = tables(catalogue)
    for u, unit in enumerate(roster.units):
        entry = t.entries.get(unit.id)
        if entry is None:
            continue
        slots = t.options.get(unit.id, {})
        known = {option_id: o.name for options in slots.values() for option_id, o in options.items()}
        for slot, options in slots.items():
            chosen = unit.hardpoints.get(slot)
            where = f"units[{u}].hardpoints.{slot}"
            names = ", ".join(o.name for o in options.values())
            entry_slot = entry.hardpoint(slot)
            assert entry_slot is not None, "the tables list only the entry's own hardpoints"
            slot_name = entry_slot.name
            if chosen is None:
                yield error("warmachine/hardpoint", where, f"{entry.name}: choose one option for {slot_name} ({names})")
            elif chosen not in options:
                shown = known.get(chosen, f"'{chosen}'")
                yield error(
                    "warmachine/hardpoint",
                    where,
                    f"{entry.name}: {shown} is not an option for {slot_name} (options: {names})",
                )
        for slot in unit.hardpoints:
            if slot not in slots:
                has = (
                    f"its slots are {', '.join(h.name for h in entry.hardpoints)}" if slots else "it has no hardpoints"
                )
                yield error(
                    "warmachine/hardpoint",
                    f"units[{u}].hardpoints.{slot}",
                    f"{entry.name} has no '{slot}' hardpoint ({has})",
                )


@RULES.rule("warmachine/battlegroup")
def battlegroup(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> Iterator[Finding]:
    """Every cohort model names the controller whose battlegroup it joins, and that controller is in the army."""
    t = tables(catalogue)
    present = {unit.id for unit in roster.units}
    for u, unit in enumerate(roster.units):
        entry = t.entries.get(unit.id)
        if entry is None:
            continue
        where = f"units[{u}].battlegroup"
        if not entry.cohort:
            if unit.battlegroup is not None:
                yield error(
                    "warmachine/battlegroup", where, f"{entry.name} is not a cohort model and joins no battlegroup"
                )
            continue
        controller = t.entries.get(unit.battlegroup) if unit.battlegroup is not None else None
        if unit.battlegroup is None:
            yield error("warmachine/battlegroup", where, f"{entry.name} needs a battlegroup: name its controller")
        elif controller is None or not controller.is_controller:
            yield error(
                "warmachine/battlegroup",
                where,
                f"{entry.name}: {entry_name(t, unit.battlegroup)} does not control a battlegroup",
            )
        elif unit.battlegroup not in present:
            yield error(
                "warmachine/battlegroup",
                where,
                f"{entry.name} joins {possessive(controller.name)} battlegroup, but {controller.name} is not in the army",
            )


@RULES.rule("warmachine/attachment")
def attachment(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> Iterator[Finding]:
    """An attachment joins one unit of the army, of an entry its catalogue entry names, at most one attachment of
    each kind per unit; it is never alone, and nothing else joins a unit."""
    t = tables(catalogue)
    taken: dict[tuple[int, str], int] = {}
    for u, unit in enumerate(roster.units):
        entry = t.entries.get(unit.id)
        if entry is None:
            continue
        where = f"units[{u}].attached_to"
        if entry.type != "attachment":
            if unit.attached_to is not None:
                yield error("warmachine/attachment", where, f"{entry.name} is not an attachment and joins no unit")
            continue
        may = " or ".join(entry_name(t, j) for j in entry.joins)
        if unit.attached_to is None:
            said = f"choose the {may} it joins" if may else "its catalogue entry names no unit it may join"
            yield error("warmachine/attachment", where, f"{entry.name} joins no unit (never alone): {said}")
            continue
        target = unit.attached_to
        joined = roster.units[target] if target < len(roster.units) and target != u else None
        if joined is None:
            yield error(
                "warmachine/attachment",
                where,
                f"{entry.name} joins unit {target + 1}, which the army does not have"
                if target != u
                else f"{entry.name} cannot join itself",
            )
        elif joined.id not in entry.joins:
            said = f"only a {may}" if may else "no unit (its catalogue entry names none)"
            yield error(
                "warmachine/attachment",
                where,
                f"{entry.name} may join {said}, not {entry_name(t, joined.id)} (unit {target + 1})",
            )
        elif (target, unit.id) in taken:
            yield error(
                "warmachine/attachment",
                where,
                f"{entry_name(t, joined.id)} (unit {target + 1}) already has a {entry.name} "
                f"(unit {taken[target, unit.id] + 1}): one of each kind",
            )
        else:
            taken[target, unit.id] = u


@RULES.rule("warmachine/league-growth")
def league_growth(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> Iterator[Finding]:
    """In a journeyman league the army still holds every model of the previous stage, with the same hardpoints."""
    if roster.league is None:
        return
    t = tables(catalogue)
    have = Counter(loadout_key(unit) for unit in roster.units)
    for p, unit in enumerate(roster.league.previous):
        key = loadout_key(unit)
        if have[key] > 0:
            have[key] -= 1
        else:
            yield error(
                "warmachine/league-growth",
                f"league.previous[{p}]",
                f"stage {roster.league.stage}: {describe(t, key)} from the previous stage is missing "
                "(models are added, not swapped)",
            )


@dataclass(frozen=True)
class EntryPoints:
    """One roster unit's points, its hardpoint options included."""

    id: str
    name: str
    points: int


@dataclass(frozen=True)
class Allowance:
    """How many copies of an entry the army has, against its field allowance (None: unlimited or unknown)."""

    name: str
    count: int
    fa: int | None


@dataclass(frozen=True)
class WarmachineTotals(Totals):
    """Points used against the level, the leader, copies against field allowance, and each unit's points."""

    points_used: int
    points_limit: int
    leader: str | None
    variant: str
    field_allowance: dict[str, Allowance]
    units: tuple[EntryPoints, ...]


@RULES.totals_function
def totals(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> WarmachineTotals:
    """Points used and the level, the leader, copies against field allowance, and each unit's points."""
    t = tables(catalogue)
    units = tuple(EntryPoints(unit.id, entry_name(t, unit.id), unit_points(t, unit)) for unit in roster.units)
    leader_name = next(
        (
            t.entries[unit.id].name
            for unit in roster.units
            if unit.id in t.entries and t.entries[unit.id].type == "leader"
        ),
        None,
    )
    counts = {}
    for entry_id, count in copies(roster.units).items():
        entry = t.entries.get(entry_id)
        limit = allowance(entry) if entry is not None else None
        if entry is not None and roster.variant == "reduced-fa" and not (entry.cohort and t.loadouts[entry_id] > 1):
            limit = 1
        counts[entry_id] = Allowance(entry_name(t, entry_id), count, limit)
    return WarmachineTotals(sum(u.points for u in units), roster.points, leader_name, roster.variant, counts, units)
