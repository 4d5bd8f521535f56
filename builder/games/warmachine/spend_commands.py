"""`warbench battle focus|feat BATTLE --side NAME …`: Warmachine focus and fury from the command line, one event a
command (the Control Phase begins with the player's turn)."""

from __future__ import annotations

import argparse
from typing import Any

from builder.game_parts import SpendCommand, SpendTable
from builder.numbers import int_argument


def _focus_arguments(parser: argparse.ArgumentParser) -> None:
    words = parser.add_subparsers(dest="what", required=True, metavar="WHAT")
    allocate = words.add_parser(
        "allocate",
        help="a Leader gives points to its warjack",
        description="In the Control Phase, a Leader gives focus or fury to a warjack of its battlegroup.",
    )
    allocate.add_argument("model", metavar="JACK", help="the cohort model: its number or name")
    allocate.add_argument(
        "amount", type=int_argument, nargs="?", default=1, metavar="N", help="the points given (default 1)"
    )
    allocate.add_argument("--leader", metavar="UNIT", help="the Leader (default: the model's own)")
    power = words.add_parser(
        "power-up",
        help="a cohort model in control range gains 1",
        description="In the Control Phase, a cohort model in its Leader's control range gains 1 focus or fury.",
    )
    power.add_argument("model", metavar="JACK", help="the cohort model: its number or name")
    spend = words.add_parser(
        "spend",
        help="a model spends points (a boost, a spell)",
        description="A model spends focus or fury: a boost, an additional attack, a spell.",
    )
    spend.add_argument("model", metavar="MODEL", help="the model: its number or name")
    spend.add_argument(
        "amount", type=int_argument, nargs="?", default=1, metavar="N", help="the points spent (default 1)"
    )
    spend.add_argument("--for", dest="spent_on", default="", metavar="TEXT", help="what the points are spent on")
    heal = words.add_parser(
        "heal",
        help="a Leader removes its own damage",
        description="In its activation, a Leader spends focus or fury to remove its own damage (in Execution Mode, "
        "5 damage a point).",
    )
    heal.add_argument("leader", metavar="LEADER", help="the Leader: its number or name")
    heal.add_argument(
        "amount", type=int_argument, nargs="?", default=1, metavar="N", help="the points spent (default 1)"
    )
    vulnerable = words.add_parser(
        "vulnerable",
        help="Execution Mode: a Leader made vulnerable (recorded as `battle score --leader other`)",
        description="Vulnerable: the scenario's Leader record, as `battle score --side NAME --leader other`.",
    )
    vulnerable.add_argument("leader", metavar="LEADER", help="the Leader: its number or name")


def _focus_event(args: argparse.Namespace, table: SpendTable) -> tuple[dict[str, Any], str]:
    if args.what in ("heal", "vulnerable"):
        event: dict[str, Any] = {"kind": args.what, "leader": table.unit(args.leader)}
        if args.what == "heal":
            event["amount"] = args.amount
        return event, f"{args.leader}: {args.what}"
    event = {"kind": args.what, "model": table.unit(args.model)}
    if args.what == "spend":
        event["amount"] = args.amount
        if args.spent_on:
            event["what"] = args.spent_on
    if args.what == "allocate":
        event["amount"] = args.amount
        event["leader"] = table.unit(args.leader) if args.leader else _leader_of(table, event["model"])
    return event, f"{args.model}: {args.what}"


def _leader_of(table: SpendTable, model: int) -> int:
    """The entry index of the Leader whose battlegroup the model is in (itself when it names none)."""
    assert table.side is not None
    roster: Any = table.rosters[table.side].roster
    named = roster.units[model].battlegroup
    return next((n for n, unit in enumerate(roster.units) if named and unit.id == named), model)


def _feat_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("leader", metavar="LEADER", help="the Leader: its number or name")


def _feat_event(args: argparse.Namespace, table: SpendTable) -> tuple[dict[str, Any], str]:
    return {"kind": "feat", "leader": table.unit(args.leader)}, f"{args.leader}'s feat"


COMMANDS = (
    SpendCommand("focus", "Warmachine: focus or fury allocated, spent, healed with", _focus_arguments, _focus_event),
    SpendCommand("feat", "Warmachine: a Leader's feat, once a game", _feat_arguments, _feat_event),
)
