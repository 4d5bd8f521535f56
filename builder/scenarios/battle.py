"""A battle file's scenario judged: its `[play]` record and the tracker's sides turned into VP and the winner."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from builder.campaigns.ledger import validate_model
from builder.findings import Finding, error, warning
from builder.game import game
from builder.scenarios import find_scenario
from builder.scenarios.record import EventMark, ScenarioPlay
from builder.scenarios.round_end import ended_round
from builder.scenarios.side_names import told_apart
from builder.scenarios.table import Event, Mode, Table
from builder.scenarios.text import tracker_line
from builder.scenarios.victory import Outcome, decide
from catalog.errors import WarbenchError
from catalog.scenarios import Scenario, ScenarioBook

if TYPE_CHECKING:
    from builder.battles.model import BattleFile
    from builder.battles.report import Side

PATHS = {
    part: f"play.{part}"
    for part in ("events", "sides", "teams", "secondaries", "secondaries_each", "attacker", "declared", "first")
}
PATHS["sides"] = "play.players"


@dataclass(frozen=True)
class Judged:
    """The scenario's verdict on a battle, with the table it was reached from."""

    table: Table
    outcome: Outcome
    round_word: str

    @property
    def past_last(self) -> int | None:
        """The scenario's last round, when the battle has moved past it (the game ended with that round; there is no
        round after it to name), else None."""
        last = self.outcome.scenario.win.rounds
        if last is None or self.table.round <= last or self.scoring_last is not None:
            return None
        return last

    @property
    def scoring_last(self) -> int | None:
        """The scenario's last round, when the battle is at its end scoring it (the game not over yet), else None."""
        last = self.outcome.scenario.win.rounds
        waiting = self.table.ending and not self.outcome.over
        return last if waiting and last is not None and self.table.round > last else None

    @property
    def scoring_end(self) -> int | None:
        """The round whose end the battle is at (the scenario scores each round's end; the next round begun, nothing
        done in it yet) with nothing of the scenario's own scored for it yet, before the last round's; else None. The
        book has both players score it then, and play goes on: a reminder, never a wait."""
        ended = self.table.ended
        if ended is None or self.outcome.over or self.scoring_last is not None:
            return None
        scored = any(e.round == ended and e.mission is None and e.vp is not None for e in self.table.events)
        return None if scored else ended

    def as_dict(self) -> dict[str, Any]:
        """`battle --json`'s `scenario`, `vp`, `teams`, `winner`, `over` and `leaders`."""
        scenario = self.outcome.scenario
        teams = [
            {"name": self.table.unit_name(u), "sides": list(m), "vp": vp}
            for u, (m, vp) in enumerate(zip(self.table.units(), self.outcome.unit_vp(self.table)))
        ]
        return {
            "scenario": {
                "id": scenario.id,
                "name": scenario.name,
                "round_word": self.round_word,
                "tracker": tracker_line(scenario, self.round_word),
            },
            "vp": [
                {"side": name, "vp": total, "rounds": list(rounds)}
                for name, total, rounds in zip(self.table.sides, self.outcome.vp, self.outcome.by_round)
            ],
            "teams": teams if self.table.teams else [],
            "winner": self.outcome.winner.as_dict() if self.outcome.winner else None,
            "over": self.outcome.over,
            "scoring_end": self.table.ended,
            "out": [self.table.sides[s] for s in self.outcome.out],
            "leaders": list(self.outcome.leaders),
            "mode": self.outcome.mode,
        }


def judge(battle: BattleFile, sides: tuple[Side, ...]) -> tuple[Judged | None, list[Finding]]:
    """The scenario's verdict (None without a scenario, or with one its game does not have) and its findings."""
    if battle.scenario is None:
        play = battle.play
        named_only = play is None or play == ScenarioPlay(
            players=play.players, attacker=play.attacker, first=play.first
        )
        if not named_only:
            return None, [error("battle/scenario", "play", "a [play] record without a scenario to play it under")]
        return None, []
    play = battle.play or ScenarioPlay()
    try:
        scenario = as_played(find_scenario(battle.scenario, battle.game), play)
    except WarbenchError as exc:
        return None, [error("battle/scenario", "scenario", str(exc))]
    book = game(battle.game).scenarios
    table, findings = table_of(battle, sides)
    table = replace(table, ended=ended_round(battle, scenario))
    findings += force_problems(scenario, sides) + limit_problems(battle.play, sides) + mercy_problems(scenario, play)
    outcome = decide(scenario, book, table)
    return Judged(table, outcome, book.round_word), findings + list(outcome.findings)


