"""Warsurge's competitive set-up (Free Rules, Part 5, steps 1 to 10): what the players agreed, and the book's rolls for
the rest — playstyle, battlefield, deployment map, game types and markers, terrain, game length, the Turn Master."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal, Protocol

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from catalog.wording import escaped, hidden_character

Playstyle = Literal["standard", "advanced"]
GameType = Literal["deathmatch", "capture-territory", "capture-objectives"]
Density = Literal["light", "moderate", "dense"]
Length = Literal["conflict", "random", "set", "custom"]
Mod = Literal[
    "know-thy-enemy", "universe-theme", "terms-of-engagement", "zero-hour-roster", "time-attack", "fog-of-war"
]


def _plain(name: str) -> str:
    if (char := hidden_character(name)) is not None:
        raise ValueError(f"a name holds a control character ({escaped(char)})")
    return name


Name = Annotated[str, Field(min_length=1, max_length=60), AfterValidator(_plain)]
Battlefield = Literal["A", "B", "C", "D"]

PLAYSTYLES: tuple[Playstyle, ...] = ("standard", "advanced")
GAME_TYPES: tuple[GameType, ...] = ("deathmatch", "capture-territory", "capture-objectives")
LENGTHS: tuple[Length, ...] = ("conflict", "random", "set")
MODS: tuple[Mod, ...] = (
    "know-thy-enemy",
    "universe-theme",
    "terms-of-engagement",
    "zero-hour-roster",
    "time-attack",
    "fog-of-war",
)
MAX_SIDES = 16
MAX_LIMIT = 100_000

BATTLEFIELDS: dict[Battlefield, tuple[str, str, int]] = {
    "A": ("Small", "2' x 2'", 200),
    "B": ("Medium", "4' x 4'", 750),
    "C": ("Large", "6' x 4'", 2500),
    "D": ("Giant", "8' x 4' or greater", MAX_LIMIT),
}
"""Step 4: each option's name, size and the largest point limit it suits."""

TERRAIN: dict[Battlefield, dict[Density, tuple[int, int, int]]] = {
    "A": {"light": (0, 1, 2), "moderate": (2, 1, 3), "dense": (3, 1, 3)},
    "B": {"light": (2, 1, 3), "moderate": (4, 1, 6), "dense": (6, 2, 6)},
    "C": {"light": (4, 1, 6), "moderate": (6, 2, 6), "dense": (9, 3, 6)},
    "D": {"light": (6, 1, 6), "moderate": (8, 3, 6), "dense": (12, 4, 6)},
}
"""Step 7: terrain pieces as (added, dice, sides): a 6' x 4' moderate battlefield is 6 + 2D6."""

MARKERS: dict[int, tuple[tuple[str, ...], ...]] = {
    1: (("black",),),
    2: (("red",), ("blue",)),
    3: (("red", "black"), ("blue", "black"), ("black", "yellow"), ("black", "purple")),
    4: (("red", "blue"), ("yellow", "purple")),
    5: (("red", "blue", "black"), ("yellow", "purple", "black")),
    6: (("yellow", "blue", "purple"), ("yellow", "red", "purple")),
    7: (("red", "yellow", "purple", "black"), ("blue", "yellow", "purple", "black")),
    8: (("red", "blue", "yellow", "purple"),),
    9: (("red", "blue", "yellow", "purple", "black"),),
}
"""Step 6's marker map by number of markers: the colours' locations (black is the centre; every other colour marks two
places). Three markers roll a D3, and a 3 rolls a D2 between yellow and purple (the last two choices)."""


