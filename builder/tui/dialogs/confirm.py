"""A question with a few answers (save/discard/cancel, restore/discard), one key each."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label


class ConfirmDialog(ModalScreen[str]):
    """Dismisses with the chosen answer's key; Escape gives the last answer (the safe one)."""

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
            box.border_title = self.title_text
            yield Label(self.question, classes="dialog-question", markup=False)
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


def save_after_asking(app, warnings: list[str], write) -> bool:
    """`write()` at once when saving loses nothing; else ask first, and write only on "Save anyway" (False: not
    saved now)."""
    if not warnings:
        return write()

    def answered(answer: str | None) -> None:
        if answer == "save":
            write()

    app.push_screen(
        ConfirmDialog("Save over it?", "\n".join(warnings), [("save", "Save anyway"), ("cancel", "Cancel")]), answered
    )
    return False
