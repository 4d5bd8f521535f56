"""Which units wait in reserve, by the scenario's record and by where a game's resources place them: kept in step at
the moment either is recorded (never at replay, so a battle file written before reads with the verdict it had)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.scenarios.record import ScenarioPlay

if TYPE_CHECKING:
    from builder.battles.model import BattleFile
    from builder.battles.report import BattleResult

IN_RESERVE = "is in reserve, not on the battlefield: it cannot be attacked until it is deployed"


def out_of_reach(battle: BattleFile, result: BattleResult, side: int, index: int) -> str | None:
    """Why the side's unit cannot be attacked now, as words after its name: in reserve by the scenario's record, or
    where the game's resources place it so (Warsurge: in reserve, or embarked in a transport without Fire Points);
    None where it can be."""
    spending = result.spending
    if in_reserves(battle, side, index):
        return IN_RESERVE
    if spending is None:
        return None
    return spending.book.out_of_reach(spending.state, side, index)


def kept_in_step(battle: BattleFile, result: BattleResult, side: int | None) -> BattleFile:
    """`battle` (just changed; `result`, its replay) with the scenario's reserves of `side` (None: every side, as the
    table's own events concern) set to the units the game's resources keep in reserve, where the scenario counts
    units in reserve (Warsurge's Deathmatch) and the resources know where the side's units are; else unchanged."""
    judged, spending = result.judged, result.spending
    if judged is None or not judged.outcome.scenario.counts_reserves or spending is None:
        return battle
    play = battle.play or ScenarioPlay()
    reserves = [list(entries) for entries in play.reserves]
    for s in range(len(result.sides)) if side is None else [side]:
        units = spending.book.in_reserve(spending.state, s)
        if units is not None:
            reserves += [[] for _ in range(s + 1 - len(reserves))]
            reserves[s] = sorted(units)
    while reserves and not reserves[-1]:
        reserves.pop()
    if reserves == play.reserves:
        return battle
    return battle.model_copy(update={"play": play.model_copy(update={"reserves": reserves})})


def reserve_event(result: BattleResult, side: int, index: int, into: bool) -> dict[str, Any] | None:
    """The event the game's resources record with a unit put into the scenario's reserves (`into`) or taken out of
    them (Warsurge: its place), or None where they keep no places for the side."""
    spending = result.spending
    return spending.book.reserve_event(spending.state, side, index, into) if spending is not None else None


def in_reserves(battle: BattleFile, side: int, index: int) -> bool:
    """Whether the scenario's record holds the side's unit in reserve."""
    play = battle.play
    return play is not None and side < len(play.reserves) and index in play.reserves[side]