class Agreed(BaseModel):
    """What the players agreed before rolling; what is left out is rolled as the book says (or its default)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: list[Name] = Field(min_length=2, max_length=MAX_SIDES)
    """The players' names, in their clockwise order round the table."""
    teams: list[list[Name]] = Field([], max_length=MAX_SIDES)
    """Teams by their players' names; a team acts as one player (everyone not named plays alone)."""
    playstyle: Playstyle | None = None
    point_limit: int = Field(1000, ge=50, le=MAX_LIMIT)
    battlefield: Battlefield | None = None
    """Unset: the smallest option that suits the point limit."""
    game_types: list[GameType] = Field([], max_length=3)
    """One, or a combination (objectives, territory and/or deathmatch); unset: a D3."""
    markers: int | None = Field(None, ge=1, le=9)
    """Capture Objectives: how many markers (unset: a D6)."""
    terrain: Density = "moderate"
    terrain_pieces: int | None = Field(None, ge=0, le=200)
    """Unset: rolled by the density's column."""
    length: Length | None = None
    """Unset: a D3 among Conflict, Random and Set."""
    turns: int | None = Field(None, ge=1, le=99)
    """Set: the number of game turns (unset: D6 + 3); Custom: the turns the players set, if any."""
    custom: str = Field("", max_length=200)
    """Custom length: the condition the players set for the game's end."""
    mods: list[Mod] = Field([], max_length=len(MODS))
    time_attack: int = Field(10, ge=1, le=600)
    """Time Attack: the seconds a player has to decide."""

    @model_validator(mode="after")
    def _consistent(self) -> Agreed:
        if len(set(self.players)) != len(self.players):
            raise ValueError("players: each player needs a name of their own")
        named = [name for team in self.teams for name in team]
        if unknown := [name for name in named if name not in self.players]:
            raise ValueError(f"teams: {unknown[0][:40]!r} is not one of the players")
        if len(set(named)) != len(named):
            raise ValueError("teams: a player is in two teams")
        if any(len(team) < 2 for team in self.teams):
            raise ValueError("teams: a team has two players or more")
        if len(self.sides) < 2:
            raise ValueError("teams: the game needs two sides or more (one team is everyone)")
        if len(set(self.game_types)) != len(self.game_types):
            raise ValueError("game types: each at most once")
        if self.markers is not None and self.game_types and "capture-objectives" not in self.game_types:
            raise ValueError("markers: only Capture Objectives places markers")
        if self.turns is not None and self.length in ("conflict", "random"):
            raise ValueError(f"turns: a {self.length} game has no set number of turns (only set or custom)")
        if self.custom and self.length != "custom":
            raise ValueError("custom: only a custom game length says how the game ends")
        return self

    @property
    def sides(self) -> list[list[str]]:
        """The sides that alternate actions: each team, and each player who plays alone, in the order named."""
        teams = {name: team for team in self.teams for name in team}
        sides: list[list[str]] = []
        for name in self.players:
            side = teams.get(name, [name])
            if side not in sides:
                sides.append(side)
        return sides


class Rolled(BaseModel):
    """One roll the set-up made: what for, the dice, the faces and what they gave."""

    model_config = ConfigDict(frozen=True)

    step: int
    what: str
    dice: str
    faces: list[int]
    gave: str


class SetUp(BaseModel):
    """The game as set up, and every roll that decided part of it."""

    model_config = ConfigDict(frozen=True)

    sides: list[list[str]]
    playstyle: Playstyle
    point_limit: int
    battlefield: Battlefield
    deployment: str
    game_types: list[GameType]
    markers: list[str] = []
    terrain: Density
    terrain_pieces: int
    length: Length
    turns: int | None
    """Set: the game's turns; Conflict and Random: None (the game may end from turn 4, Random by turn 10)."""
    custom: str = ""
    mods: list[Mod]
    time_attack: int | None
    roll_off: list[list[int]]
    """Step 10: each side's roll-off dice, round after round until the highest is one side's alone."""
    turn_master: int
    """The side whose player won the roll-off (and, here, chose themselves as Turn Master)."""
    zone_order: list[int]
    """The order sides choose deployment zones: the Turn Master, then the others by their roll-off."""
    rolls: list[Rolled]

    @property
    def max_turns(self) -> int | None:
        """The last game turn there can be (None: no limit the book sets)."""
        return {"set": self.turns, "random": 10, "custom": self.turns}.get(self.length)


class Dice(Protocol):
    """What rolls the set-up's dice (`random.Random`, or a test's own faces)."""

    def randint(self, a: int, b: int) -> int: ...


Roller = Callable[[int, str, int, int], list[int]]
"""(step, what for, how many dice, their sides) → the faces, recorded."""
Noter = Callable[[str], None]
"""What the last roll gave, recorded beside it."""


