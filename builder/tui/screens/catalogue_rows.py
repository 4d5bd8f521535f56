"""A row of a catalogue entry (a warjack's weapon, a hardpoint, one of its options) in a form of its own over the
editor: each field typed or picked as an entry's are, rows of its own opened the same way."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen

from builder.editing.catalogue import CatalogueSession
from builder.editing.catalogue_form import row_summary
from builder.tui.widgets.entry_form import EntryForm
from builder.tui.widgets.key_hint import key_hint


class RowHost(Protocol):
    """The catalogue editor, as a row's form asks it to change the session."""

    session: CatalogueSession
    selected: tuple[str, int]

    def apply(self, event: EntryForm.Edited, form: EntryForm, prefix: str) -> None:
        """Set a field typed into `form`, under `prefix` (`weapons.0.`)."""

    def ask_row(self, event: EntryForm.RowAsked, prefix: str, then: Callable[[], Awaitable[None]]) -> object:
        """Open, add or remove a row of a field under `prefix`, then call `then` (in a worker)."""


class RowDialog(ModalScreen[None]):
    """One row's fields (its `key` is `weapons.0` or `hardpoints.1.options.0`); Esc goes back to the entry."""

    HELP_TITLE = "A row's form"
    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, host: RowHost, key: str) -> None:
        super().__init__(classes="dialog")
        self.host = host
        self.key = key

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box row-box"):
            yield EntryForm(in_row=True, id="row-form")
            yield key_hint(("Enter or Tab keeps a field", None), ("Esc back to the entry", "back"))

    async def on_mount(self) -> None:
        await self.refresh_form()
        form = self.query_one(EntryForm)
        editable = [control for control in form.query("Input, Select, OptionList") if not control.disabled]
        if editable:
            editable[0].focus()

    async def refresh_form(self) -> None:
        """The row's fields as the session holds them now."""
        session, (kind, index) = self.host.session, self.host.selected
        rows = self.key.rpartition(".")[0]
        spec = session.field(kind, rows)
        row = session.value(kind, index, self.key) or {}
        fields = [(c, session.value(kind, index, f"{self.key}.{c.key}"), session.suggestions(c)) for c in spec.columns]
        parts = self.key.split(".")
        path = [f"{name} {int(place) + 1}" for name, place in zip(parts[::2], parts[1::2])]
        where = " › ".join([session.label(kind, index), *path])
        await self.query_one(EntryForm).show(where, fields, read_only=False)
        self.query_one(".row-box").border_title = Content(f"{where}: {row_summary(spec, row)}")  # data, never markup

    @on(EntryForm.Edited)
    async def _edited(self, event: EntryForm.Edited) -> None:
        self.host.apply(event, self.query_one(EntryForm), f"{self.key}.")

    @on(EntryForm.RowAsked)
    def _row_asked(self, event: EntryForm.RowAsked) -> None:
        self.host.ask_row(event, f"{self.key}.", self.refresh_form)

    def action_back(self) -> None:
        self.dismiss(None)
