"""The header line: the roster's name and game, unsaved mark, and the legal/illegal status."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widgets import Label
from catalog.wording import counted


class LegalStatus(Label):
    """" LEGAL " or " NOT LEGAL · 2 errors ", with class `-legal` or `-illegal`."""

    errors: reactive[int] = reactive(0, init=False)

    def on_mount(self) -> None:
        self.watch_errors(self.errors)

    def watch_errors(self, errors: int) -> None:
        self.set_class(errors == 0, "-legal")
        self.set_class(errors > 0, "-illegal")
        self.update(" ✔ LEGAL " if errors == 0 else f" ✖ NOT LEGAL · {counted(errors, 'error')} ")


class RosterHeader(Horizontal):
    """Set `title`, `subtitle`, `dirty` and `errors`."""

    title: reactive[str] = reactive("")
    subtitle: reactive[str] = reactive("")
    dirty: reactive[bool] = reactive(False)
    errors: reactive[int] = reactive(0)

    def compose(self) -> ComposeResult:
        yield Label(id="roster-title", markup=False)
        yield Label(id="roster-subtitle", markup=False)
        yield Label(id="roster-dirty")
        yield LegalStatus(id="legal-status").data_bind(errors=RosterHeader.errors)

    def _update(self) -> None:
        if not self.is_mounted:
            return
        self.query_one("#roster-title", Label).update(self.title or "(unnamed roster)")
        self.query_one("#roster-subtitle", Label).update(self.subtitle)
        dirty = self.query_one("#roster-dirty", Label)
        dirty.update("● unsaved" if self.dirty else "")
        dirty.display = self.dirty

    def on_mount(self) -> None:
        self._update()

    watch_title = watch_subtitle = watch_dirty = _update