def set_up(agreed: Agreed, rng: Dice) -> SetUp:
    """Roll what the players did not agree, step by step, as the book does."""
    rolls: list[Rolled] = []

    def roll(step: int, what: str, count: int, sides: int) -> list[int]:
        faces = [rng.randint(1, sides) for _ in range(count)]
        rolls.append(Rolled(step=step, what=what, dice=f"{count if count > 1 else ''}D{sides}", faces=faces, gave=""))
        return faces

    def noted(gave: str) -> None:
        rolls[-1] = rolls[-1].model_copy(update={"gave": gave})

    playstyle = agreed.playstyle
    if playstyle is None:
        playstyle = PLAYSTYLES[roll(2, "playstyle", 1, 2)[0] - 1]
        noted(playstyle)
    battlefield = agreed.battlefield or _suited(agreed.point_limit)
    deployment = _deployment(len(agreed.sides), battlefield, roll, noted)
    game_types = list(agreed.game_types)
    if not game_types:
        game_types = [GAME_TYPES[roll(6, "game type", 1, 3)[0] - 1]]
        unused = agreed.markers is not None and game_types[0] != "capture-objectives"
        noted(f"{game_types[0]}; the {agreed.markers} markers agreed are not placed" if unused else game_types[0])
    markers: list[str] = []
    if "capture-objectives" in game_types:
        count = agreed.markers
        if count is None:
            count = roll(6, "objective markers", 1, 6)[0]
            noted(f"{count} marker{'s' if count > 1 else ''}")
        markers = _placed(count, roll, noted)
    added, dice, sides = TERRAIN[battlefield][agreed.terrain]
    pieces = agreed.terrain_pieces
    if pieces is None:
        pieces = added + sum(roll(7, f"terrain ({agreed.terrain})", dice, sides))
        noted(f"{pieces} terrain pieces")
    length, turns = agreed.length, agreed.turns
    if length is None:
        length = LENGTHS[roll(8, "game length", 1, 3)[0] - 1]
        unused = turns is not None and length != "set"
        noted(f"{length}; the {turns} game turns agreed do not apply" if unused else length)
    if length == "set" and turns is None:
        turns = roll(8, "set game length", 1, 6)[0] + 3
        noted(f"{turns} game turns")
    if length in ("conflict", "random"):
        turns = None
    roll_off, master, order = _roll_off(len(agreed.sides), roll)
    noted(f"{' & '.join(agreed.sides[master])} highest: Turn Master")
    return SetUp(
        sides=agreed.sides,
        playstyle=playstyle,
        point_limit=agreed.point_limit,
        battlefield=battlefield,
        deployment=deployment,
        game_types=game_types,
        markers=markers,
        terrain=agreed.terrain,
        terrain_pieces=pieces,
        length=length,
        turns=turns,
        custom=agreed.custom if length == "custom" else "",
        mods=list(agreed.mods),
        time_attack=agreed.time_attack if "time-attack" in agreed.mods else None,
        roll_off=roll_off,
        turn_master=master,
        zone_order=order,
        rolls=rolls,
    )


def _suited(limit: int) -> Battlefield:
    """Step 4: the smallest battlefield whose point range reaches the limit."""
    return next(option for option, (_, _, top) in BATTLEFIELDS.items() if limit <= top)


def _deployment(sides: int, battlefield: str, roll: Roller, noted: Noter) -> str:
    """Step 5: a two-sided game rolls the square (D3) or rectangular (D6) deployment shapes; more sides use the map
    for their number."""
    if sides > 2:
        return f"the map for {sides} players" if sides < 8 else "the 8+ players map (or a circle in slices)"
    square = battlefield in ("A", "B")
    shape = "square" if square else "rectangular"
    option = roll(5, f"{shape} deployment zones", 1, 3 if square else 6)[0]
    noted(f"{shape} option {option}")
    return f"{shape} option {option}"


def _placed(count: int, roll: Roller, noted: Noter) -> list[str]:
    """Step 6: where `count` markers go, by the marker map's roll for that number."""
    choices = MARKERS[count]
    if len(choices) == 1:
        return list(choices[0])
    if count == 3:
        face = roll(6, "marker map (3 markers)", 1, 3)[0]
        if face == 3:
            face += roll(6, "marker map (black and a D2)", 1, 2)[0] - 1
        chosen = choices[face - 1]
    else:
        chosen = choices[roll(6, f"marker map ({count} markers)", 1, 2)[0] - 1]
    noted(", ".join(chosen))
    return list(chosen)


def _roll_off(sides: int, roll: Roller) -> tuple[list[list[int]], int, list[int]]:
    """Step 10: every side rolls a D6; the sides tied highest roll again until one is highest alone. The winner is
    the Turn Master; the others choose zones after, by their first roll (ties in the order named)."""
    rounds = [roll(10, "roll-off", sides, 6)]
    contenders = list(range(sides))
    while True:
        best = max(rounds[-1][i] for i in contenders)
        contenders = [i for i in contenders if rounds[-1][i] == best]
        if len(contenders) == 1:
            break
        again = roll(10, "roll-off again", len(contenders), 6)
        rounds.append([again[contenders.index(i)] if i in contenders else 0 for i in range(sides)])
    master = contenders[0]
    others = sorted((i for i in range(sides) if i != master), key=lambda i: -rounds[0][i])
    return rounds, master, [master, *others]
