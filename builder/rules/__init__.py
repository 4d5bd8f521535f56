"""The rules engine: validate a roster against its catalogue, one module of rules per game."""

from __future__ import annotations

from builder.findings import SEVERITY_ORDER, Report
from builder.games import game


def rules_for(game_id: str):
    """The RuleSet of a game (its module is imported on first use)."""
    return game(game_id).rules


def validate(roster, catalogue) -> Report:
    """Every finding for the roster, most severe first, and the totals its game counts."""
    ruleset = rules_for(roster.game)
    findings = sorted(ruleset.run(roster, catalogue), key=lambda f: SEVERITY_ORDER[f.severity])
    return Report(roster.game, tuple(findings), ruleset.totals(roster, catalogue))
