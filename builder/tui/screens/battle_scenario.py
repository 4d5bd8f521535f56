"""The battle screen's scenario keys: score VP, a Leader's fate, a side out, the winner declared, the game's end."""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

from pydantic import ValidationError
from textual import work
from textual.binding import Binding
from textual.timer import Timer

from builder.battles.ending import ended_reason, is_over
from builder.editing.base import Choice, ChoicePrompt
from builder.game import game
from builder.game_parts import SetupFlow
from builder.points import show
from builder.scenarios import edits
from builder.scenarios.battle import Judged
from builder.scenarios.scoring import too_early
from builder.scenarios.setup import BattleSetup, new_play
from builder.scenarios.table import Event
from builder.scenarios.text import show_lines
from builder.tui.dialogs.choice import CANCELLED, ChoiceDialog
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.screens.ledger import LedgerScreen
from builder.tui.widgets.scenario_bar import by_points
from catalog.errors import WarbenchError

if TYPE_CHECKING:
    from builder.battles.session import BattleSession
    from builder.scenarios.record import ScenarioPlay

DECLARED_REASONS = ("won by the scenario's conditions", "the opponent conceded")


def side_choices(judged: Judged) -> list[Choice]:
    """A side per player with what it has counted (VP, or points left where the scenario counts those); where rosters
    share a name, which side is ours, the opponent's, or the third and on, as the panes title them."""
    names = list(judged.table.sides)
    whose = {0: " (ours)", 1: " (the opponent's)"}
    if by_points(judged):
        counted = [f"{show(left)} points left" for left in judged.table.points_left]
    else:
        counted = [f"{vp} VP" for vp in judged.outcome.vp]
    return [
        Choice(str(s), name + (whose.get(s, f" (side {s + 1})") if names.count(name) > 1 else ""), said)
        for s, (name, said) in enumerate(zip(names, counted))
    ]


async def ask_scenario(
    app, game_id: str, players: list[str] | None = None, point_limit: int = 1000, force: str | None = None
) -> tuple[str | None, ScenarioPlay | None] | None:
    """Ask which scenario a new battle is played under ("None" first, and the game's guided set-up where it has
    one), and for the attacker when the scenario needs one: (scenario id or None, its play record or None), or None
    on Escape. A scenario played with another force format than ours (`force`) is marked, and asked again for. Await
    it in a worker."""

    book, flow = game(game_id).scenarios, game(game_id).setup
    names = players or ["Us", "Opponent"]
    guided = (Choice(GUIDED, "Guided set-up", "the book's steps; what you leave to the dice is rolled"),)
    choices = (
        Choice("none", "No scenario", "points left decide"),
        *(guided if flow is not None else ()),
        *(
            Choice(s.id, s.name, f"{s.group} · {s.force} forces only" if s.force else s.group)
            for s in book.scenarios
            if s.players[0] <= len(names) <= s.players[1]
        ),
    )
    unfit = {s.id: s for s in book.scenarios if s.force is not None and force is not None and s.force != force}
    while (
        answer := await app.push_screen_wait(ChoiceDialog(ChoicePrompt("Play under which scenario?", choices)))
    ) in unfit:
        said = f"{unfit[answer].name} is played with {unfit[answer].force} forces, and this roster is a {force} force."
        app.notify(said, title="Choose another scenario", severity="error", timeout=5)
    if answer == CANCELLED:
        return None
    if answer == "none":
        return None, None
    if answer == GUIDED and flow is not None:
        return await _guided(app, flow, names, point_limit)
    scenario = next(s for s in book.scenarios if s.id == answer)
    if not scenario.needs_attacker and game(game_id).turns.first != "attacker":  # Warmachine: red goes first
        return answer, None
    sides = (Choice("us", "We do"), *(Choice(name, name) for name in names[1:]))
    question = ChoicePrompt(f"{scenario.name}: who attacks (red)?", sides)
    attacker = await app.push_screen_wait(ChoiceDialog(question))
    if attacker == CANCELLED:
        return None
    return answer, new_play(names, attacker=attacker)


GUIDED = "guided-setup"


