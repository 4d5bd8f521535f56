"""A battle replayed against its rosters: each side's units with what they have left, points, findings, and the
moment the game is at."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from builder.battles.ending import after_end, as_ended, ended_reason, is_over
from builder.battles.entry_json import json_number, unit_dict
from builder.battles.model import BattleFile, UnitMark, marks_path
from builder.battles.places import Place, place_of
from builder.battles.spending import Spending, replay_spending, standing_of
from builder.battles.tracks import Track, UnitState, track_at
from builder.campaigns.ledger import LedgerError, Replayed
from builder.findings import Finding, error, warning
from builder.game import game
from builder.roster.files import LoadedRoster
from builder.scenarios.battle import Judged, judge
from builder.scenarios.side_names import told_apart
from builder.turns import Moment
from catalog.wording import possessive


@dataclass(frozen=True)
class Side:
    """One army at the table."""

    name: str
    """Its roster's name."""
    loaded: LoadedRoster
    tracks: tuple[Track, ...]
    states: tuple[UnitState, ...]
    player: str | None = None
    """Its player's name, when the battle names the players."""

    @property
    def title(self) -> str:
        """The player and the roster ("Anna: Rustbucket"), or the roster alone."""
        return f"{self.player}: {self.name}" if self.player and self.player != self.name else self.name

    @property
    def points(self) -> float:
        return sum(t.points for t in self.tracks)

    def state_of(self, index: int) -> UnitState | None:
        """How roster entry `index` stands (None: it has no track of its own, having joined another unit)."""
        return next((state for state in self.states if state.track.index == index), None)

    @property
    def remaining(self) -> float:
        return sum(s.remaining for s in self.states)

    @property
    def share(self) -> float:
        """The part of the army left (1.0 untouched); the sides are compared by it, not by raw points."""
        return self.remaining / self.points if self.points else 0.0

    @property
    def percent(self) -> int:
        return round(100 * self.share)

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            **({"player": self.player} if self.player else {}),
            "points": json_number(self.points),
            "remaining": json_number(self.remaining),
            "destroyed": json_number(self.points - self.remaining),
            "percent": self.percent,
            "units": [unit_dict(s) for s in self.states],
        }


