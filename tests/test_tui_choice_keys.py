"""Wiring: in a choice dialog the list's keys work from the filter (the focus starts there): ↑ ↓ PgUp PgDn always,
Home and End while nothing is typed; once something is typed they move in it."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Input, OptionList

from builder.editing.base import Choice, ChoicePrompt
from builder.tui.dialogs.choice import ChoiceDialog

PROMPT = ChoicePrompt("Which unit?", tuple(Choice(str(n), f"Unit {n}") for n in range(40)))


class OneDialog(App[None]):
    def on_mount(self) -> None:
        self.push_screen(ChoiceDialog(PROMPT))


async def test_end_and_home_move_in_the_list_until_something_is_typed():
    app = OneDialog()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        options, typed = app.screen.query_one(OptionList), app.screen.query_one(Input)
        assert typed.has_focus
        await pilot.press("end")
        assert options.highlighted == 39
        await pilot.press("home", "pagedown")
        assert options.highlighted > 1
        await pilot.press("home", "1", "home")  # typed: Home moves to the start of "1", the list stays
        assert (typed.value, typed.cursor_position, options.highlighted) == ("1", 0, 0)
        await pilot.press("end", "down")
        prompt = options.get_option_at_index(options.highlighted).prompt
        assert (typed.cursor_position, prompt.plain.strip()) == (1, "Unit 10")
