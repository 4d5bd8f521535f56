"""What a Warcaster turn leaves undone that the book asks of its player (said as the turn passes), the play that
would pass its Activation Phase by, and what the command line says an event did."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Protocol

from builder.games.warcaster import steps
from builder.games.warcaster.arc import SETUP_DC
from builder.games.warcaster.arc_events import Deploy, Recall, TakeBack
from builder.games.warcaster.cyphers import Draw, Play
from builder.games.warcaster.spent_words import unit_name
from builder.resources import ResourceEvent

if TYPE_CHECKING:
    from builder.games.warcaster.table import WarcasterSide, WarcasterTable
    from builder.turns import Moment


class Spend(Protocol):
    """What of a battle's spending the turn's words read (`spending.Spend` is it; named here so that this module
    needs nothing of the one that calls it)."""

    @property
    def table(self) -> WarcasterTable: ...
    @property
    def this_turn(self) -> tuple[tuple[int, ResourceEvent], ...]: ...
    @property
    def upto(self) -> Moment | None: ...


def passes_activation(spend: Spend, side: int) -> bool:
    """Whether a Cypher the side plays now is its "after" one, played before any unit activated though one could: it
    would pass the Activation Phase by (a battle recorded before keeps such a play as it was)."""
    mine = spend.table.sides[side].synced()
    done = [event for by, event in spend.this_turn if by == side]
    owed = spend.table.player == side and not mine.activated and activatable(mine, done)
    return owed and mine.cyphers.played_before and mine.cyphers.step < steps.ACTIVATION


def recorded(spend: Spend, side: int | None, event: ResourceEvent) -> str | None:
    """What the command line says beside the side's line: a set-up deployment taken back (the set-up goes on), or a
    Cypher played after activating with no unit activated (the Activation Phase passed by); None otherwise."""
    if side is None:
        return None
    mine = spend.table.sides[side]
    if isinstance(event, TakeBack):
        left = SETUP_DC - mine.arc.setup_dc
        return (
            f"{unit_name(spend.table, side, event.unit)} taken back: the set-up goes on ({left} of {SETUP_DC} DC left)"
        )
    done = [e for by, e in spend.this_turn if by == side]
    passed = spend.table.player == side and not mine.activated and activatable(mine, done)
    if isinstance(event, Play) and event.when == "after" and passed:
        return "Played after activating: the Activation Phase passed with no unit activated."
    return None


class Undone(NamedTuple):
    """What the turn in progress has not done that every turn asks of its player."""

    player: int
    activation: bool
    """A unit in play by the Activation Phase, and none activated."""
    draw_up: int | None
    """The hand size the hand was not drawn back up to, where the rack has cards left (None: drawn, or full)."""


def left_undone(spend: Spend) -> Undone | None:
    """What every turn asks of its player that this one has not done (a step the book makes optional is the
    player's to skip): a unit activated, where one was in play by the Activation Phase, and the hand drawn back up
    at the turn's end. The set-up asks nothing: its end begins turn 1.1, which passes nobody's turn."""
    table = spend.table
    if table.over or spend.upto is None:
        return None
    player = table.first if table.player is None else table.player
    mine = table.sides[player]
    done = [event for side, event in spend.this_turn if side == player] if table.player is not None else []
    activation = not mine.activated and activatable(mine, done)
    cyphers = mine.cyphers
    short = len(cyphers.hand) < cyphers.hand_size and bool(cyphers.deck or cyphers.discard)  # cards left to draw
    drawn = any(isinstance(event, Draw) for event in done)
    draw_up = cyphers.hand_size if short and not drawn else None
    return Undone(player, activation, draw_up) if activation or draw_up is not None else None


def undone_words(undone: Undone) -> str:
    """'activated no unit (…) and did not draw back up to 5 Cyphers', to follow the player's name."""
    words = ["activated no unit (a player with a unit in play activates one each turn)"] if undone.activation else []
    if undone.draw_up is not None:
        words.append(f"did not draw back up to {undone.draw_up} Cyphers")
    return " and ".join(words)


def unfinished(spend: Spend) -> str | None:
    """The turn's undone part in a sentence naming the player, as `battle turn` warns of it."""
    undone = left_undone(spend)
    return f"{spend.table.name(undone.player)} {undone_words(undone)}" if undone is not None else None


def activatable(side: WarcasterSide, done: list[ResourceEvent]) -> bool:
    """Whether the player had a unit in play by the turn's Activation Phase: one in play now or recalled since, not
    one deployed since (deploying comes after activating)."""
    deployed = {unit for event in done if isinstance(event, Deploy) for unit in event.units}
    recalled = {event.unit for event in done if isinstance(event, Recall)}
    return bool((set(side.arc.in_play) | recalled) - deployed)
