"""`warbench battle arc|cypher|activate BATTLE --side NAME …`: Warcaster's Arc, Cyphers and activations from the
command line, one event a command (the battle's turn begins each player turn)."""

from __future__ import annotations

import argparse
from difflib import get_close_matches
from typing import Any

from pydantic import BaseModel

from builder.battles.model import UnitMark
from builder.battles.tracks import Track
from builder.campaigns.ledger import LedgerError
from builder.game_parts import SpendCommand, SpendTable
from builder.games.warcaster.arc_events import Charge, GateDamage, PlaceGate
from builder.games.warcaster.cyphers import HandSize
from builder.games.warcaster.track import deployed
from builder.numbers import Bounds, field_range, number_type
from catalog.wording import shown


def _bounds(model: type[BaseModel], name: str, words: str) -> Bounds:
    """The numbers a command takes for the model's field, as the battle file keeps them (`words` says the range)."""
    low, high = field_range(model, name)
    return Bounds(low, high, words.format(low=low, high=high))


AMOUNT = _bounds(Charge, "amount", "Arc is charged or cleared {low} to {high} at a time")
GATE = _bounds(GateDamage, "gate", "a void gate's number is {low} to {high}")
GATE_ARC = _bounds(PlaceGate, "arc", "a void gate is placed with {low} to {high} Arc")
DAMAGE = _bounds(GateDamage, "damage", "a void gate takes {low} to {high} damage at a time")
HAND_SIZE = _bounds(HandSize, "size", "a hand holds {low} to {high} Cyphers")
"""The numbers the commands take: one out of range is one line in plain words, as `battle mark --heat` says it."""

ARC_WORDS = {
    "charge": "charge a unit in play (or --gate N) with 1 Arc from the well (--rule: a special rule's, any amount)",
    "clear": "clear Arc from a unit (or --gate N) back to the well",
    "spike": "a charged unit spikes: 1 Arc back to the well",
    "deploy": "deploy units from the reserves, their DC cleared from --gate N (none in the set-up)",
    "recall": "recall a unit in play to the reserves instead of deploying (its Arc cleared; in the set-up, its "
    "deployment there taken back)",
    "destroyed": "a unit destroyed: its Arc cleared",
    "gate": "place a void gate with --arc N (up to 5) from the well",
    "gate-damage": "damage to a void gate: 1 Arc cleared a point; at 0 it collapses",
}


def _arc_arguments(parser: argparse.ArgumentParser) -> None:
    words = parser.add_subparsers(dest="what", required=True, metavar="WHAT")
    for word, help in ARC_WORDS.items():
        sub = words.add_parser(word, help=help, description=help[0].upper() + help[1:] + ".")
        if word in ("charge", "clear"):
            sub.add_argument("unit", nargs="?", metavar="UNIT", help="the unit: its number or name")
            sub.add_argument(
                "--gate", type=number_type("--gate", GATE), metavar="N", help="a void gate instead, by its number"
            )
            sub.add_argument(
                "--amount", type=number_type("--amount", AMOUNT), default=1, metavar="N", help="Arc (default 1)"
            )
            sub.add_argument("--rule", metavar="TEXT", help="the special rule that does it outside the Charging Phase")
        elif word == "deploy":
            sub.add_argument("units", nargs="+", metavar="UNIT", help="the units: numbers or names")
            sub.add_argument(
                "--gate", type=number_type("--gate", GATE), metavar="N", help="the void gate their DC is cleared from"
            )
        elif word == "gate":
            sub.add_argument(
                "--arc",
                type=number_type("--arc", GATE_ARC),
                default=0,
                metavar="N",
                help="Arc it is placed with (up to 5)",
            )
            sub.add_argument("--by", metavar="UNIT", help="the warrior model nominated to place it")
        elif word == "gate-damage":
            sub.add_argument("gate", type=number_type("gate", GATE), help="the gate's number")
            sub.add_argument("damage", type=number_type("damage", DAMAGE), help="damage points")
        else:
            sub.add_argument("unit", metavar="UNIT", help="the unit: its number or name")


def _arc_event(args: argparse.Namespace, table: SpendTable) -> tuple[dict[str, Any], str]:
    what = args.what
    if what in ("charge", "clear"):
        if (args.unit is None) == (args.gate is None):
            raise LedgerError(f"{what}: name one unit or one --gate")
        event: dict[str, Any] = {"kind": what, "amount": args.amount}
        target = f"gate {args.gate}" if args.gate is not None else args.unit
        if args.gate is not None:
            event["gate"] = args.gate
        else:
            event["unit"] = table.unit(args.unit)
        if args.rule:
            event["rule"] = args.rule
        return event, f"{what} {target}"
    if what == "deploy":
        event = {"kind": "deploy", "units": [table.unit(u) for u in args.units]}
        for unit in event["units"]:
            _place(table, unit, into_play=True)
        if args.gate is not None:
            event["gate"] = args.gate
        return event, f"deploy {', '.join(args.units)}"
    if what == "gate":
        event = {"kind": "place-gate", "arc": args.arc}
        if args.by is not None:
            event["by"] = table.unit(args.by)
        return event, f"a void gate with {args.arc} Arc"
    if what == "gate-damage":
        return {"kind": "gate-damage", "gate": args.gate, "damage": args.damage}, f"gate {args.gate} damaged"
    event = {"kind": what, "unit": table.unit(args.unit)}
    if what == "recall":
        _place(table, event["unit"], into_play=False)
        if table.setting_up:  # a set-up deployment taken back: the set-up goes on
            return {**event, "kind": "take-back"}, f"{args.unit} taken back from the set-up"
    return event, f"{what} {args.unit}"


