"""What a battle replayed against its rosters holds (`replay.py` replays it): each side's units with what they have
left, points, findings, and the moment the game is at."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from builder.battles.ending import ended_reason, is_over
from builder.battles.entry_json import json_number, unit_dict
from builder.battles.model import BattleFile
from builder.battles.places import Place, place_of
from builder.battles.spending import Spending
from builder.battles.tracks import Track, UnitState
from builder.campaigns.ledger import Replayed
from builder.findings import Finding
from builder.game import game
from builder.roster.files import LoadedRoster
from builder.scenarios.battle import Judged
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
        """The scenario's winner once it has one (None after a draw); before, under a scenario won on VP or whose VP
        are being scored, the side (or team) with the most VP, nobody at level VP (what is left of an army wins no
        VP, and under Respawn a mech destroyed comes back); else the side ahead by `standing`; None when level."""
        return ahead[0] if (ahead := self._ahead) else None

    @property
    def leader_sides(self) -> tuple[int, ...]:
        """The sides `leader` names, by number from 0 (empty: nobody ahead), to tell apart sides of one name."""
        return ahead[1] if (ahead := self._ahead) else ()

    @property
    def _ahead(self) -> tuple[str, tuple[int, ...]] | None:
        if is_over(self.judged):
            winner = self.judged.outcome.winner
            return (winner.name, winner.sides) if winner else None
        if self.judged is not None and (self.won_on_vp or self.vp_standing is not None):
            table, totals = self.judged.table, self.judged.outcome.unit_vp(self.judged.table)
            if len(totals) < 2:
                return None
            first, second = sorted(range(len(totals)), key=lambda unit: -totals[unit])[:2]
            return None if totals[first] == totals[second] else (table.unit_name(first), table.units()[first])
        standing = self.standing
        if len(standing) < 2:
            return None
        first, second = sorted(range(len(standing)), key=lambda side: -standing[side][1])[:2]
        level = math.isclose(standing[first][1], standing[second][1], abs_tol=1e-9)
        return None if level else (standing[first][0], (first,))

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
        units = tuple(tuple(s for s in members if s < len(self.sides)) for members in units)  # players past rosters
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
        names = self._seat_names()
        player = names[turn] if turn is not None and turn < len(names) else None
        turns = game(self.battle.game).turns
        said: dict[str, Any] = {"round": self.battle.turn, "player": player, "phase": turns.phase}
        if turns.cycles > 1 and turn is not None:
            said["of_round"] = self.battle.step // self.battle.seats + 1
        return said

    def _seat_names(self) -> tuple[str, ...]:
        """Each seat's name: its player's, or its roster's where the battle names no players."""
        return self.judged.table.sides if self.judged else tuple(side.player or side.name for side in self.sides)

    def turn_words(self) -> str:
        """The round and whose player turn it is, "turn 2, Anna's turn" ("turn 1.3": her third of the round); "set-up,
        then turn 1.1, …" while the table sets up (Warcaster); "end of turn 3 (scoring)"; "game over after turn 3" past
        the last round (each in the game's word for a round: "game over after Pulse round 3"), "game over in turn 1.2, Anna's turn" where the scenario's conditions ended it sooner."""
        if self.judged is not None and (last := self.judged.past_last) is not None:
            return f"game over after {self.judged.round_word} {last}"  # not the round after the last, nobody plays it
        if self.judged is not None and (last := self.judged.scoring_last) is not None:
            return f"end of {self.judged.round_word} {last} (scoring)"
        said = self.turn()
        of_round = f".{said['of_round']}" if "of_round" in said else ""
        words = f"turn {said['round']}{of_round}"
        if (player := said["player"]) is not None:
            told = told_apart(list(self._seat_names()))[self.moment.turn or 0]  # a mirror match's seats told apart
            words += f", {possessive(player)} turn" if told == player else f", the turn of {told}"
        setting_up = self.spending is not None and self.spending.setting_up
        return f"game over in {words}" if is_over(self.judged) else f"set-up, then {words}" if setting_up else words

    def progress(self) -> str:
        """The title bar's words: `turn_words` and who is ahead ("turn 3 · ahead: Gus"), or once the game is over who
        won ("game over after turn 5 · Gus wins"; nothing more after a draw); sides of one name told apart."""
        names = [side.player or side.name for side in self.sides]
        told, leader = told_apart(names), self.leader
        leading = [s for s in self.leader_sides if s < len(names)]  # (a scenario may seat more players than rosters)
        if leader and any(told[s] != names[s] for s in leading):  # sides of one name, told apart
            leader = " and ".join(told[s] for s in leading)
        if is_over(self.judged):  # `leader` is the winner then
            return f"{self.turn_words()} · {leader} wins" if leader else self.turn_words()
        past = self.judged is not None and self.judged.past_last is not None  # nobody is ahead of a game played out
        return f"{self.turn_words()} · ahead: {leader}" if leader and not past else self.turn_words()

    def result(self) -> dict[str, Any] | None:
        """How the game ended, for scripts: `{winners, draw, reason}` with the winning sides' names (a team's
        every player) and a draw said as one, never as a missing winner; None while the game goes on."""
        if not is_over(self.judged):
            return None
        winner = self.judged.outcome.winner
        names = [self.judged.table.sides[i] for i in winner.sides] if winner is not None else []
        return {"winners": names, "draw": winner is None, "reason": ended_reason(self.judged)}
