"""The header line: the roster's (or a league's, a battle's) name and what it is, the unsaved mark, and the
legal/illegal (valid/not valid) status."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from catalog.wording import counted

UNSAVED = " ● unsaved "
LEGAL_STYLE = "bold $background on $success"
ILLEGAL_STYLE = "bold $background on $error"


class RosterHeader(Widget):
    """Set `title`, `subtitle`, `dirty` and `errors`; the class `-legal` or `-illegal` says which status shows.

    Drawn as one line of one widget, fitted to its width: the status and the unsaved mark always show; the
    subtitle, then the name, are cut short first.
    """

    title: reactive[str] = reactive("")
    subtitle: reactive[str] = reactive("")
    dirty: reactive[bool] = reactive(False)
    errors: reactive[int | None] = reactive(None)
    """How many errors the roster has; None while it loads (neither legal nor illegal yet)."""

    def __init__(self, *, verdicts: tuple[str, str] = ("LEGAL", "NOT LEGAL"), id: str | None = None) -> None:
        super().__init__(id=id)
        self.verdicts = verdicts
        """How the status says the file passes and fails its rules (a ledger is VALID or NOT VALID)."""

    def watch_errors(self, errors: int | None) -> None:
        self.set_class(errors == 0, "-legal")
        self.set_class(errors is not None and errors > 0, "-illegal")

    def render(self) -> Content:
        width = self.size.width
        if self.errors is None:
            status = Content.styled(" … checking ", "$text-muted")
        elif self.errors == 0:
            status = Content.styled(f" ✔ {self.verdicts[0]} ", LEGAL_STYLE)
        else:
            status = Content.styled(f" ✖ {self.verdicts[1]} · {counted(self.errors, 'error')} ", ILLEGAL_STYLE)
        dirty = Content.styled(UNSAVED, "$warning") if self.dirty else Content("")
        room = width - status.cell_length - dirty.cell_length
        name = self.title or ("Loading…" if self.errors is None else "(unnamed roster)")
        title = Content.styled(name, "bold").truncate(max(room - 2, 1), ellipsis=True)
        left = Content.assemble(" ", title, " ")
        subtitle = Content.styled(self.subtitle, "$text-muted").truncate(max(room - left.cell_length, 0), ellipsis=True)
        gap = max(room - left.cell_length - subtitle.cell_length, 0)
        return Content.assemble(left, subtitle, " " * gap, dirty, status)
