"""The share dialog: the roster's code and its QR drawn in the terminal, to scan, copy or save.

When the QR, the code and the keys do not fit in a box, the QR takes the whole screen (no border, no margins)
with the code and the keys beside it, or below it when the screen is too narrow for both.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical, VerticalScroll
from textual.events import Resize
from textual.geometry import Size
from textual.widgets import Label, Static

from builder.tui.dialogs.text_prompt import path_prompt
from builder.tui.dialogs.typing import TypingDialog
from builder.tui.widgets.key_hint import BREAK, key_hint
from builder.tui.workers import write_qr_image
from exports.share.catalogue_code import MAX_PARTS, PART_CHARS, numbered, split
from exports.share.normalise import GROUP, GROUPS_PER_LINE, grouped
from exports.share.terminal import ScreenQR, fitting_chars, screen_qr

BOX_COLUMNS = 72
"""The boxed dialog's width (every dialog's), border and padding included."""
BOX_ROWS = 9
"""Rows the boxed dialog needs besides the QR: its border, the code (two lines), the notes, the keys, a margin."""
SIDE_COLUMNS = 24
"""The narrowest column beside a full-screen QR that still reads (the code in groups of four, the keys)."""


def screen_parts(code: str, size: Size) -> list[str]:
    """The code as the share dialog shows it on a screen of this size: whole when its QR fits there with the code and
    the keys beside it, else in numbered parts ("1/5 …") each small enough to, never larger than printed ones."""

    room = fitting_chars(size.height, size.width - SIDE_COLUMNS) or fitting_chars(size.height - BOX_ROWS, size.width)
    if len(code) <= room:
        return [code]
    label = len(f"{MAX_PARTS}/{MAX_PARTS} ")
    fewest = -(-len(code) // MAX_PARTS)  # a code never goes in more parts than an import joins
    return split(code, min(PART_CHARS, max(room - label, fewest)))


Closed = Literal["close", "next", "previous", "other", "refit"]
"""How the share dialog closed: Esc, Space for the next part, Backspace for the previous, `n` for the other code,
or the screen's size changed what its QR needs (`refits`: the code is shown again in parts sized to the screen, or
whole when it grew back)."""


class ShareDialog(TypingDialog[Closed]):
    """Shows the share code and its QR; `s` asks where to save the QR image and writes it, `c` copies the code, `n` (for a
    roster's code, which `toggles`) asks for the code with or without the roster's notes, Space (when there is a
    next part) shows the next part and Backspace (when there is a previous one) the previous, Esc closes. What would
    be a toast (copied, saved) is said beside the QR, which a toast would cover so that it no longer scans."""

    HELP_TITLE = "Share code"
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("space", "next", "Next part"),
        Binding("backspace", "previous", "Previous part"),
        Binding("s", "save_image", "Save QR image"),
        Binding("c", "copy", "Copy code"),
        Binding("n", "toggle_notes", "Notes in or out"),
    ]

    def __init__(
        self,
        code: str,
        notes: str = "",
        save_to: str = "",
        *,
        toggles: bool = True,
        more: bool = False,
        back: bool = False,
        refits: bool = False,
        copied: str = "",
        whole: str = "",
    ) -> None:
        super().__init__(classes="dialog")
        self.code = code
        self.whole = whole or code
        """The code this is (a part of): the screen's size decides whether it is shown whole or in how many parts."""
        self.copied = copied or code
        """What `c` copies: the code, or every part of it, one a line, when it is shown in parts."""
        self.toggles = toggles
        self.refits = refits
        """Whether a screen shrunk below what the QR needs closes the dialog to show the code again in parts."""
        self.more = more
        """Whether a next part follows (Space)."""
        self.back = back
        """Whether a previous part comes before (Backspace): after the last part the first ones can be shown again."""
        """Whether there is another code to show (`n`): a roster's with or without its notes."""
        self.notes = notes
        """Whether the roster's notes are in the code, in words."""
        self.save_to = save_to
        """The QR image's path offered first (`s`); empty: qr.png in the folder for new rosters."""
        self.qr: ScreenQR | None = None
        """The QR as drawn for the screen's size."""

    @property
    def qr_text(self) -> str:
        return self.qr.text if self.qr else ""

    def compose(self) -> ComposeResult:
        with Container(classes="dialog-box share-box"):
            with VerticalScroll(classes="share-scroll"):  # only the QR scrolls: the code and the keys always show
                yield Static(id="share-qr", markup=False)
            with Vertical(id="share-side"):
                yield Label(id="share-title", markup=False)
                yield Label(grouped(self.code), id="share-code", markup=False)
                yield Label(f"Notes: {self.notes}", id="share-notes", markup=False)
                yield key_hint(
                    *[("Space next part", "next")] * self.more,
                    *[("Backspace previous part", "previous")] * self.back,
                    ("s save image", "save_image"),
                    ("c copy code", "copy"),
                    *([("n notes", "toggle_notes")] if self.toggles else [BREAK]),
                    ("Esc close", "close"),
                )
                yield self.note_line()

    def on_mount(self) -> None:
        self._fit(self.size)

    def on_resize(self, event: Resize) -> None:
        if not self._refitted(event.size):
            self._fit(event.size)

    def on_screen_resume(self) -> None:
        """Back on top (the Save QR prompt answered): the terminal may have changed size under that prompt."""
        self._refitted(self.size)

    def _refitted(self, size: Size) -> bool:
        """Close for a refit (True) where the screen's size calls for another number of parts: the QR no longer
        scans here, or fewer parts would. Only while on top: dismissing from under a prompt would close the prompt."""
        shown = int(self.code.split(" ", 1)[0].split("/")[1]) if numbered(self.code) else 1
        if not (self.refits and self.qr is not None and self.app.screen is self and size.height):
            return False
        if len(screen_parts(self.whole, size)) == shown:
            return False
        self.refits = False  # once: a second Resize before it closes would dismiss the screen under it
        self.dismiss("refit")  # shown again in parts sized to the screen
        return True

    def _fit(self, size: Size) -> None:
        """Draw the QR for this screen: in the box when all fits, else on the whole screen."""
        if not size.height:
            return
        boxed = screen_qr(self.code, size.height - BOX_ROWS)
        whole = boxed.rows + BOX_ROWS <= size.height and boxed.columns + 4 <= min(BOX_COLUMNS, size.width)
        qr = boxed if whole else screen_qr(self.code, size.height, size.width - SIDE_COLUMNS)
        beside = qr.columns + SIDE_COLUMNS <= size.width
        self.set_class(not whole, "-qr-full")
        self.set_class(not whole and beside, "-qr-beside")
        if qr != self.qr:
            self.qr = qr
            self.query_one("#share-qr", Static).update(qr.text)
        title = f"Share code · {len(self.code)} characters · QR version {qr.version}" + (
            " (level L, to fit the screen)" if qr.level == "L" else ""
        )
        self.query_one(".share-box").border_title = title
        self.query_one("#share-title", Label).update(title)
        # the code's column: beside the QR, else across the box (as wide as the screen on a phone), its edges off
        room = size.width - qr.columns - 2 if not whole and beside else min(size.width, BOX_COLUMNS) - 6
        room -= len(self.code) - len(self.code.rpartition(" ")[2])  # a part's number goes before its first line
        per_line = max(1, min(GROUPS_PER_LINE, (room + 1) // (GROUP + 1)))  # whole groups a line, as they paste
        self.query_one("#share-code", Label).update(grouped(self.code, per_line=per_line))

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.copied)
        parts = self.copied.count("\n") + 1
        what = "Share code" if parts == 1 else f"All {parts} parts of the code, one a line,"
        self.app.notify(f"{what} copied (where the terminal allows it).", timeout=4)

    @work(exclusive=True, group="ask")
    async def action_save_image(self) -> None:
        """Ask for a .png or .svg path, then write the QR image there."""

        app = self.app
        default = self.save_to or str(getattr(app, "roster_dir", Path.home()) / "qr.png")
        path = await app.push_screen_wait(path_prompt(app, "Save QR image", default, "A .png or .svg file:"))
        if path:
            write_qr_image(app.screen, self.code, path)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`n` is offered only where there is another code to show, Space only where a next part follows, Backspace
        only where a previous one comes before."""
        offered = {"toggle_notes": self.toggles, "next": self.more, "previous": self.back}
        return offered.get(action, True)

    def action_toggle_notes(self) -> None:
        self.dismiss("other")

    def action_next(self) -> None:
        self.dismiss("next")

    def action_previous(self) -> None:
        self.dismiss("previous")

    def action_close(self) -> None:
        self.dismiss("close")
