"""Wiring: in a choice dialog the list's keys work from the filter (the focus starts there): ↑ ↓ PgUp PgDn always,
Home and End while nothing is typed; once something is typed they move in it."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Input, OptionList

from builder.editing.base import Choice, ChoicePrompt
from builder.tui.dialogs.choice import ChoiceDialog, ChoiceText

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
        assert (typed.cursor_position, str(prompt).strip()) == (1, "Unit 10")


def test_an_option_wraps_under_its_own_words_at_the_lists_width():
    """A long detail wraps under the name (after the mark), a long reason under its text (after the ⚠), never back
    to the list's first column."""
    choice = Choice(
        "bp",
        "Boiling Point",
        "skirmish mission · skirmish forces only",
        "it is played with skirmish forces, and Opponent brings a standard force",
        current=True,
    )
    assert ChoiceText(choice).fit(40).plain.splitlines() == [
        "● Boiling Point  skirmish mission ·",
        "  skirmish forces only",
        "    ⚠ it is played with skirmish forces,",
        "      and Opponent brings a standard",
        "      force",
    ]
    assert str(ChoiceText(choice)).splitlines()[0] == "● Boiling Point  skirmish mission · skirmish forces only"
