"""The catalogue editor: a catalogue's entries by kind, a form for the selected one, and its problems and warnings,
live."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, OptionList

from builder.editing.catalogue import CatalogueSession
from builder.editing.catalogue_form import HEADER, FieldValueError, parse_value
from builder.editing.catalogue_problems import Problem
from builder.editing.catalogue_rows import add_row, remove_row
from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.screens.catalogue_entries import CatalogueEntries
from builder.tui.screens.catalogue_file import CatalogueFile
from builder.tui.screens.catalogue_rows import RowDialog
from builder.tui.screens.catalogue_view import HEADING
from builder.tui.widgets.entry_form import EntryForm, FieldRow, field_id
from builder.tui.widgets.key_footer import KeyFooter
from catalog.errors import WarbenchError


class CatalogueEditor(CatalogueEntries, CatalogueFile):
    """Edit one catalogue file: every change is checked at once, undoable, and kept in a recovery file."""

    HELP_TITLE = "Catalogue editor"
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("ctrl+z", "undo", "Undo", priority=True),
        Binding("ctrl+y", "redo", "Redo", priority=True),
        Binding("ctrl+f", "find", "Filter", show=False, priority=True),
        Binding("ctrl+g", "problems", "Problems and warnings", show=False, priority=True),
        Binding("ctrl+n", "add", "Add entry", priority=True),
        Binding("ctrl+d", "duplicate", "Duplicate", show=False, priority=True),
        Binding("f2", "rename", "Rename", show=False, priority=True),
        Binding("delete", "remove", "Remove", show=False),
        Binding("ctrl+r", "new_roster", "New roster", show=False, priority=True),
        Binding("ctrl+k", "share", "Share", priority=True),
        Binding("ctrl+w", "close", "Close", priority=True),
        Binding("escape", "to_list", "Back to the list", show=False),
    ]

    def __init__(self, session: CatalogueSession) -> None:
        super().__init__(id="catalogue-editor")
        self.session = session
        self.selected = (HEADER, 0)
        self._autosave_timer = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="cat-top"):
            yield Label(id="cat-title")
            yield Label(id="cat-status")
        with Horizontal(id="cat-body"):
            with Vertical(id="cat-left"):
                yield Input(placeholder="filter (Ctrl+F)", id="cat-filter", compact=True)
                yield OptionList(id="cat-entries")
            yield EntryForm(id="cat-form")
        yield OptionList(id="cat-problems")
        yield KeyFooter()

    async def on_mount(self) -> None:
        self._fill_entries()
        await self._show_entry()
        self._refresh_status()
        self.query_one("#cat-entries", OptionList).focus()

    def on_unmount(self) -> None:
        """A change the timer has not yet put in the recovery file goes there now: the editor closes, or the app
        stops (a crash too), within a second of it."""
        self.session.autosave()

    # -- events ----------------------------------------------------------------------------------------------

    @on(Input.Changed, "#cat-filter")
    def _filtered(self) -> None:
        self._fill_entries()

    @on(Input.Submitted, "#cat-filter")
    def _filter_done(self) -> None:
        self.query_one("#cat-entries", OptionList).focus()

    @on(OptionList.OptionHighlighted, "#cat-entries")
    async def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        kind, _, where = (event.option.id or "").partition(":")
        if where == str(HEADING):
            self.selected = (kind, HEADING)
            await self._show_heading(kind)
            return
        if where.startswith("base:"):
            self.selected = (kind, -1)
            await self._show_inherited(kind, where.removeprefix("base:"))
            return
        if (kind, int(where)) != self.selected or not self.query(FieldRow):
            self.selected = (kind, int(where))
            await self._show_entry()

    @on(OptionList.OptionSelected, "#cat-entries")
    def _entry_chosen(self) -> None:
        if self.selected[1] == HEADING:
            self.action_add()
            return
        editable = [row for row in self.query(FieldRow) if not row.read_only]
        if editable:
            editable[0].query_one(f"#{field_id(editable[0].spec.key)}").focus()

    @on(EntryForm.Edited)
    def _edited(self, event: EntryForm.Edited) -> None:
        self.apply(event, self.query_one(EntryForm), "")

    def apply(self, event: EntryForm.Edited, form: EntryForm, prefix: str) -> None:
        """Set a field typed into `form` (this screen's, or a row's under `prefix`); a refused value says why."""
        kind, index = self.selected
        try:
            value = parse_value(event.spec, event.text)
            self.session.set_value(kind, index, prefix + event.spec.key, value)
        except (FieldValueError, WarbenchError) as exc:
            self.notify(str(exc), title="Not changed", severity="error", timeout=6)
            form.show_stored(event.spec)
            return
        for row in form.query(FieldRow):
            if row.spec.key == event.spec.key:
                row.value = value
        self._after_change(entries=not prefix and event.spec.key in ("name", "id"))

    @on(EntryForm.RowAsked)
    def _row_asked(self, event: EntryForm.RowAsked) -> None:
        self.ask_row(event, "", self._show_entry)

    @work(group="rows")
    async def ask_row(self, event: EntryForm.RowAsked, prefix: str, then: Callable[[], Awaitable[None]]) -> None:
        """Remove a row, or add one (asking its name) and open it, or open one: its form over this screen."""
        kind, index = self.selected
        key = prefix + event.spec.key
        row = event.row
        try:
            if event.remove and row is not None:
                remove_row(self.session, kind, index, key, row)
            elif row is None:
                hint = "Its name (its id is made from it):"
                name = await self.app.push_screen_wait(TextPrompt(f"New row in {event.spec.key}", hint=hint))
                if not name:
                    return
                row = add_row(self.session, kind, index, key, name)
        except WarbenchError as exc:
            self.notify(str(exc), title="Not changed", severity="error", timeout=8)
            return
        self._after_change()
        await then()
        if not event.remove:
            await self.app.push_screen_wait(RowDialog(self, f"{key}.{row}"))
            await then()

    @on(OptionList.OptionSelected, "#cat-problems")
    async def _problem_chosen(self, event: OptionList.OptionSelected) -> None:
        which, index = (event.option.id or "p0")[0], int((event.option.id or "p0")[1:])
        await self.go_to((self.session.problems if which == "p" else self.session.warnings)[index])

    async def go_to(self, problem: Problem) -> None:
        """Select the entry a problem (or warning) is about and move to its field."""
        if problem.kind is None or problem.index is None:
            return
        if (problem.kind, problem.index) != self.selected:
            self.selected = (problem.kind, problem.index)
            self._fill_entries()
            await self._show_entry()
        if problem.field:
            self.query_one(EntryForm).focus_field(problem.field)

    # -- actions ---------------------------------------------------------------------------------------------

    def action_to_list(self) -> None:
        self.query_one("#cat-entries", OptionList).focus()

    def action_find(self) -> None:
        self.query_one("#cat-filter", Input).focus()

    def action_problems(self) -> None:
        panel = self.query_one("#cat-problems", OptionList)
        panel.focus()
        panel.highlighted = 0

    async def action_undo(self) -> None:
        label = self.session.undo()
        self.notify(
            f"Undone: {label}" if label else "Nothing to undo since the catalogue was opened or last saved.", timeout=2
        )
        await self._redraw()

    async def action_redo(self) -> None:
        label = self.session.redo()
        self.notify(f"Redone: {label}" if label else "Nothing to redo.", timeout=2)
        await self._redraw()

    async def _redraw(self) -> None:
        kind, index = self.selected
        if kind != HEADER and not 0 <= index < len(self.session.data.get(kind, [])):
            self.selected = (HEADER, 0)
        self._after_change(entries=True)
        await self._show_entry()
