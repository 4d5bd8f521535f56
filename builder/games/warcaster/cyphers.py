"""A Warcaster's rack in play: a seeded shuffle of the roster's own Cyphers, a hand of five, two plays, one discard."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Annotated, Literal, TypeVar

from pydantic import Field

from builder.games.warcaster import steps
from builder.games.warcaster.steps import Turn
from builder.resources import ResourceEvent, refuse
from catalog.wording import counted, shown

HAND = 5
"""Cyphers in a full hand, unless a special rule changes it."""

CardId = Annotated[str, Field(min_length=1, max_length=80)]


V = TypeVar("V")


@dataclass(frozen=True)
class Face:
    """A Cypher card as play sees it: its name, its type (fury, geometric, harmonic or overdrive), and how long it
    stays in play once played (resolved, turn or pulse, as its card says; None where the catalogue does not say, and
    the player is asked as it is played)."""

    name: str
    type: str
    lasts: Literal["resolved", "turn", "pulse"] | None = "resolved"
    only: str | None = None
    """The one type of friendly unit its card names, narrower than its type's (Encrypted Command: a solo)."""


def _frozen(mapping: Mapping[str, V] | None = None) -> Mapping[str, V]:
    """A read-only copy of `mapping` (empty where there is none), as a frozen state holds its tables."""
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class CypherState:
    """One player's Cyphers: the deck to draw from (top first), the hand, the discard pile, the cards in play until
    the Pulse round ends; the seed and how often the deck was shuffled make every deal the same on every table."""

    rack: tuple[str, ...]
    seed: str
    shuffles: int = 1
    deck: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    lasting: tuple[str, ...] = ()
    turn_only: tuple[str, ...] = ()
    """The cards in play that expire when this turn ends (the rest of `lasting` stay until the Pulse round ends)."""
    on: Mapping[str, int] = field(default_factory=_frozen)
    """The unit each Cypher in play was played on (by roster index: a Fury's is the enemy's), where one was named."""
    faces: Mapping[str, Face] = field(default_factory=_frozen)
    """Each card's name and type, where the catalogue knows it."""
    hand_size: int = HAND
    step: int = steps.SETUP
    played_before: bool = False
    played_after: bool = False
    discarded: bool = False

    @property
    def cards(self) -> int:
        """Every card of the rack, wherever it is: always the rack's size."""
        return len(self.deck) + len(self.hand) + len(self.discard) + len(self.lasting)


class Play(ResourceEvent):
    """A Cypher from the hand: `when` is right before activating or right after (None: the next of the two); it
    goes to the discard pile once resolved, or stays in play until the turn ends (`lasts = "turn"`) or the Pulse
    round does (`lasts = "pulse"`), on the
    unit it was played `on` (a roster index: a Geometric's, Harmonic's or Overdrive's friendly unit, a Fury's enemy
    one; None where the play named none, as battles recorded before did)."""

    kind: Literal["play"] = "play"
    card: CardId
    when: Literal["before", "after"] | None = None
    lasts: Literal["resolved", "turn", "pulse"] = "resolved"
    on: Annotated[int, Field(ge=0, le=9_999)] | None = None


class Discard(ResourceEvent):
    """One card from the hand to the discard pile, before drawing up."""

    kind: Literal["discard"] = "discard"
    card: CardId


class Draw(ResourceEvent):
    """The end of the turn: draw back up to a full hand (the discard pile shuffled in when the deck runs out)."""

    kind: Literal["draw"] = "draw"


class HandSize(ResourceEvent):
    """A special rule changes the most cards in hand: a smaller hand discards at once the cards named in
    `discards`, exactly as many as are over; a larger one draws up at the end of the turn as usual."""

    kind: Literal["hand-size"] = "hand-size"
    size: Annotated[int, Field(ge=0, le=15)]
    discards: list[CardId] = Field([], max_length=15)


