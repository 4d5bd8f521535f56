"""What a battle under a scenario has recorded, as plain values the victory rules read (no file, no roster)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from builder.scenarios.side_names import told_apart

LeaderEvent = Literal["enemy-leader", "other", "recovered"]
"""What befell a side's Leader: an attack by an enemy Leader that would destroy it, anything else that would, or
the start of its controller's turn ending its vulnerability."""
Mode = Literal["execution", "assassination"]


@dataclass(frozen=True)
class Event:
    """One thing that happened, in order: VP scored, a Leader struck down or recovered, a side out of the game."""

    side: int
    round: int
    vp: int | None = None
    mission: str | None = None
    """VP from a secondary mission or an extra (cache, kill-box) rather than the scenario's own scoring."""
    leader: LeaderEvent | None = None
    out: bool = False
    """The side has nothing left in the game (no models in play, every mech knocked out)."""
    turn: int | None = None
    """Whose player turn it happened in (None: not recorded, or the game's rounds have no player turns)."""


@dataclass(frozen=True)
class Table:
    """The battle's sides and what they recorded: the victory rules' whole input."""

    sides: tuple[str, ...]
    teams: tuple[tuple[int, ...], ...] = ()
    """Sides that play and score together (empty: each side alone)."""
    events: tuple[Event, ...] = ()
    round: int = 1
    """The round (Pulse round, game turn) the battle is in."""
    over: bool = False
    """The players ended the game (the last round was played and scored)."""
    attacker: int | None = None
    secondaries: tuple[tuple[str, ...], ...] = ()
    mode: Mode | None = None
    """Warmachine: Execution or Assassination Mode."""
    points_left: tuple[float, ...] = ()
    """Per side, the points it has left, units in reserve counted as lost (from the tracker)."""
    points_destroyed: tuple[float, ...] = ()
    """Per side, the enemy points it has destroyed (from the tracker)."""
    wiped: tuple[bool, ...] = ()
    """Per side, whether the tracker shows every unit destroyed."""
    declared: tuple[int, str] | None = None
    """The table's own verdict: the winning side and why (a scenario won by position, or a concession)."""
    reserve_names: tuple[str, ...] = ()
    """The units in reserve, by name (Warsurge Deathmatch counts them as lost at the end)."""
    paths: dict[str, str] = field(default_factory=dict)
    """Where each part lives in the battle file, for findings ("events" → "play.events")."""
    leaders_down: tuple[bool, ...] = ()
    """Per side, whether the tracker shows its Leader destroyed (every damage box filled)."""
    secondaries_each: int | None = None
    """Warcaster: the secondary missions a player the table agreed (None: the scenario's own number)."""
    order: tuple[int, ...] = ()
    """The sides in the order of their player turns in a round (empty: the game's rounds have none, or nobody is
    named to go first)."""
    step: int = 0
    """Player turns played in the battle's current round."""
    needs_first: bool = False
    """The game's rounds are made of player turns, the attacker's first, and the scenario counts by them: the
    attacker must be named."""
    points_full: tuple[float, ...] = ()
    """Per side, its roster's points at full strength (from the tracker)."""
    ending: bool = False
    """The battle is at its last round's end, scoring it: the game is not over until the players go on."""
    ended: int | None = None
    """The round whose end the battle is at, where the scenario scores each round at its end and nothing is
    recorded in the next one yet (its VP count for that round); None: the battle is in `round`."""

    @property
    def turn(self) -> int | None:
        """Whose player turn the battle is in (None: the game's rounds have none, or nobody is named first)."""
        return self.order[self.step % len(self.order)] if self.order else None

    def position(self, event: Event) -> tuple[int, int]:
        """When an event happened, for ordering: its round, then its player turn's place in the round."""
        turn = event.turn
        return event.round, (self.order.index(turn) if turn is not None and turn in self.order else 0)

    def path(self, part: str) -> str:
        return self.paths.get(part, part)

    def units(self) -> tuple[tuple[int, ...], ...]:
        """Who wins together: the teams, or each side alone."""
        return self._units

    @cached_property
    def _units(self) -> tuple[tuple[int, ...], ...]:
        return self.teams or tuple((s,) for s in range(len(self.sides)))

    @cached_property
    def _unit_of(self) -> dict[int, int]:
        return {side: u for u, members in enumerate(self._units) for side in members}

    def unit_of(self, side: int) -> int:
        return self._unit_of[side]

    @cached_property
    def told(self) -> tuple[str, ...]:
        """Each side's name as a report says it: a name two sides share told apart by whose side or its number."""
        return tuple(told_apart(self.sides))

    def unit_name(self, unit: int) -> str:
        return " and ".join(self.sides[s] for s in self.units()[unit])

    def told_name(self, unit: int) -> str:
        """`unit_name` as a report says it, its sides told apart from others of the same name (`told`)."""
        return " and ".join(self.told[s] for s in self.units()[unit])
