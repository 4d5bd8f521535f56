"""`warbench battle cp BATTLE [--side NAME] roll|action|place|overrun …`: Warsurge Advanced command points from the
command line, one event a command."""

from __future__ import annotations

import argparse
from typing import Any

from builder.game_parts import SpendCommand, SpendTable
from builder.games.warsurge.command_points import bonus_dice, game_limit
from builder.games.warsurge.places import only_transport
from builder.numbers import int_argument

ACTIONS = ("move", "dash", "attack", "use-perks", "prepare", "guard", "deploy", "support")
PLACES = ("reserve", "battlefield", "embarked", "casualty")


def _arguments(parser: argparse.ArgumentParser) -> None:
    words = parser.add_subparsers(dest="what", required=True, metavar="WHAT")
    roll = words.add_parser(
        "roll",
        help="the game turn begins: the Turn Master's D6 (one per 500 points), for every player (no --side)",
        description="The game turn begins: every player gains 2 CP a unit on the battlefield and the Turn Master's "
        "roll, and keeps what was left. Give the dice rolled, or none to roll them here.",
    )
    roll.add_argument("dice", nargs="*", type=int_argument, metavar="D6", help="the dice the Turn Master rolled")
    action = words.add_parser(
        "action", help="a unit's action (cost doubles each repeat)", description="A unit's action, paid in CP."
    )
    action.add_argument("unit", metavar="UNIT", help="the unit: its number or name")
    action.add_argument("action", choices=ACTIONS, metavar="ACTION", help=", ".join(ACTIONS))
    action.add_argument("--counter", action="store_true", help="as a counter action when attacked")
    place = words.add_parser(
        "place",
        help="where a unit now is (set-up, embarked, a casualty)",
        description="Where a unit now is: in reserve, on the battlefield, embarked in a transport (its roster's, or "
        "the one --in names), or a casualty.",
    )
    place.add_argument("unit", metavar="UNIT", help="the unit: its number or name")
    place.add_argument("where", choices=PLACES, metavar="WHERE", help=", ".join(PLACES))
    place.add_argument(
        "--in",
        dest="transport",
        metavar="TRANSPORT",
        help="embarked: the transport it boards, by number or name (default: its roster's, where that one stands; "
        "else the side's one transport standing)",
    )
    words.add_parser("overrun", help="Time Attack: over the timer, 1 CP", description="Time Attack's overrun: 1 CP.")


def _limit(roster: Any) -> int:
    """A Warsurge roster's point limit."""
    return int(roster.point_limit)


def _event(args: argparse.Namespace, table: SpendTable) -> tuple[dict[str, Any], str]:
    if args.what == "roll":
        limit = game_limit(table.point_limit, (_limit(loaded.roster) for loaded in table.rosters))
        dice = args.dice or table.dice(bonus_dice(limit))
        return {"kind": "game-turn", "roll": dice}, f"the Turn Master rolled {' '.join(map(str, dice))}"
    if args.what == "overrun":
        return {"kind": "overrun"}, "over the timer"
    if args.what == "place":
        placed: dict[str, Any] = {"kind": "place", "unit": table.unit(args.unit), "where": args.where}
        if args.transport is None:  # where just one transport could take it, that one (it is written so)
            boarding = args.where == "embarked" and table.spent is not None and table.side is not None
            only = only_transport(table.spent, table.side or 0, placed["unit"]) if boarding else None
            return placed | ({} if only is None else {"transport": only}), f"{args.unit}: {args.where}"
        return placed | {"transport": table.unit(args.transport)}, f"{args.unit}: {args.where} in {args.transport}"
    event: dict[str, Any] = {"kind": "action", "unit": table.unit(args.unit), "action": args.action}
    if args.counter:
        event["counter"] = True
    return event, f"{args.unit}: {'counter ' if args.counter else ''}{args.action}"


COMMANDS = (SpendCommand("cp", "Warsurge Advanced: command points rolled and spent", _arguments, _event, sided=False),)
