"""Tinmen's one rule (`tinmen/points`: the force within its limit) and its totals."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from builder.findings import Finding, Totals, error
from builder.rules.registry import RuleSet
from tinmen.models import TinmenCatalogue, TinmenRoster

RULES = RuleSet("tinmen", order=("tinmen/points",))


@dataclass(frozen=True, slots=True)
class TinmenTotals(Totals):
    """Points used against the limit, and each unit's points."""

    points: int
    limit: int
    units: tuple[int, ...]


def unit_points(roster: TinmenRoster, catalogue: TinmenCatalogue) -> tuple[int, ...]:
    return tuple(u.points if (u := catalogue.unit(unit.id)) else 0 for unit in roster.units)


@RULES.rule("tinmen/points")
def points(roster: TinmenRoster, catalogue: TinmenCatalogue) -> Iterator[Finding]:
    used = sum(unit_points(roster, catalogue))
    if used > roster.points:
        yield error("tinmen/points", "points", f"the force costs {used} points, over its {roster.points}")


@RULES.totals_function
def totals(roster: TinmenRoster, catalogue: TinmenCatalogue) -> TinmenTotals:
    units = unit_points(roster, catalogue)
    return TinmenTotals(sum(units), roster.points, units)
