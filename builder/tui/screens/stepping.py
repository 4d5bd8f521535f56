"""The shared roster editor with stepped and typed inspector rows and a settings line (McWarrior, Warsurge,
Warmachine): +/- or Left/Right change a row, a digit or Enter on a number row asks for the number."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input
from textual.widgets.input import Selection

from builder.editing.stepping import SETTINGS, Ask, SteppingAdapter
from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.screens.editor import RosterEditor
from builder.tui.widgets.inspector import Inspector
from builder.tui.widgets.roster_list import RosterList
from builder.tui.widgets.stepping_inspector import SteppingInspector


class TypedPrompt(TextPrompt):
    """A TextPrompt that keeps the digit the player started typing (the cursor after it, nothing selected)."""

    def on_mount(self) -> None:
        self.call_after_refresh(self._after_digit)

    def _after_digit(self) -> None:
        field = self.query_one(Input)
        field.selection = Selection.cursor(len(field.value))


class SteppingEditor(RosterEditor):
    """RosterEditor + the SteppingInspector; the adapter is a SteppingAdapter."""

    adapter: SteppingAdapter

    def compose_workspace(self) -> ComposeResult:
        with Horizontal(id="force"):
            yield RosterList(id="roster-list")
            yield SteppingInspector(id="inspector")

    # Textual runs every class's handler of a message: an override here calls prevent_default() and then
    # the base handler itself when it wants it.

    # -- typed rows ----------------------------------------------------------------
    def on_inspector_row_chosen(self, event: Inspector.RowChosen) -> None:
        event.prevent_default()
        key, row = self.selected, event.row
        ask = self.adapter.ask(self.loaded_session.roster, key, row) if key else None
        if (
            key is None
            or ask is None
            or (ask.number and self.adapter.choices(self.loaded_session.roster, key, row) is not None)
        ):
            super().on_inspector_row_chosen(event)  # Enter offers the row's choices (a part's 1–6 points)
        else:
            self.ask_row(key, row, ask, ask.value)

    def on_stepping_inspector_row_typed(self, event: SteppingInspector.RowTyped) -> None:
        key = self.selected
        ask = self.adapter.ask(self.loaded_session.roster, key, event.row) if key else None
        if key is not None and ask is not None and ask.number:
            self.ask_row(key, event.row, ask, event.text, started=True)

    @work(exclusive=True, group="ask")
    async def ask_row(self, key: str, row: str, ask: Ask, value: str, started: bool = False) -> None:
        """Ask for a row's value and apply it as one change; `started`: the player began typing `value`."""
        prompt = TypedPrompt if started else TextPrompt
        text = await self.app.push_screen_wait(prompt(ask.title, value, hint=ask.hint))
        if text is not None:
            self.edit(f"set {row}", lambda roster: self.adapter.answer(roster, key, row, text))
            self.query_one(Inspector).select_row(row)

    # -- stepped rows ----------------------------------------------------------------
    def on_stepping_inspector_row_stepped(self, event: SteppingInspector.RowStepped) -> None:
        key, row, delta = self.selected, event.row, event.delta
        if key is None:
            return
        roster = self.loaded_session.roster
        ask = self.adapter.ask(roster, key, row)
        if ask is not None and not ask.number:
            return  # a name: nothing to step
        prompt = self.adapter.choices(roster, key, row)

        def change(roster) -> None:
            if self.adapter.step(roster, key, row, delta):
                return
            if prompt is None or not prompt.choices:
                raise ValueError("this row has no value to step")
            keys = [choice.key for choice in prompt.choices]
            current = next((i for i, choice in enumerate(prompt.choices) if choice.current), -1)
            self.adapter.choose(roster, key, row, keys[(current + delta) % len(keys)])

        self.edit(f"change {row}", change)
        self.query_one(Inspector).select_row(row)

    # -- the settings line stays ----------------------------------------------------
    def on_roster_list_remove_requested(self, event: RosterList.RemoveRequested) -> None:
        event.prevent_default()
        if event.key == SETTINGS:
            self.notify("The settings line stays: change its rows instead.", timeout=3)
        else:
            super().on_roster_list_remove_requested(event)

    def on_roster_list_duplicate_requested(self, event: RosterList.DuplicateRequested) -> None:
        event.prevent_default()
        if event.key == SETTINGS:
            self.notify("The settings line cannot be copied.", timeout=3)
        else:
            super().on_roster_list_duplicate_requested(event)
