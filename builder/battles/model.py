"""The battle file (`kind = "battle"`): our roster and the opponent's, the turn, and what each unit has taken."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from builder.campaigns.ledger import LedgerHeader, LedgerModel
from builder.game import GAMES
from builder.roster.common import PathOrCode, PathText
from builder.scenarios.record import ScenarioPlay
from catalog.slug import SLUG_PATTERN

PartId = Annotated[str, Field(pattern=SLUG_PATTERN, max_length=80)]


def _installed(game: str) -> str:
    if game not in GAMES:
        raise ValueError(f"unknown game (expected one of {', '.join(GAMES)})")
    return game


GameId = Annotated[str, Field(max_length=40), AfterValidator(_installed)]
"""The id of a game Warbench has installed."""


class UnitMark(LedgerModel):
    """What one roster entry has taken so far; an entry without a mark is untouched."""

    index: int = Field(ge=0, le=9_999)
    """The entry's place in the roster's list of units (or mechs), from 0."""
    damage: list[Annotated[int, Field(ge=0, le=999)]] = Field([], max_length=200)
    """Warcaster and Warmachine: damage boxes marked on each model in turn; a model whose damage reaches its boxes
    is a casualty."""
    models: int | None = Field(None, ge=0, le=100_000)
    """Warsurge: the models still standing (None: all of them)."""
    hp: int | None = Field(None, ge=0, le=10_000_000)
    """Warsurge: the HP the unit has left in all (None: all of it)."""
    lost: dict[PartId, Annotated[int, Field(ge=0, le=99)]] = {}
    """McWarrior: points lost per body part."""
    heat: int = Field(0, ge=0, le=99)
    """McWarrior: the mech's current heat."""
    upgrades_lost: list[PartId] = Field([], max_length=10)
    """McWarrior: the upgrade slots (head, torso, left-arm, right-arm, legs) whose upgrade a critical hit destroyed;
    a critical hit on either leg takes the legs' upgrade."""
    status: Literal["reserve", "play", "removed"] | None = None
    """Warcaster: where the unit is: in reserve (where every unit begins), in play, or removed from the game (a
    destroyed hero). Not given: in play when it has damage, else in reserve."""
    returned: int = Field(0, ge=0, le=999)
    """Warcaster: how many times the unit was destroyed and went back to the reserves."""


class EndMarks(LedgerModel):
    """Each side's marks at the moment the scenario's victory conditions ended the game."""

    units: list[UnitMark] = Field([], max_length=10_000)
    opponent_units: list[UnitMark] = Field([], max_length=10_000)


class BattleFile(LedgerHeader):
    """A battle in play, replayed against the rosters it names (paths relative to the file)."""

    kind: Literal["battle"]
    game: GameId
    roster: PathText
    """Our roster: a path."""
    opponent: PathOrCode | None = None
    """The opponent's roster: a path, or a share code."""
    turn: int = Field(1, ge=1, le=99)
    roster_ids: list[str] = Field([], max_length=10_000)
    """The ids of our roster's entries when the battle began: a roster changed since is noticed, and said how."""
    opponent_ids: list[str] = Field([], max_length=10_000)
    units: list[UnitMark] = Field([], max_length=10_000)
    opponent_units: list[UnitMark] = Field([], max_length=10_000)
    scenario: PartId | None = None
    """The scenario the battle is played under (`warbench scenario list`): VP, rounds and the winner by its
    conditions."""
    play: ScenarioPlay | None = None
    """What the scenario counts: players and teams, VP and Leader events, the table's verdict."""
    ended_with: EndMarks | None = None
    """The marks when the game ended (written by Warbench as it ends): a mark that differs from them was made after
    the end, and is kept, not counted."""

    def marks(self, side: int) -> list[UnitMark]:
        """Side 0 is ours, side 1 the opponent's."""
        return self.units if side == 0 else self.opponent_units