@dataclass(frozen=True)
class BattleResult(Replayed):
    """The battle as its marks leave it; `leader` is the side ahead by what the game's book counts."""

    battle: BattleFile
    sides: tuple[Side, ...]
    findings: tuple[Finding, ...]
    judged: Judged | None = None
    """The scenario's verdict: VP, the winner and why (None: no scenario)."""
    spending: Spending | None = None
    """What each side's turns spent, as the battle is now (None: the game or the battle tracks nothing spent)."""

    @property
    def titles(self) -> list[str]:
        """Each side's title ("Anna: Rustbucket"), told apart where two sides have one ("… (the opponent's)")."""
        return told_apart([side.title for side in self.sides])

    @property
    def leader(self) -> str | None:
        """The scenario's winner once it has one (None after a draw); before, under a scenario whose VP are being
        scored, the side (or team) with the most VP; else the side ahead by `standing`; None when level."""
        if is_over(self.judged):
            winner = self.judged.outcome.winner
            return winner.name if winner else None
        if (vp := self.vp_standing) is not None:
            (leading, most_vp), (_, next_vp) = vp[:2]
            return None if most_vp == next_vp else leading
        standing = self.standing
        if len(standing) < 2:
            return None
        (first, most), (_, next_most) = sorted(standing, key=lambda pair: -pair[1])[:2]
        return None if math.isclose(most, next_most, abs_tol=1e-9) else first

    @property
    def won_on_vp(self) -> bool:
        """Whether the scenario's winner is the side with the most VP or first to a number or a lead of them."""
        return self.judged is not None and self.judged.outcome.scenario.win.kind in ("most-vp", "first-to", "lead-by")

    @property
    def ahead_by(self) -> Literal["share", "points"]:
        """What `standing` counts: the points left where the game's book (or the scenario) makes the side with the
        most points left the winner (Warsurge) and no scenario is won on VP, else the share of each army left (a
        bigger army is not ahead before anything happened)."""
        if self.judged is not None and self.judged.outcome.scenario.win.kind == "points-left":
            return "points"
        if self.won_on_vp:
            return "share"  # the points left win nothing here: a bigger army is not ahead at 0 VP each
        return game(self.battle.game).ahead_by

    @property
    def standing(self) -> list[tuple[str, float]]:
        """(side or team, what it has left) in the order of the sides (a team where its first player sits): points
        left (units a scenario counts as lost, in reserve, not counted), or the share of its army left."""
        judged = self.judged
        if judged is not None and len(judged.table.points_left) == len(self.sides) and self.ahead_by == "points":
            left = list(judged.table.points_left)
        else:
            left = [side.remaining for side in self.sides]
        units = judged.table.units() if judged is not None else tuple((s,) for s in range(len(self.sides)))
        names = [
            judged.table.unit_name(u) if judged else self.sides[u].player or self.sides[u].name
            for u in range(len(units))
        ]
        if self.ahead_by == "share":
            full = [sum(self.sides[s].points for s in members) for members in units]
            return [
                (name, sum(left[s] for s in members) / f if f else 0.0) for name, members, f in zip(names, units, full)
            ]
        return [(name, sum(left[s] for s in members)) for name, members in zip(names, units)]

    @property
    def vp_standing(self) -> list[tuple[str, int]] | None:
        """(side or team, VP) most first, once a scenario's VP are being scored; None before (or without one)."""
        if self.judged is None:
            return None
        table, outcome = self.judged.table, self.judged.outcome
        totals = outcome.unit_vp(table)
        if len(totals) < 2 or not any(totals):
            return None
        return sorted(((table.unit_name(u), vp) for u, vp in enumerate(totals)), key=lambda pair: -pair[1])

    def as_dict(self) -> dict[str, Any]:
        """The `warbench battle --json` object."""
        scenario = self.judged.as_dict() if self.judged else {"scenario": None, "vp": [], "winner": None}
        return {
            "valid": self.valid,
            "turn": self.turn(),
            "sides": [self._side_dict(n, s) for n, s in enumerate(self.sides)],
            "leader": self.leader,
            **scenario,
            "result": self.result(),
            "findings": self.finding_dicts(),
        }

    def place(self, side: int, state: UnitState) -> Place | None:
        """Where the side's unit is, once the battle records places (`place_of`)."""
        return place_of(self.battle, self.judged, self.spending, side, state)

    def _side_dict(self, number: int, side: Side) -> dict[str, Any]:
        found = side.as_dict()
        for unit, state in zip(found["units"], side.states):
            if (place := self.place(number, state)) is not None:
                unit.update(place=place.words, counts_as_lost=place.lost)
        if self.spending is not None:
            found["resources"] = self.spending.as_dict(number)
        return found

    @property
    def moment(self) -> Moment:
        """The round the battle is in and whose player turn it is (None where the game's rounds have none, or where
        nobody is named to go first)."""
        return self.battle.moment()

    def turn(self) -> dict[str, Any]:
        """`{round, player, phase}`: the round, the name of the player whose turn it is (None: the round is
        everyone's), the phase the game scores in (None: none named); and `of_round`, which of that player's turns
        in the round it is, where each takes several (Warcaster: the box of the Pulse tracker)."""
        turn = self.moment.turn
        names = self.judged.table.sides if self.judged else tuple(side.player or side.name for side in self.sides)
        player = names[turn] if turn is not None and turn < len(names) else None
        turns = game(self.battle.game).turns
        said: dict[str, Any] = {"round": self.battle.turn, "player": player, "phase": turns.phase}
        if turns.cycles > 1 and turn is not None:
            said["of_round"] = self.battle.step // self.battle.seats + 1
        return said

    def turn_words(self) -> str:
        """ "turn 2, Anna's turn" (or "turn 1.3, Anna's turn": her third turn of the round): the round and whose
        player turn it is; "set-up, then turn 1.1, Anna's turn" while the table sets up before it (Warcaster's
        deployment); "game over after turn 3" once the scenario's last round has been played; "end of turn 3
        (scoring)" while the table scores that round's end."""
        if self.judged is not None and (last := self.judged.past_last) is not None:
            return f"game over after turn {last}"  # not the turn after the last, which nobody plays
        if self.judged is not None and (last := self.judged.scoring_last) is not None:
            return f"end of turn {last} (scoring)"
        said = self.turn()
        of_round = f".{said['of_round']}" if "of_round" in said else ""
        words = f"turn {said['round']}{of_round}" + (f", {possessive(said['player'])} turn" if said["player"] else "")
        return f"set-up, then {words}" if self.spending is not None and self.spending.setting_up else words

    def result(self) -> dict[str, Any] | None:
        """How the game ended, for scripts: `{winners, draw, reason}` with the winning sides' names (a team's
        every player) and a draw said as one, never as a missing winner; None while the game goes on."""
        if not is_over(self.judged):
            return None
        winner = self.judged.outcome.winner
        names = [self.judged.table.sides[i] for i in winner.sides] if winner is not None else []
        return {"winners": names, "draw": winner is None, "reason": ended_reason(self.judged)}


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
            raise LedgerError(f"{who} is a {loaded.roster.game} roster, not {battle.game}")
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
