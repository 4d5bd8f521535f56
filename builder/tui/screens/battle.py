"""A battle at the table: every side's units with what they have left, and the keys every game marks them with.

Each game's battle screen (`Game.battle_screen`) binds its keys from the lists here and its own: Warsurge and
Warmachine use `BoxesBattle`; Warcaster's adds where each unit is, McWarrior's a mech's parts and heat.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from textual import work
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from builder.battles.dice import DiceError, throw
from builder.battles.model import UnitMark
from builder.battles.report import BattleResult, Side
from builder.battles.tracks import UnitState
from builder.scenarios.side_names import told_apart
from builder.tui.dialogs.spent import SpentDialog, SpentSide
from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.screens.battle_keys import BOX_KEYS, RESTORE_KEY, SPENT_KEY, TABLE_KEYS
from builder.tui.screens.battle_scenario import SCENARIO_BINDINGS, ScenarioActions
from builder.tui.sharing import share_battle
from builder.tui.widgets.roll_log import RollLog
from builder.tui.widgets.scenario_bar import ScenarioBar
from builder.tui.widgets.seats import Seat, SeatsBar
from builder.tui.widgets.text import KeptPairs, name_and_figures, points
from builder.tui.widgets.track_text import boxes, track_content
from catalog.errors import WarbenchError

if TYPE_CHECKING:
    from builder.battles.session import BattleSession


TITLE_MARGIN = 6
"""Columns of a pane's top border around its title: the corners and a dash and a space either side."""
PANE_WIDTH = 40
"""The fewest columns a side's pane is given: a table whose sides do not fit side by side shows one at a time."""


