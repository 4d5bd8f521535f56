"""A battle file replayed against its rosters: each side's marks applied to its units' tracks, checked, and judged
under its scenario, into the `BattleResult` the report, the screen and the commands read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from builder.battles.ending import after_end, as_ended, is_over
from builder.battles.model import BattleFile, UnitMark, marks_path
from builder.battles.report import BattleResult, Side
from builder.battles.spending import replay_spending, standing_of
from builder.battles.tracks import Track, track_at
from builder.campaigns.ledger import LedgerError
from builder.findings import Finding, error, warning
from builder.game import game, short_name_of
from builder.roster.files import LoadedRoster
from builder.scenarios.battle import judge


def tracks_of(loaded: LoadedRoster) -> tuple[Track, ...]:
    """What each entry of a roster brings to the table (its game's rules count the points once)."""
    return tuple(game(loaded.roster.game).battle(loaded.roster, loaded.catalogue))


def side_of(
    name: str,
    loaded: LoadedRoster,
    tracks: tuple[Track, ...],
    marks: list[UnitMark],
    started_with: list[str],
    where: str,
) -> tuple[Side, list[Finding]]:
    """One side's states, and the findings of its marks: `battle/unit` for a mark of no entry (or of an entry the
    roster has changed since the battle began), `battle/left` for more damage than the entry has, or for a mark its
    game does not record (heat on a Warsurge unit)."""
    now = loaded.roster.entry_ids()
    findings: list[Finding] = []
    if started_with and started_with != now:
        gone = [i for i in started_with if i not in now]
        new = [i for i in now if i not in started_with]
        said = (
            "; ".join(
                part
                for part in (f"gone: {', '.join(gone)}" if gone else "", f"new: {', '.join(new)}" if new else "")
                if part
            )
            or "the order changed"
        )
        findings.append(warning("battle/unit", where, f"{name}'s roster changed since the battle began ({said})"))
    by_index: dict[int, UnitMark] = {}
    for m, mark in enumerate(marks):
        path = f"{where}[{m}]"
        track = track_at(tracks, mark.index)
        if track is None:
            findings.append(
                error(
                    "battle/unit",
                    f"{path}.index",
                    f"{name}'s entry {mark.index + 1} joined another unit, whose models its models are; "
                    "the mark is kept, not counted"
                    if mark.index < len(now)
                    else f"{name}'s roster has no entry {mark.index + 1} "
                    f"(it has {len(now)}); the mark is kept, not counted",
                )
            )
        elif started_with and (mark.index >= len(started_with) or started_with[mark.index] != now[mark.index]):
            was = started_with[mark.index] if mark.index < len(started_with) else "nothing"
            findings.append(
                error(
                    "battle/unit",
                    f"{path}.index",
                    f"{name}'s entry {mark.index + 1} was {was} when "
                    f"the battle began, now {now[mark.index]}; the mark is kept, not counted",
                )
            )
        elif mark.index in by_index:
            findings.append(error("battle/unit", f"{path}.index", f"{name}'s entry {mark.index + 1} is marked twice"))
        elif foreign := track.foreign_keys(mark):
            findings += [
                error(
                    "battle/left",
                    f"{path}.{key}",
                    f"{name}: {track.name} records {track.mark_words}, not {key}; the mark is kept, not counted",
                )
                for key in foreign
            ]
        else:
            problems = track.problems(mark)
            findings += [error("battle/left", path, f"{name}: {problem}") for problem in problems]
            if not problems:
                by_index[mark.index] = mark
    states = tuple(track.state(by_index.get(track.index)) for track in tracks)
    return Side(name, loaded, tracks, states), findings


def replay_battle(
    battle: BattleFile,
    rosters: Sequence[LoadedRoster],
    tracks: tuple[tuple[Track, ...], ...] | None = None,
) -> BattleResult:
    """Every side as the marks leave it, every finding located (`rosters`: one per side, ours first; `tracks`:
    their tracks, when the caller keeps them between marks). Once the game has ended, the marks it ended with count,
    and any made after are `battle/after-end` findings."""
    result = None
    if battle.ended_with is not None:
        at_end = _replayed(as_ended(battle), rosters, tracks)
        if is_over(at_end.judged):
            late = after_end(battle, at_end.judged, at_end.sides)
            result = BattleResult(battle, at_end.sides, at_end.findings + tuple(late), at_end.judged)
    result = result or _replayed(battle, rosters, tracks)
    leaders = result.judged.outcome.leaders if result.judged is not None else ()
    standing = standing_of([side.states for side in result.sides], leaders)
    mode = result.judged.outcome.mode if result.judged is not None else None  # one truth: the scenario's
    spending = replay_spending(battle, rosters, is_over(result.judged), standing, mode)
    if spending is None:
        return result
    return replace(result, spending=spending, findings=result.findings + spending.refused)


WHO = ("our roster", "the opponent's roster")


def _replayed(
    battle: BattleFile,
    rosters: Sequence[LoadedRoster],
    tracks: tuple[tuple[Track, ...], ...] | None = None,
) -> BattleResult:
    for s, loaded in enumerate(rosters):
        if loaded.roster.game != battle.game:
            who = WHO[s] if s < len(WHO) else f"side {s + 1}'s roster"
            theirs, ours = short_name_of(loaded.roster.game), short_name_of(battle.game)
            raise LedgerError(f"{who} is a {theirs} roster; a {ours} battle needs {ours} rosters")
    tracks = tracks or tuple(tracks_of(loaded) for loaded in rosters)
    players = battle.play.players if battle.play else []
    sides: list[Side] = []
    findings: list[Finding] = []
    for s, loaded in enumerate(rosters):
        name = loaded.roster.name or ("Us" if s == 0 else "Opponent" if s == 1 else f"Side {s + 1}")
        side, more = side_of(name, loaded, tracks[s], battle.marks(s), battle.started_with(s), marks_path(s))
        sides.append(replace(side, player=players[s] if s < len(players) else None))
        findings += more
    if len(rosters) < 2 and battle.opponent_units:
        findings.append(error("battle/unit", "opponent_units", "marks for an opponent the battle does not name"))
    judged, verdict = judge(battle, tuple(sides))
    leaders = judged.outcome.leaders if judged is not None else ()
    sides = [_as_recorded(side, leaders[s] if s < len(leaders) else "") for s, side in enumerate(sides)]
    return BattleResult(battle, tuple(sides), tuple(findings + verdict), judged)


def _as_recorded(side: Side, leader: str) -> Side:
    """The side with its Leader as the scenario's record has it, as the bar and its focus line say: vulnerable
    (Execution Mode) at 0 boxes, in play rather than destroyed, or recorded so with boxes left; destroyed by the
    record (anything Assassination Mode counts, an enemy Leader's attack) with boxes left on the tracker, shown
    destroyed, with none left."""
    states = tuple(
        replace(st, vulnerable=True)
        if leader == "vulnerable" and st.track.leader
        else replace(st, models_left=0, boxes_left=0, remaining=0.0, struck=st.boxes_left)
        if leader == "destroyed" and st.track.leader and st.models_left > 0
        else st
        for st in side.states
    )
    return replace(side, states=states)
