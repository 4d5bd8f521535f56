"""The battle file (`kind = "battle"`): our roster, the opponent's and any more, the turn, and what each unit has
taken.

A battle of two sides is written as battles always were (`roster`, `opponent`, `units`, `opponent_units`), so an
older Warbench still reads it; the third side on goes in `more_sides`. `side_count`, `marks`, `source` and
`with_marks` read and change any side by its number the same way."""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    AfterValidator,
    Field,
    SerializeAsAny,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    WrapValidator,
    model_validator,
)

from builder.campaigns.ledger import LedgerHeader, LedgerModel
from builder.game import GAMES, game
from builder.roster.common import PathOrCode, PathText
from builder.scenarios.record import ScenarioPlay
from builder.turns import MAX_SIDES, MAX_STEPS, Moment
from catalog.slug import SLUG_PATTERN
from catalog.wording import shown

PartId = Annotated[str, Field(pattern=SLUG_PATTERN, max_length=80)]


def _installed(game: str) -> str:
    if game not in GAMES:
        raise ValueError(f"unknown game (expected one of {', '.join(GAMES)})")
    return game


GameId = Annotated[str, Field(max_length=40), AfterValidator(_installed)]
"""The id of a game Warbench has installed."""


class UnitMark(LedgerModel):
    """What one roster entry has taken so far; an entry without a mark is untouched. This is the engine's mark, the
    damage boxes its box tracks fill; a game that records more extends it in its own package (`Game.mark_model`)."""

    index: int = Field(ge=0, le=9_999)
    """The entry's place in the roster's list of units (or mechs), from 0."""
    damage: list[Annotated[int, Field(ge=0, le=999)]] = Field([], max_length=200)
    """Damage boxes marked on each model in turn; a model whose damage reaches its boxes is a casualty."""

    def is_blank(self) -> bool:
        """Whether it marks nothing (a blank mark is dropped from the file)."""
        return self == type(self)(index=self.index)


MarkT = TypeVar("MarkT", bound=UnitMark)


def as_model(mark: UnitMark, model: type[MarkT]) -> MarkT:
    """The mark as a game's own model: itself where it is one (a battle's marks are read so), else the same keys
    read as it (a blank mark the engine made)."""
    return mark if isinstance(mark, model) else model.model_validate(mark.model_dump(exclude_defaults=True))


def mark_model(game_id: object) -> type[UnitMark]:
    """The model of a unit's mark in a battle of `game_id`: the game's own, or the engine's where it records no more
    than damage boxes (or the game is not installed, which the battle's `game` key reports)."""
    found = game(game_id).mark_model if isinstance(game_id, str) and game_id in GAMES else None
    return found or UnitMark


FOREIGN_NAMED = 5
"""The most keys a game's marks lack that the refusal names (each by a short prefix); the rest are counted."""


def _games_mark(value: object, handler: ValidatorFunctionWrapHandler, info: ValidationInfo) -> UnitMark:
    """A mark read as the model its battle's game gives (the validation context's `mark`, set by `read_context`);
    one already made is kept as it is. A key the game's marks do not have (heat on a Warsurge unit) is named with
    the keys they do."""
    if isinstance(value, UnitMark):
        return value
    model: type[UnitMark] = (info.context or {}).get("mark", UnitMark)
    if isinstance(value, dict) and (foreign := [str(key) for key in value if key not in model.model_fields]):
        kept = ", ".join(key for key in model.model_fields if key != "index")
        named = ", ".join(shown(key, quoted=False) for key in foreign[:FOREIGN_NAMED])
        more = f" and {len(foreign) - FOREIGN_NAMED:,} more" if len(foreign) > FOREIGN_NAMED else ""
        raise ValueError(f"a {(info.context or {}).get('game', 'unit')} mark has no {named}{more} (it keeps {kept})")
    return model.model_validate(value, context=info.context)


GameMark = Annotated[SerializeAsAny[UnitMark], WrapValidator(_games_mark)]
"""A unit's mark in a battle file: validated, and written back, as its game's own model."""


