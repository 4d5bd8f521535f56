"""Warcaster's Arc, Cyphers and activations in a battle (`Game.resources`): the table started from both forces and
the battle's seed, each player turn begun as the battle's turn reaches it, the Pulse tracker moved by the first
player's."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from builder.games.warcaster import steps
from builder.games.warcaster.arc import GATE_LIMIT, MAX_GATES, arc_units, new_arc
from builder.games.warcaster.arc_events import (
    Charge,
    Clear,
    Deploy,
    Destroyed,
    GateDamage,
    PlaceGate,
    Recall,
    Spike,
)
from builder.games.warcaster.cyphers import (
    Discard,
    Draw,
    Expire,
    Face,
    HandSize,
    Play,
    cypher_summary,
    is_fury,
    new_rack,
    next_when,
)
from builder.games.warcaster.steps import Turn
from builder.games.warcaster.table import (
    Activate,
    SideEvent,
    WarcasterSide,
    WarcasterTable,
    apply_table,
    new_table,
    side_summary,
)
from builder.games.warcaster.targets import ONLY, check_target
from builder.resources import Refused, ResourceEvent, Seating, event_reader, refuse
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
)
"""What a player records; a turn begins when the battle's turn reaches it (never recorded)."""
parse = event_reader(KINDS, "Warcaster")
"""A recorded event read back as its own kind (ValueError, one line, for one this game does not know)."""


@dataclass(frozen=True)
class Spend:
    """The table, the seating it started from, and the last player turn begun (None: the set-up)."""

    table: WarcasterTable
    seating: Seating
    upto: Moment | None = None


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
    """The name and type of each Cypher of the side's rack the catalogue knows."""
    found = {}
    for card in loaded.roster.rack:
        cypher = loaded.catalogue.cypher(card)
        if cypher is not None:
            found[str(card)] = Face(cypher.name, cypher.type)
    return found


def at(spend: Spend, moment: Moment) -> Spend:
    """Every player turn up to `moment` begun, in order (the Pulse tracker moved by the first player's)."""
    table = spend.table
    begun = spend.seating.begun(spend.upto, moment)
    for turn in begun:
        assert turn.turn is not None, "Warcaster's rounds are player turns, and someone always goes first"
        table = apply_table(table, SideEvent(side=turn.turn, event=Turn()))
    return replace(spend, table=table, upto=begun[-1]) if begun else spend


def apply(spend: Spend, side: int | None, moment: Moment, event: ResourceEvent) -> Spend:
    """The player's event at `moment`; a deployment without a gate before the first turn is the set-up's."""
    if side is None or side >= spend.seating.sides:
        refuse("battle/turn", "side", "name the player who does it (one of the two)")
    setup = (
        spend.upto is None
        and isinstance(event, Deploy)
        and event.gate is None
        and spend.seating.position(moment) == (1, 0)
    )
    if not setup:
        spend = at(spend, moment)
    done = SideEvent.model_construct(side=side, event=event)  # type: ignore[arg-type]  # parsed: one of its kinds
    return replace(spend, table=apply_table(spend.table, done))


def summary(spend: Spend, side: int) -> str:
    return side_summary(spend.table, side)


def details(spend: Spend, side: int) -> list[str]:
    """The player's hand, decks, Arc on each unit and gate, and the turn's activations."""
    mine, loaded = spend.table.sides[side], spend.seating.rosters[side]
    arc, cyphers = mine.arc, mine.cyphers
    lines = [f"Hand: {', '.join(card_name(loaded, c) for c in cyphers.hand) or 'empty'}"]
    if cyphers.lasting:
        lines.append(f"In play until the Pulse round ends: {', '.join(_on(spend, side, c) for c in cyphers.lasting)}")
    lines.append(cypher_summary(cyphers))
    gates = ", ".join(f"gate {g}: {a}" for g, a in sorted(arc.gates.items())) or "none"
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
            "on": [_placed(spend, side, card) for card in cyphers.lasting if card in cyphers.on],
            "hand_size": cyphers.hand_size,
        },
        "tokens": sorted(mine.tokens),
        "pulse": {"round": table.round, "box": table.box, "ended": table.ended, "over": table.over},
    }


def target_unit(spend: Spend, side: int, card: str, unit: int) -> tuple[bool, str]:
    """Whom the side's card played on `unit` affects: (whether it is the enemy's unit, the unit's name)."""
    enemy = is_fury(spend.table.sides[side].cyphers, card)
    units = spend.table.sides[1 - side if enemy else side].arc.units
    return enemy, units[unit].name if unit < len(units) else f"unit {unit + 1}"


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


kinds = KINDS
"""The events a battle records (this module is the `Resources` the game gives the battle engine)."""
shown_unused = True


def hand(spend: Spend, side: int) -> list[tuple[str, str]]:
    """The player's hand: (card id, its name) each."""
    loaded = spend.seating.rosters[side]
    return [(card, card_name(loaded, card)) for card in spend.table.sides[side].cyphers.hand]


def gates(spend: Spend, side: int) -> list[tuple[int, int]]:
    """The player's void gates in play: (number, Arc on it) each."""
    return sorted(spend.table.sides[side].arc.gates.items())


