"""What the journeyman league asks of a Warmachine army: its points and the growth from the stage before."""

from __future__ import annotations

from builder.findings import Finding
from builder.games.warmachine.catalogue import WarmachineCatalogue
from builder.games.warmachine.roster import LeagueStage, WarmachineRoster
from builder.games.warmachine.rules import WarmachineTotals
from builder.roster.files import LoadedRoster
from builder.rules import validate


def warmachine_army(army: LoadedRoster) -> tuple[WarmachineRoster, WarmachineCatalogue]:
    """A league army as the Warmachine roster and catalogue it is (the league read it as a Warmachine roster)."""
    roster, catalogue = army.roster, army.catalogue
    assert isinstance(roster, WarmachineRoster) and isinstance(catalogue, WarmachineCatalogue), "read as warmachine"
    return roster, catalogue


def army_points(army: LoadedRoster) -> int:
    """The army's points as the Warmachine rules count them (the one place that reads their totals for a league)."""
    totals = validate(*warmachine_army(army)).totals
    assert isinstance(totals, WarmachineTotals), "a league army is a Warmachine roster (the league checked its game)"
    return totals.points_used


def growth_findings(earlier: LoadedRoster, later: LoadedRoster, stage: int) -> list[Finding]:
    """`warmachine/league-growth`: `later`, as the army of `stage`, must contain `earlier`."""
    previous, _ = warmachine_army(earlier)
    roster, catalogue = warmachine_army(later)
    roster = roster.model_copy(update={"league": LeagueStage(stage=stage, previous=list(previous.units))})
    return [f for f in validate(roster, catalogue).findings if f.code == "warmachine/league-growth"]