class Expire(ResourceEvent):
    """A Cypher in play expires or is removed before the Pulse round ends: to the discard pile."""

    kind: Literal["expire"] = "expire"
    card: CardId


CypherEvent = Turn | Play | Discard | Draw | HandSize | Expire
"""Every Cypher event, told apart by `kind`."""


def shuffled(cards: tuple[str, ...], seed: str, shuffle: int) -> tuple[str, ...]:
    """The cards in the order the `shuffle`-th shuffle of this seed leaves them (the same on every machine)."""
    order = sorted(cards)
    random.Random(f"{seed}/{shuffle}").shuffle(order)
    return tuple(order)


def new_rack(rack: list[str] | tuple[str, ...], seed: str, faces: Mapping[str, Face] | None = None) -> CypherState:
    """The start of the game: the rack shuffled and a hand of five drawn (`faces`: each card's name and type)."""
    deck = shuffled(tuple(rack), seed, 1)
    state = CypherState(tuple(rack), seed, deck=deck, faces=_frozen(faces))
    return _draw_up(state)


def apply_cyphers(state: CypherState, event: CypherEvent) -> CypherState:
    """The state after `event`; Refused (battle/cypher or battle/turn) when the book forbids it."""
    match event:
        case Turn():
            return replace(state, step=steps.READY, played_before=False, played_after=False, discarded=False)
        case Play():
            return _play(state, event)
        case Discard():
            step = steps.reach(state.step, steps.DISCARD, "discarding a Cypher", "card")
            if state.discarded:
                refuse("battle/cypher", "card", "one Cypher discarded a turn")
            hand = _without(state.hand, event.card, "card")
            return replace(state, hand=hand, discard=(*state.discard, event.card), step=step, discarded=True)
        case Draw():
            return _draw_up(replace(state, step=steps.reach(state.step, steps.DRAW, "drawing up")))
        case HandSize():
            over = len(state.hand) - event.size
            if len(event.discards) != max(over, 0):
                refuse(
                    "battle/cypher",
                    "discards",
                    f"a hand of {len(state.hand)} down to {event.size} discards {counted(max(over, 0), 'card')}, "
                    f"not {len(event.discards)}",
                )
            hand = state.hand
            for n, card in enumerate(event.discards):
                hand = _without(hand, card, f"discards[{n}]")
            return replace(state, hand=hand, discard=(*state.discard, *event.discards), hand_size=event.size)
        case Expire():
            lasting = _without(state.lasting, event.card, "card", "is not in play")
            return _gone(replace(state, lasting=lasting, discard=(*state.discard, event.card)), [event.card])


def pulse_round_ends(state: CypherState) -> CypherState:
    """The Pulse round's second end step: the Cyphers that last until then expire to the discard pile."""
    return replace(state, lasting=(), turn_only=(), on=_frozen(), discard=(*state.discard, *state.lasting))


def turn_ends(state: CypherState) -> CypherState:
    """The player's turn is over: the Cyphers that last until the end of the turn expire to the discard pile."""
    if not state.turn_only:
        return state
    lasting = tuple(card for card in state.lasting if card not in state.turn_only)
    return _gone(replace(state, lasting=lasting, discard=(*state.discard, *state.turn_only)), state.turn_only)


def _gone(state: CypherState, cards: Collection[str]) -> CypherState:
    """The state with `cards` (already moved out of play) no longer on a unit or due to expire with the turn."""
    on = _frozen({card: unit for card, unit in state.on.items() if card not in cards})
    return replace(state, on=on, turn_only=tuple(card for card in state.turn_only if card not in cards))


def is_fury(state: CypherState, card: str) -> bool:
    """Whether the card is a Fury (played on an enemy unit)."""
    face = state.faces.get(card)
    return face is not None and face.type == "fury"