async def _guided(
    app, flow: SetupFlow, players: list[str], point_limit: int
) -> tuple[str | None, ScenarioPlay | None] | None:
    """The game's set-up steps as choosers, then its card (start the battle, roll again, or cancel)."""
    answers: dict[str, str] = {}
    for key, prompt in flow.questions():
        answer = await app.push_screen_wait(ChoiceDialog(prompt))
        if answer in (None, CANCELLED):
            return None
        answers[key] = str(answer)
    while True:
        try:
            card = flow.card_from(answers, players, point_limit, random.Random())
            setup = BattleSetup.model_validate(card.data["battle"])
        except (WarbenchError, ValidationError) as exc:
            app.notify(str(exc), title="Cannot set up", severity="error", timeout=8)
            return None
        verdict = await app.push_screen_wait(
            ConfirmDialog(
                "Set-up card",
                "\n".join(card.short),
                [("start", "Start the battle"), ("again", "Roll again"), ("cancel", "Cancel")],
            )
        )
        if verdict == "start":
            return setup.scenario, setup.applied_to(new_play(players))
        if verdict != "again":
            return None


SCENARIO_BINDINGS = [
    Binding("v", "score", "Score VP", tooltip="A side scores victory points, as the scenario gives them"),
    Binding("l", "leader", "Leader", tooltip="Warmachine: a Leader destroyed, vulnerable, or recovered"),
    Binding("o", "knocked_out", "Side out", tooltip="A side has nothing left in the game"),
    Binding(
        "e",
        "reserve",
        "Reserve",
        tooltip="Warsurge Deathmatch: the highlighted unit is (or is no longer) "
        "in reserve; reserves count as lost at the end",
    ),
    Binding("w", "declare", "Declare winner", tooltip="The table's verdict where the tracker cannot see it"),
    Binding("g", "end_game", "Game over", tooltip="The last round is played and scored (again: take it up)"),
    Binding("i", "scenario", "Scenario", tooltip="The scenario's setup, rules, scoring and victory"),
    Binding("t", "time_attack", "Timer", tooltip="Time Attack: start a player's seconds to decide (again: restart)"),
]
"""The scenario keys, after the battle's own in its footer."""