class BattleScreen(ScenarioActions):
    """Every side in a pane of its own, side by side, titled by player and roster (where they do not fit, one at a
    time under a line of every side); the highlighted unit's detail below. Each game's screen binds the keys its
    units are marked with, in the order its footer shows them."""

    session: BattleSession  # what the battle kind's open_session makes

    HELP_TITLE = "Battle"
    FOOTER_FIRST: tuple[str, ...] = ("take(1)", "turn(1)", "dice", "share")
    """The keys a footer too narrow for all (80 columns) keeps before the others: damage, next turn, dice, share."""

    def __init__(self, session: BattleSession) -> None:
        super().__init__(session)
        self._titles: dict[int, tuple[str, str]] = {}
        """Each shown side's name and figures, for its pane's title (fitted to the pane's width)."""
        self._side_titles: list[str] = []
        """Every side's name, to tell apart sides of one name in their titles."""
        self.last_side = 0
        """The side whose unit the keys mark: the pane that has (or last had) the focus."""
        self.panes = max(2, len(session.result.sides))

    def body(self):
        yield ScenarioBar(id="scenario-bar")
        yield SeatsBar(id="battle-seats")
        yield Static(id="spend-lines", markup=False)
        with Horizontal(id="battle-sides"):
            for number in range(self.panes):
                yield OptionList(id=f"side-{number}", classes="battle-side")
        yield Static(id="unit-detail")
        yield RollLog(id="roll-log")

    def progress(self) -> str:
        result: BattleResult = self.session.result
        return result.progress()

    @property
    def crowded(self) -> bool:
        """Whether the sides do not fit side by side: one pane is shown at a time."""
        sides = len(self.session.result.sides)
        return sides > 2 and self.size.width < sides * PANE_WIDTH

    def _lay_out(self) -> None:
        """Every side's pane, or only the shown one on a crowded table, with the line of every side above."""
        sides, crowded = self.session.result.sides, self.crowded
        self.last_side = min(self.last_side, max(len(sides) - 1, 0))
        for number in range(self.panes):
            pane = self.query_one(f"#side-{number}", OptionList)
            pane.display = number < len(sides) and (not crowded or number == self.last_side)
        seats = [Seat(side.player or side.name, f"{side.percent}%") for side in sides]
        self.query_one(SeatsBar).show(seats, self.last_side, crowded)
        self._show_spent(self.session.result)  # at a crowded table, the shown side's

    def seat_name(self, side: int) -> str:
        """Who sits at a side, as the line of seats names them: the player, or the roster told apart."""
        return told_apart([side.player or side.name for side in self.session.result.sides])[side]

    def action_side(self, step: int) -> None:
        """Show (and focus) the next side's pane, or the previous one."""
        count = len(self.session.result.sides)
        if count < 2:
            return
        self.last_side = (self.last_side + step) % count
        self._lay_out()
        self.query_one(f"#side-{self.last_side}", OptionList).focus()
        self._show_detail()

    def show(self, result: BattleResult) -> None:
        if problem := self.session.journal_problem:  # the change that ended the game is saved, not journalled
            self.session.journal_problem = None
            self.notify(problem, title="Journal", severity="warning", timeout=8)
        self.query_one(ScenarioBar).show(result.judged, result.battle.turn)
        titles = self._side_titles = [side.title for side in result.sides]  # two copies of one roster: told apart
        for number in range(self.panes):
            pane = self.query_one(f"#side-{number}", OptionList)
            pane.display = number < len(result.sides)
            if number >= len(result.sides):
                continue
            side: Side = result.sides[number]
            keep = pane.highlighted
            pane.set_options(  # each row broken at ordinary spaces only: a tag's no-break spaces keep it whole
                [Option(KeptPairs(self.unit_row(number, state)), id=str(state.track.index)) for state in side.states]
            )
            pane.highlighted = min(keep or 0, len(side.states) - 1) if side.states else None
            figures = f"{points(side.remaining)}/{points(side.points)} ({side.percent}%)"
            self._titles[number] = (titles[number], figures)
            pane.border_subtitle = Content(self.side_note(side))
        self._lay_out()
        self._fit_titles()
        self.call_after_refresh(self._fit_titles)  # again once the panes' widths are known
        self._show_detail()

    def _show_spent(self, result: BattleResult) -> None:
        """A line per side of what its turns spent (the shown side's alone at a crowded table)."""
        lines = self.query_one("#spend-lines", Static)
        spending = result.spending
        chosen = result.battle.play is not None and result.battle.play.playstyle is not None  # the table chose a way
        lines.display = spending is not None and (spending.book.shown_unused or chosen or bool(result.battle.spent))
        if spending is None:
            return
        sides = [self.last_side] if self.crowded else range(len(result.sides))
        told = told_apart([side.player or side.name for side in result.sides])  # sides of one name told apart
        lines.update("\n".join(f"{told[n]}: {spending.summary(n)}" for n in sides))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """What each turn spends, only in a battle that tracks it."""
        if action == "spent" or action.startswith("spend_"):
            return self.session.result.spending is not None
        return super().check_action(action, parameters)

    def action_spent(self) -> None:
        """One side's details in full (its hand is private): the player's whose turn it is, or where the game has no
        player turns the side last picked; the others as their line ("hand 5"), Tab for the next."""
        result = self.session.result
        if result.spending is None:
            return
        spending = result.spending
        titles = result.titles
        sides = [SpentSide(titles[n], spending.details(n), spending.summary(n)) for n in range(len(result.sides))]
        turn = result.battle.moment().turn
        self.app.push_screen(SpentDialog(sides, self.last_side if turn is None else turn))

    def spend(self, side: int | None, event: dict, label: str, mark: tuple[int, UnitMark] | None = None) -> bool:
        """Record what a turn spends as one change; a refused one says the rule's reason."""
        try:
            self.session.spend(side, event, label, mark)
        except WarbenchError as exc:
            self.notify(str(exc), title="Not allowed", severity="error", timeout=5)
            return False
        self.refresh_view()
        return True

    def on_resize(self) -> None:
        self._lay_out()
        self._fit_titles()

    def _fit_titles(self) -> None:
        """Each side's pane title: its name, cut first when the pane is narrow, then its points and percentage."""
        for number, (name, figures) in self._titles.items():
            pane = self.query_one(f"#side-{number}", OptionList)
            whole = len(told_apart(self._side_titles)[number]) + len(figures) + 2
            width = pane.outer_size.width - TITLE_MARGIN if pane.outer_size.width else whole
            said = name_and_figures(name, figures, width, self._side_titles, number)
            pane.border_title = Content(said)  # plain text: a name is never markup

    def side_note(self, side: Side) -> str:
        """What a side's pane says below its units (Warcaster: how many are where)."""
        return ""

    def unit_row(self, side: int, state: UnitState) -> Content:
        """One unit of `side`: its name and points left, then its track (dimmed when the unit is out of the fight)."""
        track = state.track
        return Content.assemble(
            (track.name, "strike dim" if state.destroyed else "bold"),
            (f"  {points(state.remaining)}/{points(track.points)}", "$accent"),
            self.unit_tag(side, state),
            "\n",
            (f"  {self.unit_track(state)}", "dim" if self.out_of_the_fight(state) else ""),
        )

    def out_of_the_fight(self, state: UnitState) -> bool:
        """Whether the unit cannot act now (destroyed; Warcaster: in reserve too)."""
        return state.destroyed

    def unit_tag(self, side: int, state: UnitState) -> tuple[str, str]:
        """A word after a side's unit's points, with its style (Warcaster: where the unit is, its Arc, its token;
        Warsurge: where the unit is)."""
        return "", ""

    def unit_track(self, state: UnitState) -> str:
        """The unit's track in a line: its boxes, or its models and boxes."""
        track = state.track
        if track.models > 1:
            marks = f"  {boxes(state)}" if track.full <= 6 else ""
            if track.full == track.models and state.boxes_left == state.models_left:  # a box a model: said once
                return f"{state.models_left}/{track.models} models{marks}"
            return f"{state.models_left}/{track.models} models, {state.boxes_left}/{track.full} {track.box_word}{marks}"
        marks = f"{boxes(state)}  " if track.boxes <= 12 else ""
        return f"{marks}{state.boxes_left}/{track.boxes} {track.box_word}"

    def on_option_list_option_highlighted(self) -> None:
        self._show_detail()

    def on_descendant_focus(self, event) -> None:
        if (event.widget.id or "").startswith("side-"):
            self.last_side = int(event.widget.id.removeprefix("side-"))
        self._show_detail()

    def selected(self) -> tuple[int, int] | None:
        """(side, entry index) of the highlighted unit on the side that has (or last had) the focus."""
        side = self.last_side
        focused = self.query_one(f"#side-{side}", OptionList)
        if focused.highlighted is None or side >= len(self.session.result.sides):
            return None
        return side, int(str(focused.get_option_at_index(focused.highlighted).id))

    def _show_detail(self) -> None:
        chosen = self.selected()
        detail = self.query_one("#unit-detail", Static)
        if chosen is None:
            detail.update("")
            return
        state = self.session.result.sides[chosen[0]].state_of(chosen[1])
        detail.update(Content("\n").join(self.detail_lines(state)) if state is not None else "")

    def detail_lines(self, state: UnitState) -> list[Content]:
        """The highlighted unit in full: its name and points left, then its track."""
        track = state.track
        heading = Content.assemble(
            (track.name, "bold"),
            f"  {points(state.remaining)} of {points(track.points)} points left"
            + ("  DESTROYED" if state.destroyed else "  VULNERABLE" if state.vulnerable else ""),
        )
        return [heading, *self.track_lines(state)]

    def track_lines(self, state: UnitState) -> list[Content]:
        """The unit's track in full (a game's screen may show its own)."""
        return track_content(state)

    # -- marks --------------------------------------------------------------------------------
    def _mark(self, apply) -> None:
        """Apply a mark to the highlighted unit; a refused one says why, and so does one doing more than its row shows."""
        chosen = self.selected()
        if chosen is None:
            return
        try:
            said = apply(*chosen)
        except WarbenchError as exc:
            self.notify(str(exc), title="Not allowed", severity="error", timeout=5)
            return
        if said:
            self.notify(said, timeout=5)
        self.refresh_view()

    def action_take(self, amount: int) -> None:
        self._mark(lambda side, index: self.session.take(side, index, amount))

    def action_casualty(self) -> None:
        self._mark(lambda side, index: self.session.casualty(side, index))

    def action_bring_back(self) -> None:
        self._mark(lambda side, index: self.session.casualty(side, index, restore=True))

    def action_restore(self) -> None:
        self._mark(lambda side, index: self.session.restore_unit(side, index))

    def action_turn(self, step: int) -> None:
        """The next player turn (or round), or back; a Random game length's roll due at this game turn's end asked
        first."""
        if not self.asks_length_roll(step):
            self.go_on(step)

    def go_on(self, step: int) -> None:
        try:
            begun = self.session.next_turn(step)
        except WarbenchError as exc:
            self.notify(str(exc), title="Not allowed", severity="error", timeout=5)
            return
        if begun:  # what the new round did by itself (McWarrior's Upkeep)
            self.notify(begun, timeout=5)
        self.refresh_view()

    @work(exclusive=True, group="ask")
    async def action_dice(self) -> None:

        def check(text: str) -> str | None:
            try:
                throw(text, random.Random(0))
            except DiceError as exc:
                return str(exc)
            return None

        log = self.query_one(RollLog)
        text = await self.app.push_screen_wait(
            TextPrompt(
                "Roll dice",
                log.last_dice,
                check=check,
                hint="Six-sided dice: 7d6, 2d6+1, d6 — or 'scatter' (Warsurge's arrow, "
                "2d6 inches; 'scatter 1d6' for other distance dice).",
            )
        )
        if text:
            log.add(throw(text).line())

    @work(exclusive=True, group="ask")
    async def action_share(self) -> None:
        await share_battle(self)


class BoxesBattle(BattleScreen):
    """A battle of units with boxes and models, and nothing more (Warsurge, Warmachine)."""

    BINDINGS = [*BOX_KEYS, RESTORE_KEY, *TABLE_KEYS, SPENT_KEY, *SCENARIO_BINDINGS]