def units_gone(state: CypherState, units: frozenset[int], enemy: bool) -> CypherState:
    """Units that left play (destroyed or recalled) are affected by nothing: the Cyphers played on them go to the
    discard pile (`enemy`: the units are the opponent's, so this player's Furies on them go; else the player's own
    Geometrics, Harmonics and Overdrives on their own units)."""
    gone = [card for card, unit in state.on.items() if unit in units and is_fury(state, card) == enemy]
    if not gone:
        return state
    lasting = tuple(card for card in state.lasting if card not in gone)
    return _gone(replace(state, lasting=lasting, discard=(*state.discard, *gone)), gone)


def next_when(state: CypherState) -> Literal["before", "after"]:
    """When a Cypher played now is played, by the turn's order: before activating while that one is still open."""
    return "before" if not state.played_before and state.step <= steps.CYPHER_BEFORE else "after"


def _play(state: CypherState, event: Play) -> CypherState:
    when = event.when or next_when(state)
    step = steps.CYPHER_BEFORE if when == "before" else steps.CYPHER_AFTER
    if state.played_before and state.played_after:
        refuse("battle/cypher", "card", "two Cyphers played this turn already: one before activating, one after")
    if state.played_before if when == "before" else state.played_after:
        refuse("battle/cypher", "card", f"a Cypher was played {when} activating already this turn")
    step = steps.reach(state.step, step, "playing a Cypher", "card")
    hand = _without(state.hand, event.card, "card")
    played = replace(state, played_before=True) if when == "before" else replace(state, played_after=True)
    if event.lasts != "resolved":
        on = _frozen({**state.on, event.card: event.on}) if event.on is not None else state.on
        turn_only = (*state.turn_only, event.card) if event.lasts == "turn" else state.turn_only
        return replace(played, hand=hand, lasting=(*state.lasting, event.card), turn_only=turn_only, on=on, step=step)
    return replace(played, hand=hand, discard=(*state.discard, event.card), step=step)


def _draw_up(state: CypherState) -> CypherState:
    """Cards from the top of the deck until the hand is full; when the last one is drawn, the discard pile is
    shuffled into a new deck (a hand stays short only when both are empty)."""
    deck, hand, discard, shuffles = list(state.deck), list(state.hand), state.discard, state.shuffles
    while len(hand) < state.hand_size and (deck or discard):
        if not deck:  # the last card was drawn before the discard pile had any
            shuffles += 1
            deck, discard = list(shuffled(discard, state.seed, shuffles)), ()
        hand.append(deck.pop(0))
        if not deck and discard:
            shuffles += 1
            deck, discard = list(shuffled(discard, state.seed, shuffles)), ()
    return replace(state, deck=tuple(deck), hand=tuple(hand), discard=discard, shuffles=shuffles)


def check_draw(state: CypherState) -> None:
    """Refuse a draw that the book does not give and that would change nothing (battle/cypher): a second draw in one
    turn (the hand is drawn back up once, at its end), a draw into a full hand, or one with no card left in the deck
    or the discard pile. Checked as a draw is recorded, not on replay: a battle written before replays as it did."""
    if state.step == steps.DRAW:
        refuse("battle/cypher", "", "the hand was drawn back up this turn already (once a turn, at its end)")
    if len(state.hand) >= state.hand_size:
        refuse("battle/cypher", "", f"the hand is full ({counted(len(state.hand), 'Cypher')}): nothing to draw")
    if not state.deck and not state.discard:
        refuse("battle/cypher", "", "no Cypher is left to draw: the deck and the discard pile are empty")


def _without(cards: tuple[str, ...], card: str, path: str, missing: str = "is not in the hand") -> tuple[str, ...]:
    if card not in cards:
        refuse("battle/cypher", path, f"{shown(card)} {missing}")
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def cypher_summary(state: CypherState) -> str:
    """The compact line: 'hand 5 · deck 7 · discard 2' (and the cards in play until the turn or Pulse round ends)."""
    lasting = f" · in play {len(state.lasting)}" if state.lasting else ""
    return f"hand {len(state.hand)} · deck {len(state.deck)} · discard {len(state.discard)}{lasting}"
