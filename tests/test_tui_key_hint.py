"""Wiring: a dialog's keys are links a tap runs (a phone's keyboard in the served builder has no Esc): a tap on
"Esc cancel" cancels a prompt, one on "Enter OK" keeps what was typed."""

from __future__ import annotations

from textual.app import App

from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.widgets.key_hint import BREAK, key_hint
from tests.fixtures.tui.screen import screen_text


class Asking(App[None]):
    answers: list[str | None]

    def on_mount(self) -> None:
        self.answers = []
        self.ask()

    def ask(self) -> None:
        self.push_screen(TextPrompt("Name", "Anna"), self.answers.append)


async def tap(pilot, words: str) -> None:
    """Click where the screen shows `words` (on a phone: a tap)."""
    rows = screen_text(pilot.app).splitlines()
    y = next(y for y, row in enumerate(rows) if words in row)
    await pilot.click(offset=(rows[y].index(words) + 1, y))
    await pilot.pause()


async def test_a_tap_on_a_prompts_keys_cancels_or_keeps():
    app = Asking()
    async with app.run_test(size=(43, 39)) as pilot:  # a Pixel 7's terminal
        await pilot.pause()
        await tap(pilot, "Esc cancel")
        assert app.answers == [None] and not isinstance(app.screen, TextPrompt)
        app.ask()
        await pilot.pause()
        await tap(pilot, "Enter OK")
        assert app.answers == [None, "Anna"]


def test_the_keys_are_links_to_their_actions_and_a_break_starts_a_line():
    hint = key_hint(("Space next part", "next"), ("c copy code", "copy"), BREAK, ("Esc close", "close"))
    content = hint.visual
    assert content.plain == "Space next part · c copy code\nEsc close"
    assert [(content.plain[s.start : s.end], str(s.style)) for s in content.spans] == [
        ("Space next part", "@click=screen.next"),
        ("c copy code", "@click=screen.copy"),
        ("Esc close", "@click=screen.close"),
    ]
    words = key_hint(("Enter choose", None), ("Ctrl+P every command", "app.command_palette")).visual
    assert [str(s.style) for s in words.spans] == ["@click=app.command_palette"]
