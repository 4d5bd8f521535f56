"""What a Warcaster event spent, in a player's words ("Revelation Matrix played on Firebrand"), for the turn's list in
the spent view: units by name, a Fury's unit the enemy's, Cyphers by their card's name."""

from __future__ import annotations

from builder.games.warcaster.arc_events import (
    Charge,
    Clear,
    Deploy,
    Destroyed,
    GateDamage,
    PlaceGate,
    Recall,
    Spike,
    TakeBack,
)
from builder.games.warcaster.cyphers import Discard, Draw, Expire, HandSize, Play, is_fury
from builder.games.warcaster.table import Activate, WarcasterTable
from builder.resources import ResourceEvent
from catalog.wording import counted

UNIT_DONE: dict[type[ResourceEvent], str] = {
    Spike: "spiked",
    Recall: "recalled",
    Destroyed: "destroyed",
    Activate: "activated",
}
"""What befell the unit an event names, where that is all it says."""
CARD_DONE: dict[type[ResourceEvent], str] = {Discard: "discarded", Expire: "expired"}
"""What became of the Cypher an event names, where that is all it says."""


def unit_name(table: WarcasterTable, side: int, index: int) -> str:
    """A side's unit by its name (by its number where the force has no such unit)."""
    units = table.sides[side].arc.units
    return units[index].name if index < len(units) else f"unit {index + 1}"


def event_words(table: WarcasterTable, side: int, event: ResourceEvent) -> str:
    """The side's event as a short phrase, read against the table it was done at."""
    mine = table.sides[side]

    def unit(index: int, enemy: bool = False) -> str:
        return f"the enemy's {unit_name(table, 1 - side, index)}" if enemy else unit_name(table, side, index)

    def card(card_id: str) -> str:
        face = mine.cyphers.faces.get(card_id)
        return face.name if face is not None else card_id

    match event:
        case TakeBack():
            return f"{unit(event.unit)} taken back from the set-up"
        case Spike() | Recall() | Destroyed() | Activate():
            return f"{unit(event.unit)} {UNIT_DONE[type(event)]}"
        case Discard() | Expire():
            return f"{card(event.card)} {CARD_DONE[type(event)]}"
        case Charge() | Clear():
            held = f"gate {event.gate}" if event.gate is not None else unit(event.unit or 0)
            arc = f"{event.amount} Arc"
            done = f"{held} charged with {arc}" if isinstance(event, Charge) else f"{arc} cleared from {held}"
            return done + (f" ({event.rule})" if event.rule else "")
        case Deploy():
            through = f" through gate {event.gate}" if event.gate is not None else ""
            return f"{', '.join(unit(n) for n in event.units)} deployed{through}"
        case PlaceGate():
            return f"a void gate placed with {event.arc} Arc"
        case GateDamage():
            return f"gate {event.gate} took {counted(event.damage, 'damage point')}"
        case Play():
            on = f" on {unit(event.on, is_fury(mine.cyphers, event.card))}" if event.on is not None else ""
            return f"{card(event.card)} played{on}"
        case Draw():
            return "drew up"
        case HandSize():
            return f"hand size {event.size}"
    return str(getattr(event, "kind", "event"))
