"""A Warcaster game at the table: alternating turns, activation tokens, the Pulse tracker and its three rounds."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated, Literal

from pydantic import Field

from builder.games.warcaster import steps
from builder.games.warcaster.arc import ArcState, apply_arc, arc_summary
from builder.games.warcaster.arc_events import (
    ArcEvent,
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
    CypherEvent,
    CypherState,
    Discard,
    Draw,
    Expire,
    HandSize,
    Play,
    apply_cyphers,
    pulse_round_ends,
    turn_ends,
    units_gone,
)
from builder.games.warcaster.steps import Turn
from builder.games.warcaster.targets import check_target
from builder.resources import ResourceEvent, refuse
from catalog.wording import possessive

BOXES = 5
"""Boxes on the Pulse tracker: a Pulse round is five of the first player's turns."""
ROUNDS = 3
"""Pulse rounds in a game, unless the scenario says otherwise."""
PULSE_END_STEPS = (
    "continuous effects resolved",
    "Cyphers that last until the Pulse round's end expire",
    "the scenario and secondary missions scored, both players at once",
    "all activation tokens removed",
)
"""What both players resolve, in this order, when a Pulse round ends."""


@dataclass(frozen=True)
class WarcasterSide:
    """One player's Arc, Cyphers and activation tokens, and what this turn has activated."""

    arc: ArcState
    cyphers: CypherState
    tokens: frozenset[int] = frozenset()
    activated: tuple[int, ...] = ()

    def synced(self) -> WarcasterSide:
        """Both parts at the step the turn has reached: one turn, one step, whichever part took it last."""
        now = max(self.arc.step, self.cyphers.step)
        return replace(self, arc=replace(self.arc, step=now), cyphers=replace(self.cyphers, step=now))


@dataclass(frozen=True)
class WarcasterTable:
    """Both players, who goes first, whose turn it is (None: the set-up), the Pulse round and box (0, 0 before
    the first turn), and the Pulse rounds ended (each scored as it ends: `ended` names the last)."""

    sides: tuple[WarcasterSide, ...]
    first: int = 0
    player: int | None = None
    round: int = 0
    box: int = 0
    ended: int = 0
    rounds: int = ROUNDS
    names: tuple[str, ...] = ()
    """The players' names where the battle names them, for what the table refuses ("it is not Bob's turn")."""

    def name(self, side: int) -> str:
        """The player's name, or "player 2" where the battle names no players."""
        return self.names[side] if side < len(self.names) else f"player {side + 1}"

    def whose(self, side: int) -> str:
        """The player's name owning a turn ("Bob's"), or "player 2's" where the battle names no players."""
        return possessive(self.name(side))

    @property
    def over(self) -> bool:
        """The last Pulse round has ended: the game is over."""
        return self.ended >= self.rounds


class Activate(ResourceEvent):
    """A unit in play without an activation token activates (one unit and one more solo a turn); its token is
    placed when its activation ends."""

    kind: Literal["activate"] = "activate"
    unit: Annotated[int, Field(ge=0, le=9_999)]


SideEventKind = Annotated[
    Turn
    | Activate
    | Charge
    | Clear
    | Spike
    | Deploy
    | Recall
    | Destroyed
    | PlaceGate
    | GateDamage
    | TakeBack
    | Play
    | Discard
    | Draw
    | HandSize
    | Expire,
    Field(discriminator="kind"),
]


class SideEvent(ResourceEvent):
    """What one player does (`side` from 0), at the moment the game is at."""

    kind: Literal["side"] = "side"
    side: Annotated[int, Field(ge=0, le=1)]
    event: SideEventKind


ARC_KINDS = (Charge, Clear, Spike, Deploy, Recall, Destroyed, PlaceGate, GateDamage, TakeBack)
CYPHER_KINDS = (Play, Discard, Draw, HandSize, Expire)
ANY_TIME = (Destroyed, GateDamage, Clear, Spike, HandSize, Expire)
"""What happens to a player's units, gates and Cyphers in the opponent's turn too (an attack, a Null Collider)."""


def new_table(sides: tuple[WarcasterSide, ...], first: int = 0, names: tuple[str, ...] = ()) -> WarcasterTable:
    """The set-up: hands drawn, Arc in the wells, the first player chosen (the higher roll's choice); `names` the
    players' where the battle names them."""
    return WarcasterTable(sides, first, names=names)