def read_context(data: dict[str, Any]) -> dict[str, Any]:
    """What a battle file's data is validated with: its game's mark model, and the game's name to say it with."""
    game_id = data.get("game")
    name = game(game_id).short_name if isinstance(game_id, str) and game_id in GAMES else "unit"
    return {"mark": mark_model(game_id), "game": name}


class EndMarks(LedgerModel):
    """Each side's marks at the moment the scenario's victory conditions ended the game."""

    units: list[GameMark] = Field([], max_length=10_000)
    opponent_units: list[GameMark] = Field([], max_length=10_000)
    more_sides: list[list[GameMark]] = Field([], max_length=MAX_SIDES - 2)
    """The third side's marks on."""

    def marks(self, side: int) -> list[UnitMark]:
        if side < 2:
            return self.units if side == 0 else self.opponent_units
        return self.more_sides[side - 2] if side - 2 < len(self.more_sides) else []


MAX_SPENT = 5_000
"""Resource events a battle holds at most."""
Value = Annotated[int, Field(ge=-9_999, le=9_999)] | bool | Annotated[str, Field(max_length=80)]
SEED_PATTERN = r"^[A-Za-z0-9-]{1,32}$"


class SpentMark(LedgerModel):
    """One thing done with what a turn spends (`Game.resources`): who did it, at which moment, and the event as the
    game reads it (`{kind = "charge", unit = 2}`)."""

    side: Annotated[int, Field(ge=0, lt=MAX_SIDES)] | None = None
    """Whose it is (None: the whole table's, as the Turn Master's roll)."""
    round: int = Field(ge=1, le=99)
    turn: Annotated[int, Field(ge=0, lt=MAX_SIDES)] | None = None
    """Whose player turn it was, where the game's rounds have player turns."""
    step: Annotated[int, Field(ge=0, lt=MAX_STEPS)] | None = None
    """How many player turns into the round it was (where a side takes several turns in a round: Warcaster's Pulse
    round; None: the side's first turn of the round)."""
    event: dict[Annotated[str, Field(max_length=40)], Value | list[Value]] = Field(max_length=20)

    @property
    def moment(self) -> Moment:
        return Moment(self.round, self.turn, self.step)


class MoreSide(LedgerModel):
    """A side after the opponent (McWarrior's third and fourth player, Warsurge's more): its roster and marks; its
    player's name and team are the scenario's `play.players` and `play.teams`, as the first two sides' are."""

    roster: PathOrCode
    """Its roster: a path (relative to the battle file), or a share code."""
    ids: list[str] = Field([], max_length=10_000)
    """Its roster's entry ids when the battle began."""
    units: list[GameMark] = Field([], max_length=10_000)


