"""Where each unit of a battle is, in a player's words, for the text report, `--json` and the PDF's State column."""

from __future__ import annotations

from dataclasses import dataclass

from builder.battles.model import BattleFile
from builder.battles.spending import Spending
from builder.battles.tracks import UnitState
from builder.scenarios.battle import Judged

COUNTS_AS_LOST = "counts as lost"
"""What a unit in reserve is under a scenario that counts reserves as lost (Warsurge's Deathmatch)."""


@dataclass(frozen=True)
class Place:
    """Where a unit is, and whether the scenario's verdict counts it lost there (in reserve under Deathmatch)."""

    words: str
    """ "in reserve", "embarked in Ursus APC", "on the battlefield"."""
    lost: bool = False

    @property
    def said(self) -> str:
        """The words, with "counts as lost" where it is ("in reserve (counts as lost)")."""
        if not self.lost:
            return self.words
        words = self.words
        return f"{words[:-1]}, {COUNTS_AS_LOST})" if words.endswith(")") else f"{words} ({COUNTS_AS_LOST})"


def place_of(
    battle: BattleFile, judged: Judged | None, spending: Spending | None, side: int, state: UnitState
) -> Place | None:
    """Where the side's unit is, once the battle records places: by the scenario's record of reserves, else by the
    game's resources; lost where it is in reserve and the scenario counts it so. None where nothing records where it
    is, where the unit is destroyed (its line says so) or where its track keeps its own place (Warcaster)."""
    if state.destroyed or state.where:
        return None
    index = state.track.index
    play = battle.play
    recorded = play is not None and side < len(play.reserves) and index in play.reserves[side]
    words, kept = None, None
    if spending is not None:
        words = spending.book.place_words(spending.state, side, index)
        kept = spending.book.in_reserve(spending.state, side)
    if recorded and (kept is None or index not in kept):
        words = "in reserve"  # the scenario's record is what its verdict counts
    if words is None:
        return None
    return Place(words, recorded and judged is not None and judged.outcome.scenario.counts_reserves)


def counted_left(judged: Judged | None, side: int) -> float | None:
    """The points the verdict counts the side to have left where the scenario counts reserves as lost (Deathmatch);
    None elsewhere."""
    if judged is None or not judged.outcome.scenario.counts_reserves or side >= len(judged.table.points_left):
        return None
    return judged.table.points_left[side]
