"""Warsurge Advanced command points as a battle holds them: every player's CP and where each unit is (`Spend`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from builder.games.warsurge.command_points import CommandPoints


@dataclass(frozen=True)
class Spend:
    """Each player's CP, the game turn whose CP were last rolled (0: none yet), the game turn the battle is at, and
    whether the game is over (no game turn's dice are asked for then)."""

    sides: tuple[CommandPoints, ...]
    rolled: int = 0
    game_turn: int = 1
    over: bool = False
    placing: bool = False
    """Whether the table places its units (it plays Advanced, chosen so or by recording command points): else a unit
    never placed is nowhere the battle knows, not in reserve."""
    destroyed: tuple[frozenset[int], ...] = ()
    """Each side's units destroyed on the tracker, as the battle shows them (`standing`): a casualty of theirs is
    the tracker's place, any other the player's."""
    recording: bool = False
    """Whether what comes next is being recorded (`standing`), not replayed: the checks added since apply to it."""
    loads: tuple[tuple[Mapping[int, float], Mapping[int, int]], ...] = ()
    """Each side's units' points and its transports' Transport points (`places.room_for`)."""
