"""Warcaster's Arc, Cyphers and activations in a battle (`Game.resources`): the table started from both forces and
the battle's seed, each player turn begun as the battle's turn reaches it, the Pulse tracker moved by the first
player's."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from builder.games.warcaster import steps, turn_said
from builder.games.warcaster.arc import arc_units, new_arc
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
from builder.games.warcaster.cyphers import (
    Discard,
    Draw,
    Expire,
    Face,
    HandSize,
    Play,
    check_draw,
    cypher_summary,
    is_fury,
    new_rack,
)
from builder.games.warcaster.spent_words import event_words, unit_name
from builder.games.warcaster.steps import SetUpOver, Turn
from builder.games.warcaster.table import (
    Activate,
    SideEvent,
    WarcasterSide,
    WarcasterTable,
    apply_table,
    new_table,
    side_summary,
)
from builder.games.warcaster.targets import check_channel
from builder.resources import (
    ResourceEvent,
    Seating,
    Standing,
    event_reader,
    keeps_no_places,
    no_leader_event,
    no_place,
    no_reserve_event,
    nothing_along,
    nothing_back,
    reachable,
    refuse,
)
from builder.turns import Moment

KINDS: tuple[type[ResourceEvent], ...] = (
    Charge,
    Clear,
    Spike,
    Deploy,
    Recall,
    Destroyed,
    PlaceGate,
    GateDamage,
    Activate,
    Play,
    Discard,
    Draw,
    HandSize,
    Expire,
    TakeBack,
    SetUpOver,
)
"""What a player records (a kind added goes last: a battle's code names each by its place); a turn begins when the battle's turn reaches it (never recorded)."""
parse = event_reader(KINDS, "Warcaster")
"""A recorded event read back as its own kind (ValueError, one line, for one this game does not know)."""


@dataclass(frozen=True)
class Spend:
    """The table, the seating it started from, the last player turn begun (None: the set-up), and what was done since
    it began (each event with its side)."""

    table: WarcasterTable
    seating: Seating
    upto: Moment | None = None
    this_turn: tuple[tuple[int, ResourceEvent], ...] = ()
    recording: bool = False
    """The state judges what is recorded next (`standing`): the checks a battle written before was not held to
    apply (a Fury with no Arc Relay model in play), so that its replay gives what it gave."""


def start(seating: Seating) -> Spend:
    """The set-up: 7 Arc in each well, each rack shuffled by the seed (each player's its own way) and five drawn."""
    if seating.sides != 2:
        refuse("battle/turn", "", "Warcaster's Arc and Cyphers are tracked between two players")
    sides = tuple(
        WarcasterSide(
            new_arc(arc_units(loaded.roster, loaded.catalogue)),
            new_rack(tuple(loaded.roster.rack), f"{seating.seed}/{n}", faces(loaded)),
        )
        for n, loaded in enumerate(seating.rosters)
    )
    return Spend(new_table(sides, seating.first or 0, seating.players), seating)


def faces(loaded: Any) -> dict[str, Face]:
    """The name, type and lasting of each Cypher of the side's rack the catalogue knows."""
    found = {}
    for card in loaded.roster.rack:
        cypher = loaded.catalogue.cypher(card)
        if cypher is not None:
            found[str(card)] = Face(cypher.name, cypher.type, cypher.lasting, cypher.target_type)
    return found


def at(spend: Spend, moment: Moment) -> Spend:
    """Every player turn up to `moment` begun, in order (the Pulse tracker moved by the first player's)."""
    table = spend.table
    begun = spend.seating.begun(spend.upto, moment)
    for turn in begun:
        assert turn.turn is not None, "Warcaster's rounds are player turns, and someone always goes first"
        table = apply_table(table, SideEvent(side=turn.turn, event=Turn()))
    return replace(spend, table=table, upto=begun[-1], this_turn=()) if begun else spend


def apply(spend: Spend, side: int | None, moment: Moment, event: ResourceEvent) -> Spend:
    """The player's event at `moment`; a deployment without a gate before the first turn is the set-up's, and so is
    a recall that says so (one taking a set-up deployment back)."""
    if side is None or side >= spend.seating.sides:
        refuse("battle/turn", "side", "name the player who does it (one of the two)")
    before = spend.upto is None and spend.seating.position(moment) == (1, 0)
    if isinstance(event, SetUpOver):  # the first player's first turn begins, and nothing else is done
        if not before:
            refuse("battle/turn", "", "the set-up is over already")
        return at(spend, moment)
    setup = before and ((isinstance(event, Deploy) and event.gate is None) or isinstance(event, TakeBack))
    if not setup:
        spend = at(spend, moment)
    done = SideEvent.model_construct(side=side, event=event)  # type: ignore[arg-type]  # parsed: one of its kinds
    table = apply_table(spend.table, done)
    if spend.recording and isinstance(event, Play):  # the target checked first, then what channels a Fury
        mine = spend.table.sides[side]
        check_channel(mine.cyphers, mine.arc, event, spend.table.name(side))
    if spend.recording and isinstance(event, Draw):  # its turn and step checked first, then that it draws a card
        check_draw(spend.table.sides[side].synced().cyphers)
    if spend.recording and isinstance(event, Play) and event.when is None and turn_said.passes_activation(spend, side):
        refuse(
            "battle/turn",
            "when",
            "a Cypher was played before activating already and no unit has activated: activate one first, or play "
            "this card as the one after activating (--when after), passing the Activation Phase by",
        )
    return replace(spend, table=table, this_turn=(*spend.this_turn, (side, event)))


def summary(spend: Spend, side: int) -> str:
    return side_summary(spend.table, side)


def details(spend: Spend, side: int) -> list[str]:
    """What the player did this turn (or in the set-up), then the hand, decks, Arc on each unit and gate, and the
    turn's activations."""
    mine, loaded = spend.table.sides[side], spend.seating.rosters[side]
    arc, cyphers = mine.arc, mine.cyphers
    done = [event_words(spend.table, side, event) for by, event in spend.this_turn if by == side]
    when = "Set-up" if spend.upto is None else "This turn"
    if spend.table.player == side and not spend.table.over and spend.upto is not None:
        when += f" (at {steps.STEP_NAMES[mine.synced().arc.step]})"
    lines = [f"{when}: {' · '.join(done) or 'nothing spent yet'}"]
    lines.append(f"Hand: {', '.join(card_name(loaded, c) for c in cyphers.hand) or 'empty'}")
    for until, cards in (
        ("this turn ends", cyphers.turn_only),
        ("the Pulse round ends", [card for card in cyphers.lasting if card not in cyphers.turn_only]),
    ):
        if cards:
            lines.append(f"In play until {until}: {', '.join(_on(spend, side, card) for card in cards)}")
    lines.append(cypher_summary(cyphers))
    gates = ", ".join(f"gate {g}: {a} Arc" for g, a in sorted(arc.gates.items())) or "none"
    lines.append(f"Well {arc.well} Arc · void gates: {gates}")
    charged = [f"{arc.units[u].name} {a}" for u, a in sorted(arc.in_play.items()) if a]
    lines.append(f"Arc on units: {', '.join(charged) or 'none'}")
    tokens = [arc.units[u].name for u in sorted(mine.tokens)]
    lines.append(f"Activated (tokens): {', '.join(tokens) or 'none'}")
    return lines


def as_dict(spend: Spend, side: int) -> dict[str, Any]:
    mine, table = spend.table.sides[side], spend.table
    arc, cyphers = mine.arc, mine.cyphers
    return {
        "arc": {
            "well": arc.well,
            "gates": {str(g): a for g, a in sorted(arc.gates.items())},
            "units": {arc.units[u].name: a for u, a in sorted(arc.in_play.items())},
            "in_play": sorted(arc.in_play),
        },
        "cyphers": {
            "hand": list(cyphers.hand),
            "deck": len(cyphers.deck),
            "discard": list(cyphers.discard),
            "in_play": list(cyphers.lasting),
            "until_turn_ends": list(cyphers.turn_only),
            "on": [_placed(spend, side, card) for card in cyphers.lasting if card in cyphers.on],
            "hand_size": cyphers.hand_size,
        },
        "tokens": sorted(mine.tokens),
        "pulse": {"round": table.round, "box": table.box, "ended": table.ended, "over": table.over},
    }


def target_unit(spend: Spend, side: int, card: str, unit: int) -> tuple[bool, str]:
    """Whom the side's card played on `unit` affects: (whether it is the enemy's unit, the unit's name)."""
    enemy = is_fury(spend.table.sides[side].cyphers, card)
    return enemy, unit_name(spend.table, 1 - side if enemy else side, unit)


def _on(spend: Spend, side: int, card: str) -> str:
    """A Cypher in play, and the unit it was played on where one was named ("Force Barrier on Paladin Defenders")."""
    name = card_name(spend.seating.rosters[side], card)
    unit = spend.table.sides[side].cyphers.on.get(card)
    if unit is None:
        return name
    enemy, target = target_unit(spend, side, card, unit)
    whose = "the enemy's " if enemy else ""
    return f"{name} on {whose}{target}"


def _placed(spend: Spend, side: int, card: str) -> dict[str, Any]:
    unit = spend.table.sides[side].cyphers.on[card]
    enemy, name = target_unit(spend, side, card, unit)
    return {"card": card, "unit": unit, "name": name, "enemy": enemy}


def card_name(loaded: Any, card: str) -> str:
    """A Cypher by its catalogue name (its id where the catalogue has none)."""
    found = loaded.catalogue.cypher(card)
    return found.name if found is not None else card


def healing(spend: Any, side: int) -> None:
    """Nothing this game's turns spend removes damage."""
    return None


def lost(spend: Spend, side: int, unit: int) -> dict[str, Any] | None:
    """A unit destroyed on the tracker while in play clears its Arc (a hero leaves the game)."""
    in_play = side < len(spend.table.sides) and unit in spend.table.sides[side].arc.in_play
    return {"kind": "destroyed", "unit": unit} if in_play else None


out_of_reach = reachable
place_words = no_place
in_reserve = keeps_no_places


def nothing_in_play(spend: Spend, side: int) -> bool | None:
    """Whether the player has neither a unit nor a void gate in play (the mercy rule's "no models in play"); None in
    the set-up, before the game has begun (a set-up deployment taken back loses nothing)."""
    if setting_up(spend):
        return None
    arc = spend.table.sides[side].arc
    return not arc.in_play and not arc.gates


reserve_event = no_reserve_event
along = nothing_along
recorded = turn_said.recorded
back = nothing_back


def standing(spend: Spend, standing: tuple[Standing, ...]) -> Spend:
    """The state to judge what is recorded next by: no Leader's standing changes the Arc (where a unit is goes with
    its mark), but the checks since added to recording apply (`Spend.recording`)."""
    return replace(spend, recording=True)


leader_event = no_leader_event

kinds = KINDS
"""The events a battle records (this module is the `Resources` the game gives the battle engine)."""
shown_unused = True


def setting_up(spend: Spend) -> bool:
    """Whether no turn has begun: a deployment is the set-up's (near the rear edge, without a gate)."""
    return spend.upto is None


def set_up_over(spend: Spend) -> dict[str, Any] | None:
    """The set-up's end, which begins the first player's first turn (None: no longer setting up)."""
    return {"kind": "set-up-over"} if setting_up(spend) else None


def recall_event(spend: Spend | None, unit: int) -> dict[str, Any]:
    """The event recalling `unit`: in the set-up, its deployment there taken back (the set-up goes on); else the
    Deployment Phase's recall."""
    setup = spend is not None and setting_up(spend)
    return {"kind": "take-back" if setup else "recall", "unit": unit}


unfinished = turn_said.unfinished
