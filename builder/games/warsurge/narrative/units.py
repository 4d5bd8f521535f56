"""Marking a unit in play: damage, healing and casualties on a player's unit or an enemy unit, and what is wrong
with a unit the party or the stage lacks."""

from __future__ import annotations

from builder.battles.model import UnitMark
from builder.battles.tracks import Track
from builder.games.warsurge.narrative.play import Entry, parse_player_ref
from builder.games.warsurge.narrative.state import PlayResult
from builder.games.warsurge.unit_mark import LeftMark
from catalog.wording import counted

STAGE = "narrative/stage"


def hit(result: PlayResult, entry: Entry) -> tuple[str, str] | None:
    assert entry.unit is not None
    ref = parse_player_ref(entry.unit)
    if problem := ref_problem(result, entry.unit):
        return STAGE, problem
    if entry.by is not None and (problem := _by_problem(result, entry.by)):
        return STAGE, problem
    track, mark = _unit(result, entry.unit)
    if track is None:
        return STAGE, f"no unit {entry.unit}"
    before = track.state(result.current_mark(entry.unit)).boxes_left
    if entry.what == "damage" and (entry.amount or 0) < 0 and before == track.full:
        return STAGE, f"{unit_label(result, entry.unit)} is unhurt ({before}/{track.full} HP): nothing to heal"
    mark = track.casualty(mark) if entry.what == "casualty" else track.take(mark, entry.amount or 0)
    if ref is None:
        result.enemy_marks[entry.unit] = mark
    else:
        result.player_marks[ref] = mark
    lost = before - track.state(mark).boxes_left
    by = parse_player_ref(entry.by) if entry.by else None
    if by is not None:
        name = result.party.unit_names[by[0]][by[1]]
        if ref is None and lost > 0:
            taken = result.damage_from.setdefault(entry.unit, {})
            taken[name] = taken.get(name, 0) + lost
        elif ref is not None and lost < 0:
            result.healed[name] = result.healed.get(name, 0) - lost
    return None


def ref_problem(result: PlayResult, unit: str) -> str | None:
    """What is wrong with a player's unit reference ("unit 9:9: no player 9, the party has 1 player"; "unit 1:9:
    player 1 has 2 units"), or None (an enemy id is looked for in the stage)."""
    ref = parse_player_ref(unit)
    if ref is None:
        return None
    players = len(result.party.tracks)
    if not 0 <= ref[0] < players:
        return f"unit {unit}: no player {ref[0] + 1}, the party has {counted(players, 'player')}"
    units = len(result.party.tracks[ref[0]])
    if not 0 <= ref[1] < units:
        return f"unit {unit}: player {ref[0] + 1} has {counted(units, 'unit')}"
    return None


def _by_problem(result: PlayResult, by: str) -> str | None:
    if parse_player_ref(by) is None:
        return f"by {by}: the unit that did it is a player's (PLAYER:N), not an enemy"
    problem = ref_problem(result, by)
    return f"by {problem.removeprefix('unit ')}" if problem else None


def unit_label(result: PlayResult, unit: str) -> str:
    """'1:2 Human Knights' or 'L1 Wrecker Lookouts'."""
    ref = parse_player_ref(unit)
    if ref is None:
        track = result.enemy_tracks().get(unit)
        return track.name if track else unit
    return f"{unit} {result.party.unit_names[ref[0]][ref[1]]}" if result.valid_ref(ref) else unit


def unit_hp(result: PlayResult, unit: str) -> tuple[int, int] | None:
    """(HP left, HP in all) of a player's unit ("1:2") or an enemy unit ("L1"), None if there is none."""
    ref = parse_player_ref(unit)
    if ref is None:
        return result.enemy_state(unit) if unit in result.enemy_tracks() else None
    return result.player_state(*ref) if result.valid_ref(ref) else None


def _unit(result: PlayResult, unit: str) -> tuple[Track | None, UnitMark]:
    ref = parse_player_ref(unit)
    if ref is None:
        enemies = result.enemy_tracks()
        track: Track | None = enemies.get(unit)
        index = track.index if track else 0
    else:
        track = result.party.tracks[ref[0]][ref[1]] if result.valid_ref(ref) else None
        index = ref[1]
    return track, result.current_mark(unit) or LeftMark(index=index)
