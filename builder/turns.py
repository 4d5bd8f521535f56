"""Who sits at a game's table and how its rounds are made (`Game.turns`): the moments a battle's events belong to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

FirstPlayer = Literal["attacker", "chosen"]
"""Who takes the first player turn of each round: the attacker (red), or the player the table chose."""
MAX_SIDES = 8
"""The most sides any battle seats (Warsurge's "virtually any number", capped where a screen still shows them)."""
MAX_CYCLES = 5
"""The most turns each side takes in one round (Warcaster's Pulse round)."""
MAX_STEPS = MAX_SIDES * MAX_CYCLES
"""The most player turns in one round."""


class Timed(Protocol):
    """Anything a battle records at a moment: the round, and whose player turn it was (None: the round's only)."""

    @property
    def round(self) -> int: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def step(self) -> int | None: ...


@dataclass(frozen=True)
class Moment:
    """A point of the game: its round, the side whose player turn it is (None where a round has no player turns,
    or where the turn was not recorded), and how many player turns into the round it is (None: not recorded)."""

    round: int
    turn: int | None = None
    step: int | None = None


@dataclass(frozen=True)
class Turns:
    """A game's table: how many sides it seats, whether teams play, and whether a round is one player turn per side
    in order (Warmachine's attacker first, Warcaster's first player) or one turn everyone shares (Warsurge's game
    turn, McWarrior's round)."""

    sides: tuple[int, int] = (2, 2)
    """The fewest and most sides (each a player with a roster)."""
    teams: bool = False
    """Sides may play in teams that act and win as one."""
    player_turns: bool = False
    """Each round is one player turn per side, in `order`."""
    first: FirstPlayer | None = None
    """Who takes each round's first player turn (with `player_turns`)."""
    cycles: int = 1
    """How many turns each side takes in a round (with `player_turns`): Warcaster's Pulse round is five of each
    player's, the Pulse tracker moved at each of the first player's."""
    phase: str | None = None
    """The phase a round's scoring belongs to, when the book names one (McWarrior's upkeep)."""

    def order(self, sides: int, first: int | None) -> tuple[int, ...]:
        """The sides in the order they take their player turns in a round (empty: no player turns, or nobody named
        to go first); the others follow the first in their seating order."""
        if not self.player_turns or first is None or not 0 <= first < sides:
            return ()
        return tuple((first + k) % sides for k in range(sides))

    def moment(self, round_: int, step: int, sides: int, first: int | None) -> Moment:
        """The moment of a battle at `round_`, `step` player turns into it."""
        order = self.order(sides, first)
        return Moment(round_, order[step % len(order)], step) if order else Moment(round_)

    def after(self, round_: int, step: int, sides: int, first: int | None) -> tuple[int, int]:
        """(round, step) one player turn on (one round on where a round has no player turns)."""
        count = len(self.order(sides, first)) * self.cycles
        if count and step + 1 < count:
            return round_, step + 1
        return round_ + 1, 0

    def before(self, round_: int, step: int, sides: int, first: int | None) -> tuple[int, int]:
        """(round, step) one player turn back (never before the first)."""
        count = len(self.order(sides, first)) * self.cycles
        if count and step > 0:
            return round_, step - 1
        if round_ <= 1:
            return 1, 0
        return round_ - 1, max(count - 1, 0)

    def position(self, moment: Timed, sides: int, first: int | None) -> tuple[int, int]:
        """Where a recorded moment falls in the game, for sorting: (round, player turns into the round); a moment
        recorded with its side's turn alone falls at that side's first turn of the round, one without a turn at the
        round's start."""
        order = self.order(sides, first)
        if moment.step is not None and order:
            return moment.round, moment.step
        turn = moment.turn
        return moment.round, (order.index(turn) if turn is not None and turn in order else 0)

    def steps(self, sides: int, first: int | None) -> int:
        """Player turns in a round (0: the round is one turn everyone shares)."""
        return len(self.order(sides, first)) * self.cycles