class ScenarioActions(LedgerScreen):
    """The battle screen's base: its scenario keys and what they do."""

    SCENARIO_ACTIONS = frozenset({"score", "leader", "knocked_out", "reserve", "declare", "end_game", "scenario"})
    deadline: float | None = None
    """When the Time Attack timer running runs out (`time.monotonic()`), or None."""
    clock: Timer | None = None

    if TYPE_CHECKING:
        session: BattleSession

        def selected(self) -> tuple[int, int] | None: ...  # BattleScreen's highlighted unit

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The scenario keys only in a battle under a scenario (elsewhere they are left off the footer and the help),
        and only those it uses: Leaders where it tracks them (Warmachine's), reserves where they count as lost
        (Warsurge's Deathmatch); the timer only when the players agreed Time Attack."""
        if action == "time_attack":
            return self._seconds() is not None and super().check_action(action, parameters)
        if action in self.SCENARIO_ACTIONS:
            judged = self.session.result.judged
            if judged is None:
                return False
            scenario = judged.outcome.scenario
            if (action == "leader" and not scenario.tracks_leaders) or (
                action == "reserve" and not scenario.counts_reserves
            ):
                return False
        return super().check_action(action, parameters)

    def _seconds(self) -> int | None:
        play = self.session.ledger.play
        return play.time_attack if play is not None else None

    def action_time_attack(self) -> None:
        """Start (or restart) the Time Attack timer: the header counts the seconds down, and says when they run out."""
        seconds = self._seconds()
        if seconds is None:
            return
        self.deadline = time.monotonic() + seconds
        if self.clock is None:
            self.clock = self.set_interval(0.25, self._tick)
        self._tick()

    def _tick(self) -> None:
        if self.deadline is None:
            return
        left = math.ceil(self.deadline - time.monotonic())
        if left <= 0:
            self.deadline = None
            if self.clock is not None:
                self.clock.stop()
                self.clock = None
            self.time_ran_out()
        self.refresh_header()

    def time_ran_out(self) -> None:
        """The Time Attack timer has run out: say so (a game's screen may offer what the book charges for it)."""
        self.notify(f"Time Attack: the {self._seconds()} seconds have run out.", title="Time's up", timeout=5)

    def header_note(self) -> str:
        if self.deadline is None:
            return ""
        return f"  ⏱ {max(math.ceil(self.deadline - time.monotonic()), 0)} s"

    def _judged(self):
        judged = self.session.result.judged
        if judged is None:
            self.notify("This battle has no scenario: start one with `warbench battle new … --scenario ID`.", timeout=4)
        return judged

    def _over(self, judged) -> bool:
        """Whether the game is over (said to the player: nothing that changes the result is recorded now)."""
        if over := is_over(judged):
            self.notify(f"The game is over: {ended_reason(judged)}.", timeout=4)
        return over

    def play(self, label: str, edit, *args) -> bool:
        """A scenario event as one undoable change, refused (and said) once the game is over."""
        return self.apply(self.session.play, label, edit, *args)

    def _side_choices(self, judged) -> list[Choice]:
        return side_choices(judged)

    @work(exclusive=True, group="ask")
    async def action_score(self) -> None:
        judged = self._judged()
        if judged is None:
            return
        if self._over(judged):
            return
        book = game(self.session.ledger.game).scenarios
        if not any(edits.scorings(judged, book, s) for s in range(len(judged.table.sides))):
            table = judged.table
            early = too_early(judged.outcome.scenario, table, Event(0, table.round, 0, turn=table.turn))
            self.notify(early or f"{judged.outcome.scenario.name} gives no VP now.", timeout=4)
            return
        side = await self.ask("Who scores?", self._side_choices(judged))
        if side is None:
            return
        offered = edits.scorings(judged, book, int(side))
        if not offered:
            self.notify(f"{judged.table.sides[int(side)]} cannot score now.", timeout=4)
            return
        chosen = await self.ask(
            f"{judged.table.sides[int(side)]} scores", [Choice(str(i), s.label) for i, s in enumerate(offered)]
        )
        if chosen is not None:
            scoring = offered[int(chosen)]
            self.play(
                f"{judged.table.sides[int(side)]}: {scoring.label}", edits.score, int(side), scoring.vp, scoring.mission
            )

    @work(exclusive=True, group="ask")
    async def action_leader(self) -> None:
        judged = self._judged()
        if judged is None:
            return
        if not judged.outcome.leaders:
            self.notify("Only Warmachine's scenarios track Leaders.", timeout=3)
            return
        if self._over(judged):
            return
        side = await self.ask(
            "Whose Leader?",
            [
                Choice(str(s), name, state)
                for s, (name, state) in enumerate(zip(judged.table.sides, judged.outcome.leaders))
            ],
        )
        if side is None:
            return
        what = await self.ask(
            "What happened to it?",
            [
                Choice("enemy-leader", "Destroyed by the enemy Leader's attack"),
                Choice("other", "Would be destroyed by anything else", "vulnerable in Execution Mode"),
                Choice("recovered", "Its turn starts: no longer vulnerable", "1 damage removed"),
            ],
        )
        if what is not None:
            self.play(f"{judged.table.sides[int(side)]}'s Leader: {what}", edits.leader, int(side), what)

    @work(exclusive=True, group="ask")
    async def action_knocked_out(self) -> None:
        judged = self._judged()
        if judged is None or self._over(judged):
            return
        side = await self.ask("Who has nothing left in the game?", self._side_choices(judged))
        if side is None:
            return
        name, sides = judged.table.sides[int(side)], self.session.result.sides
        if self.play(f"{name} out", edits.knocked_out, int(side)) and int(side) < len(sides):
            left = sides[int(side)]
            if left.remaining > 0:  # the table knows best (models off the battlefield), but the tracker disagrees
                self.notify(
                    f"{name} is out, though the tracker shows {left.remaining:g} of {left.points:g} points left.",
                    severity="warning",
                    timeout=6,
                )

    @work(exclusive=True, group="ask")
    async def action_declare(self) -> None:
        judged = self._judged()
        if judged is None:
            return
        side = await self.ask("Who won?", self._side_choices(judged) + [Choice("none", "Take the verdict back")])
        if side == "none":
            self.change("verdict taken back", edits.declare, None)
            return
        if side is None:
            return
        reason = await self.ask("Why?", [Choice(str(i), text) for i, text in enumerate(DECLARED_REASONS)])
        if reason is not None:
            self.change(
                f"{judged.table.sides[int(side)]} declared the winner",
                edits.declare,
                int(side),
                DECLARED_REASONS[int(reason)],
            )

    def action_reserve(self) -> None:
        judged = self._judged()
        if judged is None:
            return
        if not judged.outcome.scenario.counts_reserves:
            self.notify(f"{judged.outcome.scenario.name} does not count units in reserve.", timeout=3)
            return
        if self._over(judged):
            return
        chosen = self.selected()
        if chosen is not None:
            side, index = chosen
            name = self.session.track(side, index).name
            self.play(f"{name}: reserve", edits.toggle_reserve, side, index)

    def action_end_game(self) -> None:
        judged = self._judged()
        if judged is not None:
            over = not (self.session.ledger.play and self.session.ledger.play.over)
            self.change("game over" if over else "game taken up again", edits.end_game, over)

    def action_scenario(self) -> None:
        judged = self._judged()
        if judged is not None:
            scenario = judged.outcome.scenario
            text = "\n".join(show_lines(scenario, game(scenario.game).scenarios)[2:7])
            self.notify(text, title=scenario.name, timeout=20)
