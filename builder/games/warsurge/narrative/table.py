"""The table as the players enter it for the director: each player unit, and what each enemy unit can see."""

from __future__ import annotations

import hashlib
import random
from typing import Annotated, Literal, Protocol

from pydantic import Field

from builder.games.warsurge.narrative.model import MAX_STAGES, Line, NarrativeModel, Square

Inches = Annotated[float, Field(ge=0, le=1000)]
Moved = Literal["none", "move", "dash", "blink", "teleport"]
EnemyId = Annotated[str, Field(pattern=r"^[A-Z][0-9]{1,2}$")]
"""An enemy unit: its letter and its number among the units of its profile ("L2")."""


class PlayerUnit(NarrativeModel):
    """A player's unit as it stands this game turn."""

    name: Line
    hp: int = Field(ge=0, le=100_000)
    """HP left (0: a casualty)."""
    points: float = Field(0, ge=0, le=1_000_000)
    """Its points at full HP."""
    armour: int | None = Field(None, ge=2, le=7)
    defence: int = Field(0, ge=0, le=100)
    perks: list[Line] = Field([], max_length=40)
    moved: Moved = "none"
    """How it moved this turn (a Guard sees a Move or a Dash go by, but only the start and end of a Blink or a
    Teleport)."""
    healed: int = Field(0, ge=0, le=100_000)
    """HP it restored to other player units last game turn."""


class EnemyView(NarrativeModel):
    """One enemy unit this game turn: how far each player unit is, which it can see, what was done to it."""

    id: EnemyId
    distance: dict[str, Inches] = {}
    """Player unit -> inches between the closest models."""
    sight: list[Line] = Field([], max_length=100)
    """The player units it has line of sight to."""
    damage_from: dict[str, Annotated[int, Field(ge=0, le=100_000)]] = {}
    """Player unit -> HP this enemy unit has lost to it in the stage so far."""
    hp_lost: int = Field(0, ge=0, le=100_000)
    attacked_by: list[Line] = Field([], max_length=100)
    """Player units that attacked it this turn (a Guard attacked is activated)."""
    passed_within: dict[str, Inches] = {}
    """Player unit -> the closest it came while it moved this turn, where closer than its distance now."""
    start_distance: dict[str, Inches] = {}
    """Player unit -> how far its Blink or Teleport started."""
    sees: dict[str, Inches] = {}
    """Other enemy unit id -> how far, for those in its line of sight (a Guard's chain of activation)."""
    active: bool = False
    """A Guard already activated."""
    casualty: bool = False
    at: Square | None = None
    """The square of the map it stands on (the play knows it: the map's letter, or where it moved)."""
    route_step: int | None = Field(None, ge=0, le=100)
    """The step of its Guard route it stands on (None: not on its route)."""
    moved_to: Square | None = None
    """The square it already moved to this game turn (a Guard relocates once a turn)."""


class TableState(NarrativeModel):
    """What the director is told about one game turn of a stage."""

    turn: int = Field(1, ge=1, le=100)
    players: list[PlayerUnit] = Field([], max_length=60)
    enemies: list[EnemyView] = Field([], max_length=200)


class Dice(Protocol):
    """Where the director's dice come from (a test's are fixed)."""

    def roll(self, sides: int) -> int:
        """A number from 1 to `sides`."""
        ...

    def unit(self, unit_id: str) -> Dice:
        """The dice one enemy unit's order rolls: these dice, or a stream of its own."""
        ...


class SeededDice:
    """Dice from a seeded generator: the same seed rolls the same, every unit from one stream in the order they
    act."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._random.randint(1, sides)

    def unit(self, unit_id: str) -> Dice:
        return self


class KeyedDice:
    """Dice drawn from a key, one stream per enemy unit: the same key rolls the same for that unit whatever the
    others roll or whether they still stand (a unit killed after looking changes no other unit's die)."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.rolled = 0

    def roll(self, sides: int) -> int:
        self.rolled += 1
        digest = hashlib.sha256(f"{self.key}#{self.rolled}".encode()).digest()
        return int.from_bytes(digest) % sides + 1

    def unit(self, unit_id: str) -> Dice:
        return KeyedDice(f"{self.key}/{unit_id}")


class FixedDice:
    """Dice that roll what they are told, in turn (for tests and for a player who rolled real dice)."""

    def __init__(self, *results: int) -> None:
        self.results = list(results)

    def roll(self, sides: int) -> int:
        if not self.results:
            raise ValueError(f"no die result left for a D{sides}")
        value = self.results.pop(0)
        if not 1 <= value <= sides:
            raise ValueError(f"{value} is not a D{sides} result")
        return value

    def unit(self, unit_id: str) -> Dice:
        return self


class PlayerMove(NarrativeModel):
    """A player unit in the turn form: how it moved this turn."""

    name: Line
    moved: Moved = "none"


class EnemySight(NarrativeModel):
    """An enemy unit in the turn form: what the players measured from it."""

    id: EnemyId
    distance: dict[str, Inches] = {}
    sight: list[Line] = Field([], max_length=100)
    attacked_by: list[Line] = Field([], max_length=100)
    passed_within: dict[str, Inches] = {}
    start_distance: dict[str, Inches] = {}
    sees: dict[str, Inches] = {}


class TurnForm(NarrativeModel):
    """The turn form a player fills in at the table (`warbench narrative state`): the HP, points and perks come
    from the narrative in play, the distances and sight from the table."""

    warbench: Literal[1]
    kind: Literal["narrative-turn"]
    stage: int | None = Field(None, ge=1, le=MAX_STAGES)
    """The stage it was written for, from 1 (a form written before says none)."""
    turn: int | None = Field(None, ge=1, le=10_000)
    """The stage's game turn it was written for."""
    players: list[PlayerMove] = Field([], max_length=60)
    enemies: list[EnemySight] = Field([], max_length=200)
