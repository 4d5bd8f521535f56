"""Warsurge rules: point limit, 50-point units, 1-point models, weapon lists, model counts, transports."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from difflib import get_close_matches
from typing import TYPE_CHECKING

from builder.findings import Finding, Totals, error, warning
from builder.games.warsurge.points import (
    battlefield,
    below,
    cp_dice,
    exact,
    exceeds,
    game_size,
    max_units,
    round_points,
    show_points,
    unit_points,
)
from builder.games.warsurge.transport import Row, transport_findings
from builder.games.warsurge.transport import unit_name as _name
from builder.points import show
from builder.rules.registry import RuleSet
from catalog.wording import counted

if TYPE_CHECKING:
    from builder.games.warsurge.catalogue import WarsurgeCatalogue
    from builder.games.warsurge.roster import WarsurgeRoster

RULES = RuleSet("warsurge")

STALE_TOLERANCE = 0.005
"""A saved points figure is stale when it differs from the catalogue's by a cent or more."""


def _rows(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> list[Row]:
    """(roster unit, catalogue unit or None, exact points) per unit, in roster order (unknown units count 0).

    Looks the catalogue's tables up once: `units_by_id` goes through pydantic's private-attribute access.
    """
    units, weapons = catalogue.units_by_id, catalogue.weapons_by_id
    rows: list[Row] = []
    for roster_unit in roster.units:
        unit = units.get(roster_unit.id)
        rows.append((roster_unit, unit, unit_points(roster_unit.models, roster_unit.weapons, unit, weapons)))
    return rows


@RULES.rule("warsurge/point-limit")
def point_limit(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> Iterator[Finding]:
    """The roster's exact total does not exceed its point limit (shown rounded, compared unrounded)."""
    total = exact(sum(points for _, _, points in _rows(roster, catalogue)))
    if exceeds(total, roster.point_limit):
        yield error(
            "warsurge/point-limit",
            "point_limit",
            f"the roster totals {show_points(total)}, "
            f"over its {roster.point_limit}-point limit by {show(total - roster.point_limit)}",
        )


@RULES.rule("warsurge/unit-minimum")
def unit_minimum(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> Iterator[Finding]:
    """Every unit taken is worth at least the catalogue's unit minimum (50 in the book)."""
    minimum = catalogue.rules.unit_minimum
    for i, (roster_unit, unit, points) in enumerate(_rows(roster, catalogue)):
        if unit is not None and below(points, minimum):
            yield error(
                "warsurge/unit-minimum",
                f"units[{i}]",
                f"{_name(roster_unit, unit)} is worth {counted(show(points), 'point')}; "
                f"every unit must be worth at least {show(minimum)}",
            )


@RULES.rule("warsurge/model-minimum")
def model_minimum(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> Iterator[Finding]:
    """Each model's share of its unit's points, weapons included, is at least the model minimum (1)."""
    minimum = catalogue.rules.model_minimum
    for i, (roster_unit, unit, points) in enumerate(_rows(roster, catalogue)):
        if unit is None or roster_unit.models < 1:
            continue
        share = points / roster_unit.models
        if below(share, minimum):
            yield error(
                "warsurge/model-minimum",
                f"units[{i}].models",
                f"{_name(roster_unit, unit)}: each of its {counted(roster_unit.models, 'model')} is worth "
                f"{counted(show(share), 'point')} with its weapons; "
                f"a model must be worth at least {show(minimum)}",
            )


@RULES.rule("warsurge/weapon-available")
def weapon_available(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> Iterator[Finding]:
    """A unit carries only weapons from its own weapon list, in quantities of 0 or more."""
    known, units = catalogue.weapons_by_id, catalogue.units_by_id
    for i, roster_unit in enumerate(roster.units):
        unit = units.get(roster_unit.id)
        if unit is None:
            continue
        for weapon_id, quantity in roster_unit.weapons.items():
            where = f"units[{i}].weapons.{weapon_id}"
            weapon = known.get(weapon_id)
            if weapon is None:
                near = get_close_matches(weapon_id, unit.weapons, n=3, cutoff=0.5)
                hint = f" — did you mean {', '.join(repr(n) for n in near)}?" if near else ""
                yield error("warsurge/weapon-available", where, f"unknown weapon '{weapon_id}'{hint}")
            elif weapon_id not in unit.weapons:
                offered = ", ".join(known[w].name for w in unit.weapons if w in known) or "none"
                yield error(
                    "warsurge/weapon-available",
                    where,
                    f"{_name(roster_unit, unit)} cannot carry {weapon.name} (its weapons: {offered})",
                )
            elif quantity < 0:
                yield error(
                    "warsurge/weapon-available",
                    where,
                    f"{_name(roster_unit, unit)}: {quantity} {weapon.name} is not a quantity (0 or more)",
                )


@RULES.rule("warsurge/no-units")
def no_units(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> Iterator[Finding]:
    """A roster without a unit is legal while it is being built, but not something to play (warning)."""
    if not roster.units:
        yield warning("warsurge/no-units", "units", "the roster has no units yet; add one from the catalogue")


@RULES.rule("warsurge/no-weapons")
def no_weapons(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> Iterator[Finding]:
    """A unit that carries none of the weapons its list offers: legal, but it cannot attack (warning)."""
    units = catalogue.units_by_id
    for i, roster_unit in enumerate(roster.units):
        unit = units.get(roster_unit.id)
        if unit is not None and unit.weapons and not any(q > 0 for q in roster_unit.weapons.values()):
            yield warning(
                "warsurge/no-weapons",
                f"units[{i}].weapons",
                f"{_name(roster_unit, unit)} carries no weapons; its list offers "
                f"{counted(len(unit.weapons), 'weapon')}",
            )


@RULES.rule("warsurge/models")
def models(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> Iterator[Finding]:
    """At least one model (and the unit's minimum); no more than its maximum where the catalogue sets one.

    A unit id the catalogue lacks is reported here too: its model count cannot be checked.
    """
    units = catalogue.units_by_id
    for i, roster_unit in enumerate(roster.units):
        unit = units.get(roster_unit.id)
        if unit is None:
            yield error(
                "warsurge/models",
                f"units[{i}].id",
                f"unknown unit '{roster_unit.id}' (not in catalogue '{catalogue.id}')",
            )
            continue
        count, low, high = roster_unit.models, max(1, unit.min_models), unit.max_models
        name = _name(roster_unit, unit)
        if count < low:
            yield error(
                "warsurge/models",
                f"units[{i}].models",
                f"{name} has {counted(count, 'model')}; it needs at least {low}",
            )
        elif high is not None and count > high:
            yield error(
                "warsurge/models",
                f"units[{i}].models",
                f"{name} has {counted(count, 'model')}; it may have at most {high}",
            )


@RULES.rule("warsurge/transport")
def transport(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> Iterator[Finding]:
    """Embarked units total at most their transport's Transport points; transports nest one level deep."""
    if any(u.embarked_in is not None or u.key is not None for u in roster.units):
        yield from transport_findings(roster, catalogue, _rows(roster, catalogue))


@RULES.rule("warsurge/stale-points")
def stale_points(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> Iterator[Finding]:
    """A unit's saved `points` differs from what the catalogue gives now (warning: the catalogue wins)."""
    if all(u.points is None for u in roster.units):
        return
    for i, (roster_unit, unit, points) in enumerate(_rows(roster, catalogue)):
        if roster_unit.points is None or unit is None:
            continue
        if abs(roster_unit.points - points) >= STALE_TOLERANCE:
            yield warning(
                "warsurge/stale-points",
                f"units[{i}].points",
                f"{_name(roster_unit, unit)} was saved at "
                f"{counted(show(roster_unit.points), 'point')}; catalogue '{catalogue.id}' "
                f"(revision {catalogue.revision}) now gives {show(points)}",
            )


@dataclass(frozen=True)
class UnitPoints:
    """One roster unit's points, rounded as the rulebook prints them and exact."""

    path: str
    id: str
    name: str
    models: int
    points: int | float
    points_exact: float


@dataclass(frozen=True)
class WarsurgeTotals(Totals):
    """Points per unit and in total against the limit, and the figures a game of that size uses."""

    points: int | float
    points_exact: float
    point_limit: int
    units: int
    max_units: int
    game_size: str
    battlefield: str
    battlefield_size: str
    cp_dice: int
    unit_points: tuple[UnitPoints, ...]


@RULES.totals_function
def totals(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> WarsurgeTotals:
    """Points per unit and in total against the limit, and the figures a game of that size uses."""
    rows = _rows(roster, catalogue)
    total = exact(sum(points for _, _, points in rows))
    limit = roster.point_limit
    option, size = battlefield(limit)
    per_unit = tuple(
        UnitPoints(
            f"units[{i}]", roster_unit.id, _name(roster_unit, unit), roster_unit.models, round_points(value), value
        )
        for i, (roster_unit, unit, value) in enumerate(rows)
    )
    return WarsurgeTotals(
        round_points(total),
        total,
        limit,
        len(roster.units),
        max_units(limit, catalogue.rules.unit_minimum),
        game_size(limit),
        option,
        size,
        cp_dice(limit, catalogue.rules.cp_dice_per),
        per_unit,
    )
