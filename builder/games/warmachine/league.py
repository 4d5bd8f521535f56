"""What the journeyman league asks of Warmachine: an army's points and the growth from the stage before."""

from __future__ import annotations

from builder.findings import Finding
from builder.games.warmachine.catalogue import WarmachineCatalogue
from builder.games.warmachine.roster import LeagueStage, WarmachineRoster
from builder.games.warmachine.rules import WarmachineTotals
from builder.rules import validate


def army_points(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> int:
    """The army's points as the Warmachine rules count them (the one place that reads their totals for a league)."""
    totals = validate(roster, catalogue).totals
    assert isinstance(totals, WarmachineTotals), "a league army is a Warmachine roster (the league checked its game)"
    return totals.points_used


def growth_findings(
    earlier: WarmachineRoster, later: WarmachineRoster, catalogue: WarmachineCatalogue, stage: int
) -> list[Finding]:
    """`warmachine/league-growth`: `later`, as the army of `stage`, must contain `earlier`."""
    roster = later.model_copy(update={"league": LeagueStage(stage=stage, previous=list(earlier.units))})
    return [f for f in validate(roster, catalogue).findings if f.code == "warmachine/league-growth"]
