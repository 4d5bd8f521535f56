"""The share dialog: the roster's code and its QR drawn in the terminal, to scan, copy or save."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from exports.share.normalise import grouped


class ShareDialog(ModalScreen[bool]):
    """Shows the share code and its QR; `s` asks where to save the QR image, `c` copies the code, `n` asks for
    the code with or without the roster's notes (the dialog closes with True, and is shown again)."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("s", "save_image", "Save QR image"),
        Binding("c", "copy", "Copy code"),
        Binding("n", "toggle_notes", "Notes in or out"),
    ]

    class SaveRequested(Message):
        """The player wants the QR written to an image file."""

        def __init__(self, code: str) -> None:
            super().__init__()
            self.code = code

    def __init__(self, code: str, qr_text: str, version: int, notes: str = "") -> None:
        super().__init__(classes="dialog")
        self.code = code
        self.qr_text = qr_text
        self.version = version
        self.notes = notes
        """Whether the roster's notes are in the code, in words."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box share-box") as box:
            box.border_title = f"Share code · {len(self.code)} characters · QR version {self.version}"
            with VerticalScroll(classes="share-scroll"):  # only the QR scrolls: the code and the keys always show
                yield Static(self.qr_text, id="share-qr", markup=False)
            yield Label(grouped(self.code), id="share-code", markup=False)
            yield Label(f"Notes: {self.notes}", id="share-notes", markup=False)
            yield Label("s save QR image · c copy code · n notes · Esc close", classes="dialog-hint")

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.code)
        self.app.notify("Share code copied (where the terminal allows it).", timeout=4)

    def action_save_image(self) -> None:
        self.post_message(self.SaveRequested(self.code))

    def action_toggle_notes(self) -> None:
        self.dismiss(True)

    def action_close(self) -> None:
        self.dismiss(False)
