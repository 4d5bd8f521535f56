"""A dialog no toast may cover: one the player types into (a path, a name, a filter), or the share dialog's QR."""

from __future__ import annotations

from typing import TypeVar

from textual.screen import ModalScreen
from textual.widgets import Label

from catalog.wording import visible

R = TypeVar("R")

NOTE_ID = "dialog-note"
"""The id of the line that says what would have been a toast while the dialog is open."""


class TypingDialog(ModalScreen[R]):
    """The toasts on show go when it opens (a toast lies over the dialog's field at 80×24), and a message sent while
    it is open (the app's notify) is said on its own note line instead, under the field."""

    def on_mount(self) -> None:
        self.app.clear_notifications()

    def note_line(self) -> Label:
        """The note line, for the dialog's compose to place (hidden until there is a note)."""
        line = Label("", id=NOTE_ID, markup=False, classes="dialog-note")
        line.display = False
        return line

    def note(self, message: str, title: str = "") -> None:
        """Say a message on the note line (plain text, control characters shown as escapes)."""
        line = self.query_one(f"#{NOTE_ID}", Label)
        line.update(visible(f"{title}: {message}" if title else message, keep="\n"))
        line.display = True
