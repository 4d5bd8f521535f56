"""The battle screen's scenario keys: score VP, a Leader's fate, a side out, the winner declared, the game's end."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from textual import work
from textual.binding import Binding
from textual.timer import Timer

from builder.battles.ending import ended_words, is_over
from builder.battles.spending import d6
from builder.editing.base import Choice
from builder.game import game
from builder.points import show
from builder.scenarios import edits
from builder.scenarios.battle import GOES_ON, Judged
from builder.scenarios.side_names import told_apart
from builder.scenarios.text import card_parts
from builder.tui.dialogs.help import HelpScreen
from builder.tui.screens.ledger import LedgerScreen
from builder.tui.widgets.scenario_bar import by_points
from catalog.errors import WarbenchError

if TYPE_CHECKING:
    from builder.battles.session import BattleSession

DECLARED_REASONS = ("won by the scenario's conditions", "the opponent conceded")


def side_choices(judged: Judged) -> list[Choice]:
    """A side per player with what it has counted (VP, or points left where the scenario counts those); where rosters
    share a name, which side is ours, the opponent's, or the third and on, as the panes title them."""
    if by_points(judged):
        counted = [f"{show(left)} points left" for left in judged.table.points_left]
    else:
        counted = [f"{vp} VP" for vp in judged.outcome.vp]
    return [Choice(str(s), name, said) for s, (name, said) in enumerate(zip(told_apart(judged.table.sides), counted))]


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
        (Warsurge's Deathmatch), VP where it gives any; the timer only when the players agreed Time Attack."""
        if action == "time_attack":
            return self._seconds() is not None and super().check_action(action, parameters)
        if action in self.SCENARIO_ACTIONS:
            judged = self.session.result.judged
            if judged is None:
                return False
            scenario = judged.outcome.scenario
            if (
                (action == "leader" and not scenario.tracks_leaders)
                or (action == "reserve" and not scenario.counts_reserves)
                or (action == "score" and not edits.gives_vp(scenario))
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
            self.clock = self.set_interval(0.25, self.tick)
        self.tick()

    def tick(self) -> None:
        """One beat of the Time Attack clock (its interval's, four a second): the header's seconds, or the time up.
        A test calls it where waiting a quarter of a second for the interval would only slow it down."""
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
            self.notify(f"The game is over: {ended_words(judged)}.", timeout=4)
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
            self.notify(edits.nothing_to_score(judged, book), timeout=4)
            return
        side = await self.ask("Who scores?", self._side_choices(judged))
        if side is None:
            return
        offered = edits.scorings(judged, book, int(side))
        if not offered:
            self.notify(f"{edits.cannot_score(judged, book, int(side))}.", timeout=5)
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
            try:  # as `play`, but the unit's place (Warsurge Advanced) goes with it
                self.session.reserve(side, index, f"{name}: reserve")
            except WarbenchError as exc:
                self.notify(str(exc), title="Not allowed", severity="error", timeout=6)
                return
            self.refresh_view()

    def action_end_game(self) -> None:
        judged = self._judged()
        if judged is not None:
            over = not (self.session.ledger.play and self.session.ledger.play.over)
            self.change("game over" if over else "game taken up again", edits.end_game, over)

    def asks_length_roll(self, step: int) -> bool:
        """Whether going on (`step` > 0) waits for a Random game length's D6 at this game turn's end, asked now: the
        roll (seeded, or as rolled at the table) ends the game or goes on; there is no next turn without it."""
        over = is_over(self.session.result.judged)  # going on is refused as such, never asked for a roll
        due = edits.length_roll_due(self.session.ledger) if step > 0 and not over else None
        if due is not None:
            self._ask_length_roll(step, due)
        return due is not None

    @work(exclusive=True, group="ask")
    async def _ask_length_roll(self, step: int, due: int) -> None:
        choices = [Choice("roll", "Roll the D6 now"), *(Choice(str(n), f"Rolled {n}") for n in range(1, 7))]
        answer = await self.ask(f"Random game length: the D6 at the end of game turn {due} (4+ goes on)", choices)
        if answer is None:
            return
        rolled = d6(self.session.ledger) if answer == "roll" else int(answer)
        if not self.change(f"game length: rolled {rolled}", edits.length_roll, rolled):
            return
        if rolled < GOES_ON:
            self.notify(f"Rolled {rolled}: the game ends after game turn {due}.", title="Game length", timeout=8)
        else:
            self.notify(f"Rolled {rolled}: the game goes on.", title="Game length", timeout=5)
        self.go_on(step)  # past the last game turn: its end waits for its scoring, as a Set length's

    def go_on(self, step: int) -> None:
        """The turn passes (BattleScreen's)."""

    def action_scenario(self) -> None:
        judged = self._judged()
        if judged is not None:
            scenario = judged.outcome.scenario
            parts = card_parts(scenario, game(scenario.game).scenarios)
            self.app.push_screen(HelpScreen([(scenario.name, parts)], title="Scenario", keys_width=10))
