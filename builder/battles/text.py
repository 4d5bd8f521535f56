"""A battle's report as plain text: each side's units with what they have left, points and the leader."""

from __future__ import annotations

import math
from collections.abc import Sequence

from builder.battles.ending import is_over
from builder.battles.places import counted_left
from builder.battles.report import BattleResult, Side
from builder.battles.tracks import WHERE, UnitState
from builder.points import show as _points
from builder.scenarios.battle import judged_lines
from builder.scenarios.edits import length_reminder
from catalog.wording import listed


def side_lines(
    side: Side, name: str = "", places: Sequence[str | None] = (), counted: float | None = None
) -> list[str]:
    """A side's line of points left, then a line a unit (`name`: the side's name as told apart from another's;
    `places`: where each unit is, in the order of its states, once the battle records it; `counted`: the points the
    scenario's verdict counts where they differ, reserves counting as lost)."""
    lines = [f"{name or side.title}: {_points(side.remaining)} of {_points(side.points)} points left ({side.percent}%)"]
    if counted is not None and not math.isclose(counted, side.remaining):
        lines[0] += f"; {_points(counted)} counted, reserves lost"
    for n, state in enumerate(side.states):
        track = state.track
        status, mark = left_words(state)
        place = places[n] if n < len(places) else None
        mark += f"  {place}" if place else ""
        lines.append(f"  {track.name:<28} {_points(state.remaining):>7}/{_points(track.points):<7} {status}{mark}")
    return lines


def left_words(state: UnitState) -> tuple[str, str]:
    """What a unit has left ("2/3 models, 5/9 boxes"; a mech's heat and parts) and how it stands ("  destroyed", a
    Warcaster unit's place), as the report prints them."""
    track = state.track
    status = track.left_words(state)
    mark = "  destroyed" if state.destroyed else "  vulnerable" if state.vulnerable else ""
    if state.where:
        mark = f"  {WHERE[state.where]}" + (f", destroyed {state.returned}×" if state.returned else "")
    return status, mark


def battle_text(result: BattleResult) -> list[str]:
    judged = result.judged
    when = f"turn {result.battle.turn}"
    if judged is not None and judged.past_last is not None:
        when = f"game over after {judged.round_word} {judged.past_last}"
    elif judged is not None and judged.scoring_last is not None:
        when = f"end of {judged.round_word} {judged.scoring_last}"
    elif is_over(judged):  # the scenario's conditions ended it sooner
        when = result.turn_words()
    lines = [f"Battle, {when}: {'valid' if result.valid else 'NOT VALID'}"]
    for number, (side, name) in enumerate(zip(result.sides, result.titles)):
        places = [place.said if (place := result.place(number, state)) else None for state in side.states]
        lines += side_lines(side, name, places, counted_left(result.judged, number))
        if result.spending is not None:
            lines.append(f"  {result.spending.summary(number)}")
    if result.leader and not is_over(result.judged):  # else the winner's line says it
        lines.append(f"ahead: {result.leader} ({_measure(result)})")
    elif result.won_on_vp and not is_over(result.judged) and result.judged is not None:
        vp = result.judged.outcome.unit_vp(result.judged.table)
        lines.append(f"level: nobody ahead (VP: {' against '.join(map(str, vp))})")
    if result.judged:
        lines += judged_lines(result.judged)
    if reminder := length_reminder(result.battle):
        lines.append(f"{reminder} (`battle turn --end-roll`)")
    return lines + listed([f"  {f.severity:<7} {f.code:<14} {f.path}: {f.message}" for f in result.findings])


def _measure(result: BattleResult) -> str:
    """What put the leader ahead, the leader's first: VP, points left, or the share of each army left."""
    if standing := result.vp_standing:
        return f"VP: {' against '.join(str(vp) for _, vp in standing)}"
    left = sorted(result.standing, key=lambda pair: pair[0] != result.leader)
    if result.ahead_by == "points":
        return f"points left: {' against '.join(_points(value) for _, value in left)}"
    return f"share of each army left: {' against '.join(f'{round(100 * share)}%' for _, share in left)}"