RANDOM_LAST = 10
"""A Random game length's last game turn."""
EARLIEST_END = 4
"""Conflict and Random game lengths: the first game turn at whose end the game may end."""
GOES_ON = 4
"""A Random game length's D6 from which the game goes on."""


def rolled_end(play: ScenarioPlay) -> int | None:
    """The game turn a Random game length's D6 ended the game at (its end still to be scored, as a Set length's
    last); None while every roll went on."""
    return next((rolled.turn for rolled in play.length_rolls if rolled.roll < GOES_ON), None)


def as_played(scenario: Scenario, play: ScenarioPlay) -> Scenario:
    """The scenario as the players chose to play it: the game length they set (Set and Custom: their rounds; Random:
    turn 10 at the latest; Conflict: until they end it), and the game types combined with it (their OP a turn add
    up; a combined Deathmatch adds its OP at the end)."""
    win, count, name = scenario.win, scenario.count, scenario.name
    if play.no_mercy and win.mercy_optional:  # the players agreed to leave it out
        win = win.model_copy(update={"mercy": False})
    if play.length in ("set", "custom") and play.rounds is not None:
        win = win.model_copy(update={"rounds": play.rounds})
    elif play.length == "random" and (ended := rolled_end(play)) is not None:
        win = win.model_copy(update={"rounds": ended})  # the roll made it the last game turn
    elif play.length == "random":
        win = win.model_copy(update={"rounds": RANDOM_LAST, "rolled_from": EARLIEST_END})
    elif play.length == "conflict":
        win = win.model_copy(update={"rounds": None})
    for other_id in play.combined:
        other = find_scenario(other_id, scenario.game)
        name = f"{name} + {other.name}"
        if other.count.per == "round":
            count = count.model_copy(
                update={
                    "per": "round",
                    "most": (count.most or 0) + (other.count.most or 0),
                    "most_last_round": (count.most_last_round or 0) + (other.count.most_last_round or 0),
                }
            )
        if other.win.kind == "points-left":
            win = win.model_copy(
                update={"survival_op": True, "wipeout_from": win.wipeout_from or other.win.wipeout_from}
            )
    if win.kind == "points-left" and count.per == "round":
        # Deathmatch with objectives, whichever was named first: the most OP wins, the survivors' OP counted in
        win = win.model_copy(update={"kind": "most-vp", "survival_op": True})
    return scenario.model_copy(update={"win": win, "count": count, "name": name})


def table_of(battle: BattleFile, sides: tuple[Side, ...]) -> tuple[Table, list[Finding]]:
    """The victory rules' input: names, teams and events from `[play]`, points and wipe-outs from the tracker."""
    play = battle.play or ScenarioPlay()
    findings: list[Finding] = []
    names = tuple(play.players) if play.players else tuple(side.name for side in sides)
    if len(names) == 1:
        names += ("Opponent",)  # the opponent's roster is not named yet: they still play and score
    if play.players and len(play.players) < len(sides):
        findings.append(
            error("battle/scenario", "play.players", f"{len(sides)} rosters but {len(play.players)} players named")
        )
        names = tuple(side.name for side in sides)
    left, destroyed, reserve_names = [], [], []
    for s, side in enumerate(sides):
        reserve = set(play.reserves[s]) if s < len(play.reserves) else set()
        reserve_names += [st.track.name for st in side.states if st.track.index in reserve]
        if unknown := sorted(i for i in reserve if i >= len(side.states)):
            findings.append(
                error("battle/scenario", f"play.reserves[{s}]", f"{side.name}'s roster has no entry {unknown[0] + 1}")
            )
        left.append(side.remaining - sum(st.remaining for st in side.states if st.track.index in reserve))
        destroyed.append(sum(other.points - other.remaining for o, other in enumerate(sides) if o != s))
    events = tuple(Event(e.side, e.round, e.vp, e.mission, e.leader, e.out, e.turn) for e in play.events)
    turns = game(battle.game).turns
    declared = (play.declared.side, play.declared.reason) if play.declared else None
    table = Table(
        names,
        tuple(tuple(t) for t in play.teams),
        events,
        battle.turn,
        play.over,
        play.attacker,
        tuple(tuple(s) for s in play.secondaries),
        play.mode or default_mode(game(battle.game).scenarios, sides),
        tuple(left),
        tuple(destroyed),
        tuple(bool(side.states) and all(st.destroyed for st in side.states) for side in sides),
        declared,
        tuple(reserve_names),
        PATHS,
        tuple(any(st.track.leader and st.destroyed for st in side.states) for side in sides),
        play.secondaries_each,
        turns.order(len(names), battle.first_player),
        battle.step,
        turns.first == "attacker",
        tuple(side.points for side in sides),
        play.ending,
    )
    return table, findings


