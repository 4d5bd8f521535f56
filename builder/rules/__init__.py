"""The rules engine: validate a roster against its catalogue, one module of rules per game."""

from __future__ import annotations

from importlib import import_module

from builder.findings import SEVERITY_ORDER, Report

RULE_MODULES = {
    "warcaster": "builder.rules.warcaster",
    "mcwarrior": "builder.rules.mcwarrior",
    "warsurge": "builder.rules.warsurge",
    "warmachine": "builder.rules.warmachine",
}


def rules_for(game: str):
    """The RuleSet of a game (its module is imported on first use)."""
    return import_module(RULE_MODULES[game]).RULES


def validate(roster, catalogue) -> Report:
    """Every finding for the roster, most severe first, and the totals its game counts."""
    ruleset = rules_for(roster.game)
    findings = sorted(ruleset.run(roster, catalogue), key=lambda f: SEVERITY_ORDER[f.severity])
    return Report(roster.game, tuple(findings), ruleset.totals(roster, catalogue))
