"""A Warsurge narrative file (`kind = "narrative"`): logistics, and stages with maps, enemies, challenges and events."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from builder.games.warsurge.catalogue import WarsurgeUnit, WarsurgeWeapon
from catalog.models.common import CatalogueModel, Slug

Focus = Literal["solo", "party", "clash"]
Tactic = Literal[
    "aggressive",
    "focused",
    "point-value-high",
    "point-value-low",
    "coward",
    "destroyer",
    "threat",
    "specific",
    "player-controlled",
    "random",
    "dialogue",
    "varies",
]
"""The book's enemy tactics; Guard is a role an enemy plays until it is activated (`Enemy.guard`)."""
GuardRole = Literal["lookout", "patrol", "roam"]
Edge = Literal["north", "south", "east", "west"]
Letter = Annotated[str, StringConstraints(pattern=r"^[A-Z]$")]
"""An enemy's letter on the map."""
Mark = Annotated[str, StringConstraints(pattern=r"^[1-9]$")]
"""An object's digit on the map."""
Square = Annotated[str, StringConstraints(pattern=r"^[A-Z][1-9][0-9]?$")]
"""A square of the map: its column letter and row number ("C4")."""
Line = Annotated[str, StringConstraints(min_length=1, max_length=200)]
Prose = Annotated[str, StringConstraints(max_length=4000)]

MAX_STAGES, MAX_ENEMIES, MAX_ROWS, MAX_COLUMNS = 12, 26, 16, 26
"""No narrative needs more (a map 16 squares deep is 8 feet; 26 columns are the letters)."""


class NarrativeModel(CatalogueModel):
    """Strict and frozen like a catalogue record: unknown keys are mistakes, numbers bounded."""


class Logistics(NarrativeModel):
    """Who plays and with what: the narrative's 'Logistics' box."""

    players: list[int] = Field([1, 1], min_length=2, max_length=2)
    """The fewest and the most players (solo 1-1; a solo narrative others may join: 1-2)."""
    point_limit: int = Field(500, ge=1, le=100_000)
    """Each player's point limit."""
    perk_restrictions: bool = True
    """The book's narrative perk restrictions are in effect ('Yes' in the Logistics box)."""
    restricted_perks: list[Line] = Field([], max_length=50)
    """Perks this narrative refuses besides the book's own (names as the app spells them, level ignored)."""
    allowed_perks: list[Line] = Field([], max_length=50)
    """Perks the book's restrictions would refuse that this narrative allows."""
    revival_perks: list[Line] = Field([], max_length=50)
    """Perks that bring a whole unit back after it became a casualty (refused once every player unit has fallen)."""


class EnemyUnit(WarsurgeUnit):
    """An enemy's unit profile in the catalogue's own model; points only matter to a clash."""

    points: float = Field(0, ge=0, le=1_000_000, allow_inf_nan=False)


class EnemyWeapon(WarsurgeWeapon):
    """An enemy's weapon profile in the catalogue's own model, and how many the enemy unit carries."""

    points: float = Field(0, ge=0, le=1_000_000, allow_inf_nan=False)
    quantity: int = Field(1, ge=1, le=1000)


class Guard(NarrativeModel):
    """An enemy that is not aware of the players until it detects one."""

    role: GuardRole
    detection: int = Field(ge=1, le=200)
    """Inches within which it detects a player unit it can see (halved for a unit with Stealth)."""
    route: list[Square] = Field([], max_length=12)
    """A Patrol's squares in turn; a Roam's squares to roll among."""


class TacticChange(NarrativeModel):
    """A tactic an enemy turns to from a game turn on, or once it has lost so many HP."""

    tactic: Tactic
    turn: int | None = Field(None, ge=1, le=100)
    hp_lost: int | None = Field(None, ge=1, le=10_000)


