"""A question with a few answers (save/discard/cancel, restore/discard), one key each."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from catalog.wording import visible


class ConfirmDialog(ModalScreen[str]):
    """Dismisses with the chosen answer's key; Escape gives the last answer (the safe one)."""

    HELP_TITLE = "This question"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
    ]

    def __init__(self, title: str, question: str, answers: list[tuple[str, str]]) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.question = question
        self.answers = answers

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = Content(visible(self.title_text))
            yield Label(visible(self.question, keep="\n"), classes="dialog-question", markup=False)
            with Horizontal(classes="dialog-buttons"):
                for i, (key, label) in enumerate(self.answers):
                    yield Button(label, id=f"answer-{key}", variant="primary" if i == 0 else "default")

    def on_key(self, event) -> None:
        """The underlined first letter of an answer picks it."""
        for key, label in self.answers:
            if event.character and event.character.lower() == label[0].lower():
                event.stop()
                self.dismiss(key)
                return

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None, "compose gives every answer button its id"
        self.dismiss(event.button.id.removeprefix("answer-"))

    def action_cancel(self) -> None:
        self.dismiss(self.answers[-1][0])


async def may_save(app, warnings: list[str]) -> bool:
    """Whether to save: at once when saving loses nothing, else only if the player answers "Save anyway" (run it
    in a worker: it waits for the answer)."""
    if not warnings:
        return True
    question = ConfirmDialog("Save over it?", "\n".join(warnings), [("save", "Save anyway"), ("cancel", "Cancel")])
    return await app.push_screen_wait(question) == "save"
