"""The header line: the roster's name and game, the unsaved mark, and the legal/illegal status."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from catalog.wording import counted

UNSAVED = " ● unsaved "
LEGAL_STYLE = "bold $background on $success"
ILLEGAL_STYLE = "bold $background on $error"


def legal_status(errors: int) -> str:
    """" ✔ LEGAL " or " ✖ NOT LEGAL · 2 errors "."""
    return " ✔ LEGAL " if errors == 0 else f" ✖ NOT LEGAL · {counted(errors, 'error')} "


class RosterHeader(Widget):
    """Set `title`, `subtitle`, `dirty` and `errors`; the class `-legal` or `-illegal` says which status shows.

    Drawn as one line of one widget, fitted to its width: the status and the unsaved mark always show; the
    subtitle, then the name, are cut short first.
    """

    title: reactive[str] = reactive("")
    subtitle: reactive[str] = reactive("")
    dirty: reactive[bool] = reactive(False)
    errors: reactive[int] = reactive(0)

    def on_mount(self) -> None:
        self.watch_errors(self.errors)

    def watch_errors(self, errors: int) -> None:
        self.set_class(errors == 0, "-legal")
        self.set_class(errors > 0, "-illegal")

    @property
    def status(self) -> str:
        return legal_status(self.errors)

    @property
    def shown_title(self) -> str:
        return self.title or "(unnamed roster)"

    def render(self) -> Content:
        width = self.size.width
        status = Content.assemble((self.status, LEGAL_STYLE if self.errors == 0 else ILLEGAL_STYLE))
        dirty = Content.assemble((UNSAVED, "$warning")) if self.dirty else Content("")
        room = width - status.cell_length - dirty.cell_length
        title = Content.assemble((self.shown_title, "bold")).truncate(max(room - 2, 1), ellipsis=True)
        left = Content.assemble(" ", title, " ")
        subtitle = Content.assemble((self.subtitle, "$text-muted")).truncate(max(room - left.cell_length, 0),
                                                                             ellipsis=True)
        gap = max(room - left.cell_length - subtitle.cell_length, 0)
        return Content.assemble(left, subtitle, " " * gap, dirty, status)