def mercy_problems(scenario: Scenario, play: ScenarioPlay) -> list[Finding]:
    """A `battle/scenario` finding where the players left out a mercy rule the scenario has them keep."""
    if not play.no_mercy or scenario.win.mercy_optional:
        return []
    return [error("battle/scenario", "play.no_mercy", no_mercy_refusal(scenario))]


def no_mercy_refusal(scenario: Scenario) -> str:
    """Why the players cannot leave the scenario's mercy rule out."""
    if not scenario.win.mercy:
        return f"{scenario.name} has no mercy rule to leave out"
    return f"{scenario.name} keeps the mercy rule: the players may leave it out only in a skirmish mission"


def force_problems(scenario: Scenario, sides: tuple[Side, ...]) -> list[Finding]:
    """`battle/scenario` findings for rosters not built to the force format the scenario is played with."""
    if scenario.force is None:
        return []
    return [
        error(
            "battle/scenario",
            f"sides[{s}]",
            f"{scenario.name} is played with {scenario.force} forces; {side.name} is a {built} force",
        )
        for s, side in enumerate(sides)
        if (built := side.loaded.roster.force_format) not in (None, scenario.force)
    ]


def limit_problems(play: ScenarioPlay | None, sides: tuple[Side, ...]) -> list[Finding]:
    """`battle/scenario` warnings for rosters built to another point limit than the game the set-up agreed (the
    Turn Master's CP dice follow the agreed one), each side named as the report titles it (a mirror match's apart)."""
    agreed = play.point_limit if play is not None else None
    if agreed is None:
        return []
    titles = told_apart([side.title for side in sides])
    return [
        warning(
            "battle/scenario",
            f"sides[{s}]",
            f"the set-up agreed a {agreed}-point game; {titles[s]} is built to {built} points",
        )
        for s, side in enumerate(sides)
        if (built := side.loaded.roster.built_to) not in (None, agreed)
    ]


def default_mode(book: ScenarioBook, sides: tuple[Side, ...]) -> Mode | None:
    """The Leader mode the book recommends for the game's size (Warmachine's Execution at 50 points or less, else
    Assassination), or None where its game has no Leader modes."""
    if book.execution_up_to is None:
        return None
    return "execution" if max((side.points for side in sides), default=0) <= book.execution_up_to else "assassination"


def with_event(play: ScenarioPlay | None, **event: Any) -> ScenarioPlay:
    """The record with one more event at its end (checked like the file's own)."""

    play = play or ScenarioPlay()
    mark = validate_model(EventMark, event, "not recorded")  # a number out of range: one line, never a traceback
    return play.model_copy(update={"events": [*play.events, mark]})


def judged_lines(judged: Judged) -> list[str]:
    """The scenario's part of a battle's report: what it counts, VP so far, Leaders, the winner."""
    outcome, table = judged.outcome, judged.table
    lines = [f"Scenario: {outcome.scenario.name} ({tracker_line(outcome.scenario, judged.round_word)})"]
    if outcome.scenario.count.per != "none" or any(outcome.vp):
        lines.append("VP: " + ", ".join(f"{name} {vp}" for name, vp in zip(table.told, outcome.vp)))
        if table.teams:
            lines.append(
                "Teams: " + ", ".join(f"{table.told_name(u)} {vp}" for u, vp in enumerate(outcome.unit_vp(table)))
            )
    if outcome.leaders:
        lines.append(
            "Leaders: "
            + ", ".join(f"{name} {state}" for name, state in zip(table.told, outcome.leaders))
            + f" ({(outcome.mode or '').capitalize()} Mode)"
        )
    if outcome.out:
        lines.append("Out of the game: " + ", ".join(table.told[s] for s in outcome.out))
    if outcome.winner:
        lines.append(f"Game over: {outcome.winner.words}")  # as `battle mark` says it
    elif outcome.draw:
        lines.append(f"Game over: {outcome.draw}")
    elif outcome.over:
        lines.append("Game over: no winner by the scenario's conditions (a draw)")
    return lines