class BattleFile(LedgerHeader):
    """A battle in play, replayed against the rosters it names (paths relative to the file). Validate its data with
    `read_context(data)`, as `battle_from_data` does, for its marks to be read as its game's."""

    kind: Literal["battle"]
    game: GameId
    roster: PathText
    """Our roster: a path."""
    opponent: PathOrCode | None = None
    """The opponent's roster: a path, or a share code."""
    turn: int = Field(1, ge=1, le=99)
    """The round (Pulse round, game turn) the battle is in."""
    step: int = Field(0, ge=0, lt=MAX_STEPS)
    """Player turns played in this round, where the game's rounds are made of player turns (Warmachine, Warcaster):
    0 is the first player's turn."""
    seed: str | None = Field(None, pattern=SEED_PATTERN)
    """What the battle's deals and dice come from (written when it begins): a replay, and the opponent's Warbench
    reading its code, deal the same Cyphers."""
    roster_ids: list[str] = Field([], max_length=10_000)
    """The ids of our roster's entries when the battle began: a roster changed since is noticed, and said how."""
    opponent_ids: list[str] = Field([], max_length=10_000)
    units: list[GameMark] = Field([], max_length=10_000)
    opponent_units: list[GameMark] = Field([], max_length=10_000)
    more_sides: list[MoreSide] = Field([], max_length=MAX_SIDES - 2)
    """The third side on, each with its roster (needs the opponent's)."""
    scenario: PartId | None = None
    """The scenario the battle is played under (`warbench scenario list`): VP, rounds and the winner by its
    conditions."""
    play: ScenarioPlay | None = None
    """What the scenario counts: players and teams, VP and Leader events, the table's verdict."""
    spent: list[SpentMark] = Field([], max_length=MAX_SPENT)
    """What each turn spent (Arc, Cyphers, command points, focus), in the order it was recorded; replayed in the
    order of its moments."""
    ended_with: EndMarks | None = None
    """The marks when the game ended (written by Warbench as it ends): a mark that differs from them was made after
    the end, and is kept, not counted."""

    @model_validator(mode="after")
    def _first_seated(self) -> BattleFile:
        """Who goes first, and who attacks, sit at the table: a turn order starting nowhere would leave every player
        turn no one's (Warmachine's attacker takes each round's first turn, scenario or not)."""
        for name in ("first", "attacker"):
            side = getattr(self.play, name) if self.play else None
            if side is not None and side >= self.seats:
                raise ValueError(f"play.{name}: no side {side} (the battle seats {self.seats}: 0 to {self.seats - 1})")
        return self

    @property
    def side_count(self) -> int:
        """The sides with a roster: ours, the opponent's, and any more."""
        return (2 + len(self.more_sides)) if self.opponent else 1

    @property
    def seats(self) -> int:
        """The sides at the table: one per roster, or per player where an older battle named players without one."""
        return max(self.side_count, len(self.play.players) if self.play else 0)

    @property
    def first_player(self) -> int | None:
        """Who takes each round's first player turn: the attacker (Warmachine), the player the table chose
        (Warcaster: side 0 unless said), or nobody (None: the game's rounds have no player turns, or the attacker
        is not named)."""
        turns, play = game(self.game).turns, self.play
        if turns.first == "attacker":
            return play.attacker if play else None
        if turns.first == "chosen":
            return play.first if play and play.first is not None else 0
        return None

    def moment(self) -> Moment:
        """The round the battle is in and whose player turn it is."""
        return game(self.game).turns.moment(self.turn, self.step, self.seats, self.first_player)

    def source(self, side: int) -> str:
        """Where side `side`'s roster is: a path relative to the file, or a share code."""
        if side == 0:
            return self.roster
        if side == 1 and self.opponent:
            return self.opponent
        return self.more_sides[side - 2].roster

    def started_with(self, side: int) -> list[str]:
        """Side `side`'s roster's entry ids when the battle began."""
        if side < 2:
            return self.roster_ids if side == 0 else self.opponent_ids
        return self.more_sides[side - 2].ids

    def marks(self, side: int) -> list[UnitMark]:
        """Side 0 is ours, side 1 the opponent's, then the more sides in order."""
        if side < 2:
            return self.units if side == 0 else self.opponent_units
        return self.more_sides[side - 2].units if side - 2 < len(self.more_sides) else []

    def mark_of(self, side: int, index: int) -> UnitMark:
        """The entry's mark (a blank one where it has none)."""
        return next((m for m in self.marks(side) if m.index == index), mark_model(self.game)(index=index))

    def with_mark(self, side: int, mark: UnitMark) -> BattleFile:
        """The battle with `mark` in place of its entry's, the side's marks in entry order."""
        others = [m for m in self.marks(side) if m.index != mark.index]
        return self.with_marks(side, sorted([*others, mark], key=lambda m: m.index))

    def with_marks(self, side: int, marks: list[UnitMark]) -> BattleFile:
        """The battle with side `side`'s marks replaced."""
        if side < 2:
            return self.model_copy(update={"units" if side == 0 else "opponent_units": marks})
        more = list(self.more_sides)
        more[side - 2] = more[side - 2].model_copy(update={"units": marks})
        return self.model_copy(update={"more_sides": more})


def marks_path(side: int) -> str:
    """Where side `side`'s marks are in the battle file."""
    return ("units", "opponent_units")[side] if side < 2 else f"more_sides[{side - 2}].units"
