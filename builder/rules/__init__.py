"""The rules engine: validate a roster against its catalogue, one module of rules per game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.findings import SEVERITY_ORDER, Report
from builder.game import game

if TYPE_CHECKING:
    from builder.roster.common import RosterBase
    from builder.rules.registry import RuleSet
    from catalog.models.common import CatalogueHeader


def rules_for(game_id: str) -> RuleSet:
    """The RuleSet of a game (its module is imported on first use)."""
    ruleset: RuleSet = game(game_id).rules
    return ruleset


def validate(roster: RosterBase, catalogue: CatalogueHeader) -> Report:
    """Every finding for the roster, most severe first, and the totals its game counts."""
    ruleset = rules_for(roster.game)
    findings = sorted(ruleset.run(roster, catalogue), key=lambda f: SEVERITY_ORDER[f.severity])
    return Report(roster.game, tuple(findings), ruleset.totals(roster, catalogue))