def _place(table: SpendTable, unit: int, *, into_play: bool) -> None:
    """The unit's mark deployed or recalled with the event, as the battle screen's `p` does (nothing where it is
    already, as `battle mark --deploy` may have put it)."""

    def moved(track: Track, mark: UnitMark) -> UnitMark | None:
        after = deployed(track, mark)
        return after if (track.state(after).where == "play") == into_play else None

    try:
        table.marked(unit, moved)
    except ValueError as exc:
        raise LedgerError(str(exc)) from None


def _cypher_arguments(parser: argparse.ArgumentParser) -> None:
    words = parser.add_subparsers(dest="what", required=True, metavar="WHAT")
    play = words.add_parser("play", help="play a Cypher from the hand", description="Play a Cypher from the hand.")
    play.add_argument("card", metavar="CARD", help="the Cypher: its id or name")
    play.add_argument("--when", choices=["before", "after"], help="before or after activating (default: the next)")
    play.add_argument(
        "--lasts",
        choices=["resolved", "turn", "pulse"],
        help="how long it stays in play: once resolved, until the turn or the Pulse round ends (default: as its card "
        "says, where the catalogue knows it; else resolved)",
    )
    play.add_argument(
        "--on",
        metavar="UNIT",
        help="the unit it is played on: ours for a Geometric, Harmonic or Overdrive, the enemy's for a Fury "
        "(its number or name)",
    )
    for word, help in (
        ("discard", "discard a Cypher from the hand"),
        ("expire", "a Cypher in play expires or is removed"),
    ):
        sub = words.add_parser(word, help=help, description=help[0].upper() + help[1:] + ".")
        sub.add_argument("card", metavar="CARD", help="the Cypher: its id or name")
    words.add_parser("draw", help="draw up to a full hand", description="Draw up to a full hand.")
    size = words.add_parser("hand-size", help="a special rule changes the hand's size", description="Hand size.")
    size.add_argument("size", type=number_type("size", HAND_SIZE), help="the most Cyphers in hand now")
    size.add_argument("--discard", action="append", default=[], metavar="CARD", help="a card discarded (each over)")


def _cypher_event(args: argparse.Namespace, table: SpendTable) -> tuple[dict[str, Any], str]:
    if args.what == "draw":
        return {"kind": "draw"}, "draw up"
    if args.what == "hand-size":
        cards = [_card(table, card) for card in args.discard]
        return {"kind": "hand-size", "size": args.size, "discards": cards}, f"hand size {args.size}"
    event: dict[str, Any] = {"kind": args.what, "card": _card(table, args.card)}
    if args.what == "play":
        event["lasts"] = args.lasts or _lasts(table, event["card"])
        if args.when:
            event["when"] = args.when
        if args.on is not None:
            event["on"] = _target(table, event["card"], args.on)
            return event, f"play {args.card} on {args.on}"
    return event, f"{args.what} {args.card}"


def _target(table: SpendTable, card: str, text: str) -> int:
    """The unit a card is played on: the enemy's for a Fury, else the side's own."""
    assert table.side is not None
    loaded: Any = table.rosters[table.side]
    found = loaded.catalogue.cypher(card)
    return table.unit(text, 1 - table.side if found is not None and found.type == "fury" else None)


def _lasts(table: SpendTable, card: str) -> str:
    """How long the card stays in play by its catalogue entry ("resolved" where the catalogue does not know it)."""
    assert table.side is not None
    loaded: Any = table.rosters[table.side]
    found = loaded.catalogue.cypher(card)
    return (found.lasting if found is not None else None) or "resolved"


def _card(table: SpendTable, text: str) -> str:
    """A Cypher of the side's rack by its id or its name (any case)."""
    assert table.side is not None
    loaded: Any = table.rosters[table.side]
    for card in loaded.roster.rack:
        found = loaded.catalogue.cypher(card)
        if text == card or (found is not None and found.name.lower() == text.lower()):
            return str(card)
    names = [found.name for card in loaded.roster.rack if (found := loaded.catalogue.cypher(card)) is not None]
    near = get_close_matches(text.lower(), [n.lower() for n in names], n=1, cutoff=0.5)
    meant = next((f" (did you mean {shown(n)}?)" for n in names if near and n.lower() == near[0]), "")
    raise LedgerError(f"{shown(text)} is no Cypher of this player's rack{meant}")


def _activate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("unit", metavar="UNIT", help="the unit in play that activates: its number or name")


def _activate_event(args: argparse.Namespace, table: SpendTable) -> tuple[dict[str, Any], str]:
    return {"kind": "activate", "unit": table.unit(args.unit)}, f"{args.unit} activates"


COMMANDS = (
    SpendCommand(
        "arc", "Warcaster: Arc charged, cleared, spiked; deployments, recalls, gates", _arc_arguments, _arc_event
    ),
    SpendCommand("cypher", "Warcaster: a Cypher played, discarded, drawn up", _cypher_arguments, _cypher_event),
    SpendCommand("activate", "Warcaster: a unit activates (its token placed)", _activate_arguments, _activate_event),
)