GATE_DAMAGE = "1 Arc cleared a point; at 0 it collapses"


def gate_moves(spend: Spend, side: int, moment: Moment) -> list[tuple[str, str, str, str]]:
    """What the void-gate key offers the side at `moment`, as (key, label, detail, why the book refuses it now or
    ""): a new gate while it has fewer than two in play, then for each gate in play 1 Arc charged from the well,
    1 Arc cleared back to it, and damage taken."""
    arc = spend.table.sides[side].arc
    moves: list[tuple[str, str, str, dict[str, Any]]] = []
    if len(arc.gates) < MAX_GATES:
        most = min(GATE_LIMIT, arc.well)
        moves.append(("place", "Place a void gate", f"up to {most} Arc", {"kind": "place-gate", "arc": most}))
    for n, held in sorted(arc.gates.items()):
        charged = f"{held} of {GATE_LIMIT} Arc, 1 from the well"
        moves += [
            (f"charge:{n}", f"Charge gate {n}", charged, {"kind": "charge", "gate": n}),
            (f"clear:{n}", f"Clear gate {n}", f"{held} Arc, 1 back to the well", {"kind": "clear", "gate": n}),
            (f"damage:{n}", f"Damage gate {n}", GATE_DAMAGE, {"kind": "gate-damage", "gate": n, "damage": 1}),
        ]
    if setting_up(spend):  # a gate is placed at a turn's end: now, it would begin the first turn at its last steps
        said = "the set-up places no gate: deploy, then play turn 1.1, whose end places one"
        return [(key, label, detail, said) for key, label, detail, _ in moves]
    return [(key, label, detail, refusal(spend, side, moment, event)) for key, label, detail, event in moves]


def refusal(spend: Spend, side: int, moment: Moment, event: dict[str, Any]) -> str:
    """Why the book refuses the side's event at `moment` ("" when it allows it), tried on the state as it is."""
    try:
        apply(spend, side, moment, parse(event))
    except Refused as refused:
        return refused.finding.message
    return ""


def setting_up(spend: Spend) -> bool:
    """Whether no turn has begun: a deployment is the set-up's (near the rear edge, without a gate)."""
    return spend.upto is None


def well(spend: Spend, side: int) -> int:
    return spend.table.sides[side].arc.well


def cypher_when(spend: Spend, side: int) -> str:
    """Whether a Cypher the side plays now is played before activating or after, as the turn's order has it."""
    return next_when(spend.table.sides[side].synced().cyphers)


def played_before_unactivated(spend: Spend, side: int) -> bool:
    """Whether the side played its Cypher before activating and has activated nothing since: a card played now would
    be its "after" one and pass the activation by (the screen says so instead; a file or code keeps the book's order
    as recorded)."""
    cyphers = spend.table.sides[side].synced().cyphers
    return cyphers.played_before and cyphers.step < steps.ACTIVATION


def card_type(spend: Spend, side: int, card: str) -> str | None:
    """The card's Cypher type (fury, geometric, harmonic, overdrive), or None where the catalogue does not know it."""
    face = spend.table.sides[side].cyphers.faces.get(card)
    return face.type if face is not None else None


def targets(spend: Spend, side: int, card: str) -> list[tuple[int, str, str, str]]:
    """The units in play the side's card may be played on, as (roster index, name, unit type, why the book forbids
    it or ""): a Fury's the enemy's, a Geometric's the side's squads, an Overdrive's its warjacks, a Harmonic's any
    of its units; one already affected by a card of the type says so."""
    kind = card_type(spend, side, card)
    mine, theirs = spend.table.sides[side], spend.table.sides[1 - side]
    arc = theirs.arc if kind == "fury" else mine.arc
    only = ONLY[kind][0] if kind is not None and kind in ONLY else None
    found = []
    for unit in sorted(arc.in_play):
        if only is None or arc.units[unit].type == only:
            try:
                check_target(mine.cyphers, mine.arc, theirs.arc, Play(card=card, on=unit))
                reason = ""
            except Refused as refused:
                reason = refused.finding.message
            found.append((unit, arc.units[unit].name, arc.units[unit].type, reason))
    return found


def unit_words(spend: Spend, side: int, unit: int) -> str:
    """What the side's unit in play holds, for its detail: "Arc 1 of 3 · activated" ("" for a unit not in play)."""
    mine = spend.table.sides[side]
    if unit not in mine.arc.in_play:
        return ""
    words = f"Arc {mine.arc.in_play[unit]} of {mine.arc.units[unit].limit}"
    return words + (" · activated" if unit in mine.tokens else "")


def on_unit(spend: Spend, side: int, unit: int) -> list[str]:
    """The Cyphers affecting one of the side's units: its player's own played on it, then the enemy's Furies."""
    rosters, mine, theirs = spend.seating.rosters, spend.table.sides[side].cyphers, spend.table.sides[1 - side].cyphers
    own = [card_name(rosters[side], c) for c, u in mine.on.items() if u == unit and not is_fury(mine, c)]
    enemy = [
        f"{card_name(rosters[1 - side], c)} (enemy's)" for c, u in theirs.on.items() if u == unit and is_fury(theirs, c)
    ]
    return own + enemy
