"""What a battle file records for its scenario (`[play]`): players and teams, VP and Leader events, the verdict."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from builder.campaigns.ledger import LedgerModel
from builder.turns import MAX_SIDES
from catalog.slug import SLUG_PATTERN

MAX_EVENTS = 2_000
Id = Annotated[str, Field(pattern=SLUG_PATTERN, max_length=80)]
Side = Annotated[int, Field(ge=0, lt=MAX_SIDES)]


class EventMark(LedgerModel):
    """One thing that happened, in the order it happened: exactly one of `vp`, `leader` or `out`."""

    side: Side
    """Who it happened to (or who scored): 0 is our roster, 1 the opponent's; McWarrior players 2 and 3 next."""
    round: int = Field(ge=1, le=99)
    """The round (Pulse round, game turn) it happened in."""
    turn: Side | None = None
    """Whose player turn it happened in, where the game's rounds are made of player turns (None: not recorded, or
    a game whose round is one turn): with `round`, the moment it belongs to, so the order things were typed in
    never changes a result."""
    vp: int | None = Field(None, ge=0, le=99)
    """VP scored (0: a turn's scoring with nothing secured, which still counts as that turn's scoring)."""
    mission: Id | None = None
    """VP from a secondary mission or an extra (cache, kill-box) instead of the scenario's own scoring."""
    leader: Literal["enemy-leader", "other", "recovered"] | None = None
    """Warmachine: the side's Leader would be destroyed by an enemy Leader's attack or by anything else, or
    recovered from being vulnerable at its controller's turn start."""
    out: bool = False
    """The side has nothing left in the game."""

    @model_validator(mode="after")
    def _one_thing(self) -> EventMark:
        said = (self.vp is not None) + (self.leader is not None) + self.out
        if said != 1:
            raise ValueError("an event is exactly one of: vp, leader, out")
        if self.mission is not None and self.vp is None:
            raise ValueError("mission goes with vp")
        return self


REASON_MOST = 200
"""Characters a declared verdict's reason has at most."""


class Declared(LedgerModel):
    """The table's verdict where the tracker cannot see the condition (a hill held two turns, a concession)."""

    side: Side
    reason: str = Field(min_length=1, max_length=REASON_MOST)


class LengthRoll(LedgerModel):
    """The Turn Master's D6 at the end of a game turn, in a game of Random length (Warsurge): 4+ goes on."""

    turn: int = Field(ge=1, le=99)
    roll: int = Field(ge=1, le=6)


class ScenarioPlay(LedgerModel):
    """The scenario's side of a battle in play."""

    players: list[Annotated[str, Field(min_length=1, max_length=60)]] = Field([], max_length=MAX_SIDES)
    """The players' names, one per side, when they are not the rosters' (a battle written before every side had a
    roster may name McWarrior players beyond the two rosters: they score and drop out, their mechs not tracked)."""
    teams: list[list[Side]] = Field([], max_length=MAX_SIDES)
    """Teams, by side: each side in one (McWarrior's two; Warsurge's any number)."""
    attacker: Side | None = None
    """Warmachine: the red player (attacker), who takes each round's first turn."""
    first: Side | None = None
    """Warcaster: the player who takes each Pulse round's first turn (unset: side 0)."""
    mode: Literal["execution", "assassination"] | None = None
    """Warmachine: Execution or Assassination Mode (unset: Execution at 50 points or less, else Assassination)."""
    secondaries: list[list[Id]] = Field([], max_length=MAX_SIDES)
    """Warcaster: each side's chosen secondary missions."""
    secondaries_each: int | None = Field(None, ge=1, le=5)
    """Warcaster: how many secondary missions the table agreed each player may choose (the book gives no number;
    unset: the scenario's, one in a primary mission)."""
    reserves: list[list[Annotated[int, Field(ge=0, le=9_999)]]] = Field([], max_length=MAX_SIDES)
    """Per roster, the entries still in reserve (Warsurge Deathmatch counts them as casualties at the end)."""
    length: Literal["conflict", "random", "set", "custom"] | None = None
    """How long the game goes, where the players chose (Warsurge's game length): Set and Custom play `rounds`;
    Conflict and Random may end from the end of game turn 4 (the players' `over`), Random by turn 10 at the latest.
    Unset: the scenario's own rounds."""
    rounds: int | None = Field(None, ge=1, le=99)
    """With `length` set or custom: the last round."""
    length_rolls: list[LengthRoll] = Field([], max_length=99)
    """With `length` random: the D6 rolled at the end of each game turn from the 4th (a roll under 4 ended the game
    there)."""
    combined: list[Id] = Field([], max_length=2)
    """Game types played together with the scenario (Warsurge: objectives, territory and/or deathmatch): their OP add
    up each turn, and a combined Deathmatch gives 1 OP for every 10% of a roster left at the end."""
    playstyle: Literal["standard", "advanced"] | None = None
    """Warsurge: Standard phases, or Advanced command points and actions (unset: either; command points are tracked
    once the table records them)."""
    time_attack: int | None = Field(None, ge=1, le=600)
    """Time Attack's seconds to decide (the battle screen's timer)."""
    no_mercy: bool = False
    """The players agreed to leave out the mercy rule, where the scenario lets them (Warcaster's skirmish missions);
    unset: the scenario's rule holds."""
    point_limit: int | None = Field(None, ge=1, le=100_000)
    """The game's point limit the players agreed in the set-up (Warsurge: the Turn Master's CP dice, one D6 per 500
    points of it); unset: the largest roster's limit."""
    over: bool = False
    """The game has ended: the last round was played and scored."""
    ending: bool = False
    """The battle has played its last round and is at that round's end, scoring it (where the scenario scores each
    round at its end): the game ends when the players go on (`battle turn`), end it or declare. Recorded as the
    battle reaches it, so a battle written before, moved past its last round, ended there as it did."""
    declared: Declared | None = None
    events: list[EventMark] = Field([], max_length=MAX_EVENTS)
