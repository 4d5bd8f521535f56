"""A narrative in play (`kind = "narrative-play"`): the narrative, the players and their rosters, and a log of
what happened, replayed from the start like every Warbench ledger."""

from __future__ import annotations

import random
import re
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints

from builder.campaigns.ledger import LedgerHeader, LedgerModel, validate_model
from builder.games.warsurge.narrative.model import Square

UNIT_REF = re.compile(r"^(?:[1-8]:[1-9][0-9]{0,2}|[A-Z][0-9]{1,2})$")
UnitRef = Annotated[str, StringConstraints(pattern=UNIT_REF.pattern)]
"""A player's unit as PLAYER:N (both from 1: "2:3"), or an enemy unit by its id ("L2")."""
SHORT_MOST = 120
"""Characters a name in a play (a player's, a perk's, a choice's) has at most."""
Short = Annotated[str, StringConstraints(min_length=1, max_length=SHORT_MOST)]
SEED_BITS = 32
"""The size of a play's seed (a share code carries it in as many bits)."""
What = Literal["damage", "casualty", "perk", "revive", "choose", "challenge", "alert", "move", "turn", "next", "end"]


class Player(LedgerModel):
    """A player and the roster they play (relative to the file)."""

    name: Short
    roster: Annotated[str, StringConstraints(min_length=1, max_length=1000)]


class Entry(LedgerModel):
    """One thing that happened, in order: each `what` takes the keys it needs."""

    what: What
    unit: UnitRef | None = None
    """damage, casualty, perk, revive, alert, move: the unit."""
    amount: int | None = Field(None, ge=-10_000, le=10_000)
    """damage: HP lost (negative: restored)."""
    by: UnitRef | None = None
    """damage: the player unit that did it (an enemy's Threat counts it; healing a player unit counts as healing)."""
    perk: Short | None = None
    """perk, revive: the perk used."""
    event: Short | None = None
    choice: Short | None = None
    challenge: Short | None = None
    outcome: Literal["passed", "failed", "won", "lost"] | None = None
    """challenge: passed or failed; end: won or lost."""
    square: Square | None = None
    """move: the square of the map an enemy unit moved to (a Guard's patrol or roam)."""


class NarrativePlay(LedgerHeader):
    """The narrative being played, its party, and the log."""

    kind: Literal["narrative-play"]
    game: Literal["warsurge"]
    narrative: Annotated[str, StringConstraints(min_length=1, max_length=1000)]
    """The narrative file, relative to this one, or a bundled narrative's id."""
    players: list[Player] = Field(min_length=1, max_length=8)
    seed: int | None = Field(None, ge=0, lt=2**SEED_BITS)
    """What the director's dice come from, made at random when the play starts: a new play of the same narrative by
    the same players rolls afresh, and this one rolls the same each time it is asked. Not given (a file written
    before): the dice come from the players and their units, as they did."""
    log: list[Entry] = Field([], max_length=20_000)


def new_play(name: str, narrative: str, players: list[Player], rng: random.Random) -> NarrativePlay:
    """A play about to begin, its director's dice seeded from `rng` (the system's randomness at the table)."""
    return NarrativePlay(
        warbench=1,
        kind="narrative-play",
        game="warsurge",
        name=name,
        narrative=narrative,
        players=players,
        seed=rng.getrandbits(SEED_BITS),
    )


def read_play(data: dict[str, Any], source: str) -> NarrativePlay:
    """Parsed narrative-in-play data as its model (its header checked already); one LedgerError line for a mistake."""
    play: NarrativePlay = validate_model(NarrativePlay, data, source)
    return play


def player_ref(player: int, unit: int) -> str:
    """'2:3' for the third unit of the second player (both from 0 here)."""
    return f"{player + 1}:{unit + 1}"


def parse_player_ref(ref: str) -> tuple[int, int] | None:
    """(player, unit) from 0 for 'P:N', or None for an enemy id."""
    if ":" not in ref:
        return None
    player, unit = ref.split(":")
    return int(player) - 1, int(unit) - 1