class Enemy(NarrativeModel):
    """Enemy units of one profile, placed on the map by their letter."""

    letter: Letter
    unit: EnemyUnit
    weapons: list[EnemyWeapon] = Field([], max_length=10)
    units: int = Field(1, ge=1, le=20)
    """How many units of this profile."""
    models: int = Field(1, ge=1, le=100)
    """Models in each unit."""
    tactic: Tactic | None = None
    """Its tactic (None: the stage's)."""
    guard: Guard | None = None
    changes: list[TacticChange] = Field([], max_length=6)
    random: list[Tactic] = Field([], max_length=6)
    """With tactic `random`: the list a D3 (three entries) or a D6 (six) picks from each turn."""
    specific: Prose = ""
    """With tactic `specific`: what it does, in the stage's words."""
    prefers: list[Line] = Field([], max_length=6)
    """With tactic `specific`: perks whose bearers it targets first ("Leader")."""


class Challenge(NarrativeModel):
    """A dice challenge: roll, stack or sort dice, perhaps against the clock."""

    id: Slug
    title: Line
    text: Prose
    dice: int = Field(ge=1, le=60)
    """Dice rolled (for one player; `dice_per_player` more for each other player)."""
    dice_per_player: int = Field(0, ge=0, le=20)
    seconds: int | None = Field(None, ge=5, le=3600)
    success: Prose = ""
    failure: Prose = ""
    reward: Slug | None = None
    """The reward a success earns."""


class Choice(NarrativeModel):
    """One choice of an event: the tactics it sets, its outcome, its reward."""

    id: Slug
    text: Line
    tactics: dict[Letter, Tactic] = {}
    """Enemy letter -> the tactic it takes from this choice on."""
    outcome: Prose = ""
    reward: Slug | None = None


class Event(NarrativeModel):
    """A dialogue or event with choices."""

    id: Slug
    title: Line
    text: Prose
    choices: list[Choice] = Field(min_length=1, max_length=6)


class Reward(NarrativeModel):
    """A stage reward: limited-use perks refilled, points for the next stage."""

    id: Slug
    text: Line
    refill: bool = False
    """Every limited-use perk of the party may be used once more."""
    points: int = Field(0, ge=0, le=10_000)
    """Points each player may add to the next stage's roster."""


class StageMap(NarrativeModel):
    """The stage's battlefield as rows of 6-inch squares (`narrative_map.SYMBOLS` says what each character is)."""

    rows: list[Annotated[str, StringConstraints(min_length=1, max_length=MAX_COLUMNS)]] = Field(
        min_length=1, max_length=MAX_ROWS
    )
    player_edge: Edge | None = None
    """Players deploy along this edge (else within the `+` squares)."""
    enemy_edge: Edge | None = None
    objects: dict[Mark, Line] = {}
    """What each digit on the map is."""


class Stage(NarrativeModel):
    """One stage: its introduction, map, enemies, challenges, events, rewards and objectives."""

    id: Slug
    title: Line
    introduction: Prose
    tactic: Tactic = "aggressive"
    """The stage's enemy tactic (each enemy's own when `varies`)."""
    objectives: list[Line] = Field(min_length=1, max_length=8)
    map: StageMap | None = None
    enemies: list[Enemy] = Field([], max_length=MAX_ENEMIES)
    challenges: list[Challenge] = Field([], max_length=6)
    events: list[Event] = Field([], max_length=6)
    rewards: list[Reward] = Field([], max_length=6)
    turns: int | None = Field(None, ge=1, le=30)
    """Game turns the stage lasts, where it has a limit."""


class NarrativeFile(NarrativeModel):
    """A narrative: its title, focus and logistics, and its stages in order."""

    warbench: Literal[1]
    kind: Literal["narrative"]
    game: Literal["warsurge"]
    title: Line
    focus: Focus
    summary: Prose = ""
    logistics: Logistics = Logistics()
    stages: list[Stage] = Field(min_length=1, max_length=MAX_STAGES)

    def enemy(self, stage: int, letter: str) -> Enemy | None:
        return next((e for e in self.stages[stage].enemies if e.letter == letter), None)