def apply_table(table: WarcasterTable, event: SideEvent) -> WarcasterTable:
    """The game after one player's event; Refused when the book forbids it (battle/turn for a turn out of order or
    after the game, battle/arc, battle/gate, battle/cypher for the resources)."""
    if table.over:
        refuse("battle/turn", "event", f"the game ended with Pulse round {table.ended}")
    side, inner = event.side, event.event
    if isinstance(inner, Turn):
        return _turn(table, side)
    if table.player is not None and side != table.player and not isinstance(inner, ANY_TIME):
        refuse("battle/turn", "side", f"it is not {table.whose(side)} turn")
    mine = table.sides[side].synced()
    if isinstance(inner, Activate):
        mine = _activate(mine, inner.unit)
    elif isinstance(inner, ARC_KINDS):
        arc = apply_arc(mine.arc, _arc_event(inner))
        left = frozenset(mine.arc.in_play) - frozenset(arc.in_play)
        cyphers = units_gone(mine.cyphers, left, enemy=False)  # nothing affects a unit gone from play
        mine = replace(mine, arc=arc, cyphers=cyphers, tokens=mine.tokens - left)  # and it leaves its token
        if left:
            other = table.sides[1 - side]
            table = _with(table, 1 - side, replace(other, cyphers=units_gone(other.cyphers, left, enemy=True)))
    else:
        cyphers = apply_cyphers(mine.cyphers, _cypher_event(inner))
        if isinstance(inner, Play):  # the card is in the hand and its step is due: on whom it is played
            check_target(mine.cyphers, mine.arc, table.sides[1 - side].arc, inner)
        mine = replace(mine, cyphers=cyphers)
    return _with(table, side, mine)


def _turn(table: WarcasterTable, side: int) -> WarcasterTable:
    """`side`'s turn begins: turns alternate from the first player; the turn before ends (its Cyphers that lasted
    until then expire); the first player's turn moves the Pulse tracker, and past its fifth box ends the Pulse
    round; then the Ready Phase."""
    due = table.first if table.player is None else 1 - table.player
    if side != due:
        refuse("battle/turn", "side", f"it is {table.whose(due)} turn next (turns alternate)")
    if table.player is not None:  # the turn before is over: its Cyphers that lasted until then expire
        before = table.sides[table.player]
        table = _with(table, table.player, replace(before, cyphers=turn_ends(before.cyphers)))
    if side == table.first:
        if table.round == 0:
            table = replace(table, round=1, box=1)
        elif table.box < BOXES:
            table = replace(table, box=table.box + 1)
        else:
            table = end_pulse_round(table)
            if table.over:
                return table
            table = replace(table, round=table.round + 1, box=1)
    mine = table.sides[side]
    arc, cyphers = apply_arc(mine.arc, Turn()), apply_cyphers(mine.cyphers, Turn())
    tokens = frozenset() if set(arc.in_play) <= mine.tokens else mine.tokens  # the Ready Phase
    return replace(_with(table, side, WarcasterSide(arc, cyphers, tokens)), player=side)


def end_pulse_round(table: WarcasterTable) -> WarcasterTable:
    """The Pulse round's end steps in order (PULSE_END_STEPS): continuous effects are the players' to resolve; the
    lasting Cyphers expire; the round is scored (`ended` names it for the scenario); every token is removed."""
    sides = tuple(replace(side, cyphers=pulse_round_ends(side.cyphers), tokens=frozenset()) for side in table.sides)
    return replace(table, sides=sides, ended=table.round)


def _activate(side: WarcasterSide, unit: int) -> WarcasterSide:
    arc = side.arc
    name = arc.units[unit].name if unit < len(arc.units) else f"unit {unit + 1}"
    if unit not in arc.in_play:
        refuse("battle/turn", "unit", f"{name} is not in play: only a unit in play activates")
    if unit in side.tokens:
        refuse("battle/turn", "unit", f"{name} has an activation token: it activated already")
    done = (*side.activated, unit)
    solos = sum(arc.units[u].type in ("solo", "hero") for u in done)
    if len(done) > 2 or (len(done) == 2 and solos == 0):
        refuse("battle/turn", "unit", "a turn activates one unit and one more solo at most")
    step = steps.reach(arc.step, steps.ACTIVATION, "activating", "unit")
    return replace(side, arc=replace(arc, step=step), tokens=side.tokens | {unit}, activated=done)


def _arc_event(event: object) -> ArcEvent:
    assert isinstance(event, ARC_KINDS)
    return event


def _cypher_event(event: object) -> CypherEvent:
    assert isinstance(event, CYPHER_KINDS)
    return event


def _with(table: WarcasterTable, index: int, side: WarcasterSide) -> WarcasterTable:
    return replace(table, sides=tuple(side if n == index else s for n, s in enumerate(table.sides)))


def side_summary(table: WarcasterTable, side: int) -> str:
    """A player's compact line: 'Arc 3 · gates 4+1 · on units 2 · hand 5 · Pulse 2.3'."""
    mine = table.sides[side]
    pulse = "over" if table.over else (f"{table.round}.{table.box}" if table.round else "set-up")
    return f"{arc_summary(mine.arc)} · hand {len(mine.cyphers.hand)} · Pulse {pulse}"
