"""McWarrior rules: parts bought in points, one upgrade per slot, pilots, bolt budgets, the campaign warband."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from builder.findings import Finding, Totals, error, info, warning
from builder.games.mcwarrior.costs import (
    MechTotals,
    Tables,
    effective_budget,
    mech_bolts,
    mech_label,
    mech_totals,
    slot_choices,
    tables,
    warband_budget,
)
from builder.rules.registry import RuleSet
from catalog.wording import counted

if TYPE_CHECKING:
    from builder.games.mcwarrior.catalogue import McWarriorCatalogue
    from builder.games.mcwarrior.roster import McWarriorRoster

RULES = RuleSet("mcwarrior")


def place(t: Tables, key: str) -> str:
    """How a message names an upgrade key or slot: the part's name ("left arm"), or the key of the shared slot."""
    part = t.parts.get(key)
    return part.name.lower() if part is not None else key


def upgrade_name(t: Tables, upgrade_id: str) -> str:
    """An upgrade's catalogue name, or its id in quotes when the catalogue lacks it."""
    upgrade = t.upgrades.get(upgrade_id)
    return upgrade.name if upgrade is not None else f"'{upgrade_id}'"


@RULES.rule("mcwarrior/part-points")
def part_points(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> Iterator[Finding]:
    """Each of the six parts is bought from the minimum up to the most points the cost table allows."""
    t = tables(catalogue)
    low, high, parts = t.min_points, t.max_points, t.parts
    for m, mech in enumerate(roster.mechs):
        who = mech_label(mech, m)
        for part in parts.values():
            points = mech.parts.get(part.id)
            where = f"mechs[{m}].parts.{part.id}"
            if points is None:
                yield error("mcwarrior/part-points", where, f"{who}: {part.name} has no points; buy {low} to {high}")
            elif not low <= points <= high:
                yield error(
                    "mcwarrior/part-points",
                    where,
                    f"{who}: {part.name} has {counted(points, 'point')}; a part takes {low} to {high}",
                )
        for key in mech.parts:
            if key not in parts:
                yield error(
                    "mcwarrior/part-points",
                    f"mechs[{m}].parts.{key}",
                    f"{who}: '{key}' is not a body part ({', '.join(p.name.lower() for p in parts.values())} are)",
                )


@RULES.rule("mcwarrior/upgrade-part")
def upgrade_part(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> Iterator[Finding]:
    """An upgrade sits only on a slot whose list offers it (a leg key means the shared legs slot)."""
    t = tables(catalogue)
    for m, mech in enumerate(roster.mechs):
        who = mech_label(mech, m)
        for key, choice in mech.upgrades.items():
            where = f"mechs[{m}].upgrades.{key}"
            slot = t.key_slot.get(key)
            upgrade = t.upgrades.get(choice.id)
            if slot is None:
                yield error("mcwarrior/upgrade-part", where, f"{who}: '{key}' is not an upgrade slot")
            elif upgrade is None:
                yield error("mcwarrior/upgrade-part", where, f"{who}: unknown upgrade '{choice.id}'")
            elif slot not in upgrade.slots:
                fits = ", ".join(place(t, s) for s in upgrade.slots)
                yield error(
                    "mcwarrior/upgrade-part",
                    where,
                    f"{who}: {upgrade.name} is not offered on the {place(t, slot)} (it fits: {fits})",
                )


@RULES.rule("mcwarrior/upgrade-slot")
def upgrade_slot(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> Iterator[Finding]:
    """At most one upgrade per slot; the legs share one, so both leg keys must name the same upgrade."""
    t = tables(catalogue)
    for m, mech in enumerate(roster.mechs):
        who = mech_label(mech, m)
        for slot, entries in slot_choices(t, mech).items():
            if len(entries) < 2:
                continue
            keys = [key for key, _ in entries]
            same = len({(c.id, c.level) for _, c in entries}) == 1
            if same and slot not in keys:
                continue  # left-leg and right-leg naming one upgrade: a single installation
            listed = ", ".join(f"{upgrade_name(t, c.id)} on the {place(t, key)}" for key, c in entries)
            yield error(
                "mcwarrior/upgrade-slot",
                f"mechs[{m}].upgrades.{keys[1]}",
                f"{who}: the {place(t, slot)} take one upgrade, but the roster gives {listed}",
            )


@RULES.rule("mcwarrior/shield-level")
def shield_level(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> Iterator[Finding]:
    """A levelled upgrade (Energy Shield) has a level of at least 1; other upgrades have no level."""
    known = tables(catalogue).upgrades
    for m, mech in enumerate(roster.mechs):
        who = mech_label(mech, m)
        for key, choice in mech.upgrades.items():
            upgrade = known.get(choice.id)
            if upgrade is None:
                continue
            where = f"mechs[{m}].upgrades.{key}"
            if upgrade.levelled and choice.level is None:
                yield error("mcwarrior/shield-level", where, f"{who}: {upgrade.name} needs a level (1 or more)")
            elif upgrade.levelled and choice.level is not None and choice.level < 1:
                yield error(
                    "mcwarrior/shield-level",
                    where,
                    f"{who}: {upgrade.name} is at level {choice.level}; the lowest level is 1",
                )
            elif not upgrade.levelled and choice.level is not None:
                yield error("mcwarrior/shield-level", where, f"{who}: {upgrade.name} is not bought by level")


@RULES.rule("mcwarrior/pilot")
def pilot(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> Iterator[Finding]:
    """Every mech's pilot brings exactly one skill from the list; its name is the player's choice ("if you want to"),
    but a warband's pilots are told apart by name."""
    skills = tables(catalogue).skills
    for m, mech in enumerate(roster.mechs):
        who = mech_label(mech, m)
        if roster.is_warband and not mech.pilot.strip():
            yield error(
                "mcwarrior/pilot", f"mechs[{m}].pilot", f"{who} has no pilot named (a warband's pilots go by name)"
            )
        if mech.skill is None:
            yield error("mcwarrior/pilot", f"mechs[{m}].skill", f"{who}: the pilot needs one skill")
        elif mech.skill not in skills:
            yield error("mcwarrior/pilot", f"mechs[{m}].skill", f"{who}: unknown pilot skill '{mech.skill}'")


@RULES.rule("mcwarrior/budget")
def budget(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> Iterator[Finding]:
    """Each mech's bolts (parts and upgrades) stay within the per-mech budget."""
    limit = effective_budget(roster, catalogue)
    if limit is None:
        return
    t = tables(catalogue)
    for m, mech in enumerate(roster.mechs):
        bolts = mech_bolts(t, mech)
        if bolts > limit:
            yield error(
                "mcwarrior/budget",
                f"mechs[{m}]",
                f"{mech_label(mech, m)} costs {counted(bolts, 'bolt')}, {bolts - limit} over the {limit}-bolt budget",
            )


@RULES.rule("mcwarrior/budget-range")
def budget_range(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> Iterator[Finding]:
    """Say so when the budget is outside the book's usual range for a mech."""
    limit = effective_budget(roster, catalogue)
    low, high = catalogue.rules.usual_budget
    if limit is not None and not low <= limit <= high:
        yield info(
            "mcwarrior/budget-range",
            "budget",
            f"a {limit}-bolt budget is outside the usual {low} to {high} bolts per mech",
        )


@RULES.rule("mcwarrior/warband-size")
def warband_size(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> Iterator[Finding]:
    """A campaign warband is exactly the book's number of mechs."""
    if not roster.is_warband:
        return
    wanted = catalogue.warband.mechs
    if len(roster.mechs) != wanted:
        yield error(
            "mcwarrior/warband-size",
            "mechs",
            f"a warband is {counted(wanted, 'mech')}; this one has {len(roster.mechs)}",
        )


@RULES.rule("mcwarrior/pilot-unique")
def pilot_unique(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> Iterator[Finding]:
    """In a warband each mech has its own pilot: no pilot (compared without case or spaces) flies two mechs."""
    if not roster.is_warband:
        return
    seen: dict[str, int] = {}
    for m, mech in enumerate(roster.mechs):
        name = mech.pilot.strip().casefold()
        if not name:
            continue
        if name in seen:
            yield error(
                "mcwarrior/pilot-unique",
                f"mechs[{m}].pilot",
                f"{mech_label(mech, m)}: pilot '{mech.pilot.strip()}' already flies "
                f"{mech_label(roster.mechs[seen[name]], seen[name])}; each mech needs its own pilot",
            )
        else:
            seen[name] = m


@RULES.rule("mcwarrior/no-mechs")
def no_mechs(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> Iterator[Finding]:
    """A roster without a single mech is legal while it is being built, but not something to play (warning)."""
    if not roster.mechs:
        yield warning("mcwarrior/no-mechs", "mechs", "the roster has no mechs yet; add one to play")


@RULES.rule("mcwarrior/warband-budget")
def warband_budget_rule(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> Iterator[Finding]:
    """A warband's mechs together cost at most the base bolts plus the bonus per claimed district."""
    if not roster.is_warband:
        return
    limit = warband_budget(roster, catalogue)
    t = tables(catalogue)
    total = sum(mech_bolts(t, mech) for mech in roster.mechs)
    if total > limit:
        band = catalogue.warband
        yield error(
            "mcwarrior/warband-budget",
            "mechs",
            f"the warband costs {counted(total, 'bolt')}, {total - limit} over its {limit}-bolt budget "
            f"({band.base_bolts} + {band.bolts_per_district} × {counted(roster.districts, 'district')})",
        )


@RULES.rule("mcwarrior/pilot-skill-repeat")
def pilot_skill_repeat(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> Iterator[Finding]:
    """In a warband, warn when two pilots bring the same skill (the book expects each to be unique)."""
    if not roster.is_warband:
        return
    skills = tables(catalogue).skills
    first: dict[str, int] = {}
    for m, mech in enumerate(roster.mechs):
        if mech.skill is None:
            continue
        if mech.skill in first:
            skill = skills.get(mech.skill)
            name = skill.name if skill is not None else mech.skill
            f = first[mech.skill]
            yield warning(
                "mcwarrior/pilot-skill-repeat",
                f"mechs[{m}].skill",
                f"{mech_label(mech, m)}: {name} is already the skill of the pilot of {mech_label(roster.mechs[f], f)}",
            )
        else:
            first[mech.skill] = m


@dataclass(frozen=True)
class McWarriorTotals(Totals):
    """Bolts per mech and in all, and the budgets that apply (a warband's districts and budget, or None)."""

    mechs: tuple[MechTotals, ...]
    total_bolts: int
    budget: int | None
    """The per-mech budget, if one applies."""
    districts: int | None
    warband_budget: int | None

    def as_dict(self) -> dict[str, Any]:
        """Budgets that do not apply are left out."""
        return {
            key: value
            for key, value in super().as_dict().items()
            if value is not None or key not in ("budget", "districts", "warband_budget")
        }


@RULES.totals_function
def totals(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> McWarriorTotals:
    """Bolts per mech (parts, upgrades, derived numbers), the total, and the budgets that apply."""
    t = tables(catalogue)
    mechs = tuple(mech_totals(t, mech) for mech in roster.mechs)
    warband = roster.is_warband
    return McWarriorTotals(
        mechs,
        sum(m.bolts for m in mechs),
        effective_budget(roster, catalogue),
        roster.districts if warband else None,
        warband_budget(roster, catalogue) if warband else None,
    )
