"""What a new round does by itself where its book says so (McWarrior's Upkeep cools each mech), recorded with the
turn that begins it, so that battle files written before replay as they did."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.battles.model import BattleFile, UnitMark
from builder.battles.tracks import track_at
from builder.game import game

if TYPE_CHECKING:
    from builder.battles.report import BattleResult


def round_begun(shown: BattleResult, before: BattleFile, battle: BattleFile, said: list[str]) -> BattleFile:
    """`battle` (a turn on from `before`; `shown`: the battle as the session shows it) with what the book does to
    each unit by itself where a new round begins (`Track.round_begins`), its words added to `said`; unchanged where
    the round goes on."""
    if battle.turn <= before.turn:
        return battle
    for side in range(battle.side_count):
        tracks = shown.sides[side].tracks if side < len(shown.sides) else ()
        marks, changed = [], False
        for mark in battle.marks(side):
            track = track_at(tracks, mark.index)
            begun = track.round_begins(mark) if track is not None else None
            if begun is not None:
                (mark, words), changed = begun, True
                said.append(words)
                if mark == UnitMark(index=mark.index):  # a mark that says nothing more is dropped, as the tracker does
                    continue
            marks.append(mark)
        if changed:
            battle = battle.with_marks(side, marks)
    return battle


def begun_words(battle: BattleFile, said: list[str]) -> str | None:
    """What a new round's beginning did, in one line named after the game's phase ("Upkeep: Dust Devil cools to heat
    4/2."); None: nothing."""
    if not said:
        return None
    phase = game(battle.game).turns.phase or f"turn {battle.turn}"
    return f"{phase[0].upper()}{phase[1:]}: {'; '.join(said)}."
