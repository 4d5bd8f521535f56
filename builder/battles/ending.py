"""A battle's end: the marks it ended with kept in the file, and marks made after it found and not counted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeGuard

from builder.battles.model import BattleFile, EndMarks, marks_path
from builder.battles.tracks import track_at
from builder.campaigns.ledger import LedgerError
from builder.findings import Finding, error
from builder.scenarios.battle import Judged

if TYPE_CHECKING:
    from builder.battles.report import Side


def is_over(judged: Judged | None) -> TypeGuard[Judged]:
    """Whether the scenario's victory conditions have ended the game."""
    return judged is not None and judged.outcome.over


def ended_reason(judged: Judged | None) -> str:
    """Why the game is over, as the data says it ("Ann: …"; a draw without a winner), for scripts and the journal."""
    winner = judged.outcome.winner if judged is not None else None
    if winner is not None:
        return winner.reason
    return (judged.outcome.draw if judged is not None else None) or "a draw"


def ended_words(judged: Judged | None) -> str:
    """How the game ended, as a player reads it: "Ann wins: the opponent has no models in play (mercy rule)" (a draw
    as `ended_reason` says it)."""
    winner = judged.outcome.winner if judged is not None else None
    return winner.words if winner is not None else ended_reason(judged)


def refuse_after_end(judged: Judged | None) -> None:
    """Nothing that changes the result (a mark, VP, a Leader's fate, a side out, a unit into reserve) is recorded
    once the scenario's victory conditions have ended the game: LedgerError, saying how it ended."""
    if is_over(judged):
        raise LedgerError(f"not recorded: the game is over ({ended_words(judged)})")


def sealed(battle: BattleFile, judged: Judged | None) -> BattleFile:
    """The battle with the marks it ended with, once its scenario says the game is over (none again when the game is
    taken up again)."""
    if is_over(judged) and battle.ended_with is None:
        more = [side.units for side in battle.more_sides]
        ended = EndMarks(units=battle.units, opponent_units=battle.opponent_units, more_sides=more)
        return battle.model_copy(update={"ended_with": ended})
    if not is_over(judged) and battle.ended_with is not None:
        return battle.model_copy(update={"ended_with": None})
    return battle


def as_ended(battle: BattleFile) -> BattleFile:
    """The battle with the marks it ended with in place of its own."""
    ended = battle.ended_with
    assert ended is not None, "only a battle that ended has marks it ended with"
    for side in range(battle.side_count):
        battle = battle.with_marks(side, ended.marks(side))
    return battle


def as_shared(battle: BattleFile, judged: Judged | None) -> BattleFile:
    """The battle as its code carries it: as it ended, while its replay (`judged`) says it has ended (marks made
    after the end never count, so they never travel, and the opponent's Warbench reads the same result)."""
    return as_ended(battle) if battle.ended_with is not None and is_over(judged) else battle


def after_end(battle: BattleFile, judged: Judged, sides: Sequence[Side]) -> list[Finding]:
    """`battle/after-end` for each entry whose mark differs from the one the game ended with."""
    ended = battle.ended_with
    assert ended is not None, "only a battle that ended has marks made after its end"
    findings = []
    for number, side in enumerate(sides):
        key, now, then = marks_path(number), battle.marks(number), ended.marks(number)
        before = {mark.index: mark for mark in then}
        for m, mark in enumerate(now):
            if before.pop(mark.index, type(mark)(index=mark.index)) != mark:
                findings.append(_late(f"{key}[{m}]", _entry(side, mark.index), judged))
        findings += [_late(key, f"{_entry(side, index)} (its mark removed)", judged) for index in sorted(before)]
    return findings


def _entry(side: Side, index: int) -> str:
    track = track_at(side.tracks, index)
    name = track.name if track is not None else f"entry {index + 1}"
    return f"{side.name}: {name}"


def _late(path: str, what: str, judged: Judged) -> Finding:
    return error(
        "battle/after-end",
        path,
        f"{what} marked after the game ended ({ended_words(judged)}); the mark is kept, not counted",
    )
