"""The catalogue editor: a catalogue's entries by kind, a form for the selected one, and its problems, live."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.timer import Timer
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from builder.editing.catalogue import CatalogueSession, Problem, value_at
from builder.editing.catalogue_form import HEADER, FieldSpec, FieldValueError, parse_value
from builder.games import GAMES
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.screens.base import WarbenchScreen
from builder.tui.widgets.entry_form import EntryForm, FieldRow, field_id
from builder.tui.widgets.key_footer import KeyFooter
from catalog.errors import WarbenchError
from catalog.paths import installed_catalogue_dir

HEADING = -2
"""The index of a kind's heading row: Ctrl+N there adds the kind's first entry."""
AUTOSAVE_SECONDS = 1.0
"""The recovery file is written this long after the last change."""


def catalogue_ref(session: CatalogueSession) -> str:
    """How a roster names the catalogue: by id when it is installed (found by id), else by its path."""
    path = Path(str(session.path)).resolve()
    if path == (installed_catalogue_dir() / f"{session.data.get('id')}.toml").resolve():
        return str(session.data["id"])
    return str(path)


class CatalogueEditor(WarbenchScreen):
    """Edit one catalogue file: every change is checked at once, undoable, and kept in a recovery file."""

    HELP_TITLE = "Catalogue editor"
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("ctrl+z", "undo", "Undo", priority=True),
        Binding("ctrl+y", "redo", "Redo", priority=True),
        Binding("ctrl+f", "find", "Filter", show=False, priority=True),
        Binding("ctrl+g", "problems", "Problems", show=False, priority=True),
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
        self.selected: tuple[str, int] = (HEADER, 0)
        self._autosave_timer: Timer | None = None

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

    # -- drawing ---------------------------------------------------------------------------------------------

    def _fill_entries(self) -> None:
        """Every kind's entries (filtered), under a heading per kind; the catalogue's own keys first."""
        session = self.session
        text = self.query_one("#cat-filter", Input).value
        options = [Option(Content.styled("⚙ Catalogue", "bold"), id=f"{HEADER}:0")]
        for kind in session.kinds[1:]:
            rows = session.entries(kind.key, text)
            options.append(
                Option(
                    Content.styled(f"{kind.title.upper()} ({len(rows)})", "bold $text-muted"),
                    id=f"{kind.key}:{HEADING}",
                )
            )
            for row in rows:
                label = Content(row.name or row.key)
                if row.inherited:
                    label = Content.assemble((row.name or row.key, "dim"), (" (base)", "dim italic"))
                where = row.index if not row.inherited else f"base:{row.key}"
                options.append(Option(label, id=f"{kind.key}:{where}"))
        entries = self.query_one("#cat-entries", OptionList)
        keep = entries.highlighted
        entries.set_options(options)
        wanted = f"{self.selected[0]}:{self.selected[1]}"
        ids = [option.id for option in options]
        entries.highlighted = (
            ids.index(wanted) if wanted in ids else (keep if keep is not None and keep < len(options) else 0)
        )

    async def _show_entry(self) -> None:
        """The form of the selected entry."""
        session = self.session
        kind, index = self.selected
        spec = session.kind(kind)
        entry = session.entry(kind, index)
        fields = [(f, session.value(kind, index, f.key), session.suggestions(f)) for f in spec.fields]
        title = "Catalogue" if kind == HEADER else f"{spec.title}: {entry.get('name', entry.get('id', ''))}"
        await self.query_one(EntryForm).show(title, fields, read_only=False)

    async def _show_heading(self, kind: str) -> None:
        spec = self.session.kind(kind)
        count = len(self.session.data.get(kind, []))
        await self.query_one(EntryForm).show(f"{spec.title}: {count} of this catalogue's own", [], read_only=True)
        self.query_one(EntryForm).mount(
            Label(
                f"Ctrl+N adds a new entry to {spec.title.lower()}; each has "
                f"{', '.join(f.key for f in spec.fields[:8])}"
                f"{' …' if len(spec.fields) > 8 else ''}.",
                classes="field-label",
            )
        )

    async def _show_inherited(self, kind: str, key: str) -> None:
        base = self.session.base_data() or {}
        entry: dict[str, Any] = next(
            (e for e in base.get(kind, []) if str(e.get(self.session.kind(kind).keyed_by)) == key), {}
        )
        fields: list[tuple[FieldSpec, Any, tuple[str, ...]]] = [
            (f, value_at(entry, f.key), ()) for f in self.session.kind(kind).fields
        ]
        await self.query_one(EntryForm).show(
            f"{entry.get('name', key)} (from {self.session.data.get('extends')}: Ctrl+D makes your own copy)",
            fields,
            read_only=True,
        )

    def _refresh_status(self) -> None:
        session = self.session
        data = session.data
        mark = "● " if session.dirty else ""
        base = f" · on {data['extends']}" if data.get("extends") else ""
        self.query_one("#cat-title", Label).update(
            Content.assemble(
                (mark, "$warning"),
                (str(data.get("name", "")), "bold"),
                f"  {GAMES[session.game].short_name} · rev {data.get('revision')}{base} · {data.get('id')}",
            )
        )
        problems = session.problems
        status = (
            Content.styled("✔ no problems", "$success")
            if not problems
            else Content.styled(f"✖ {len(problems)} problem{'s' if len(problems) != 1 else ''}", "$error")
        )
        self.query_one("#cat-status", Label).update(status)
        panel = self.query_one("#cat-problems", OptionList)
        panel.set_options(
            [Option(Content.assemble((p.where, "bold"), f"  {p.message}"), id=str(i)) for i, p in enumerate(problems)]
            or [Option("No problems: `catalog check` passes.", disabled=True)]
        )

    def _after_change(self, *, entries: bool = False) -> None:
        if entries:
            self._fill_entries()
        self._refresh_status()
        if self._autosave_timer is not None:
            self._autosave_timer.stop()
        self._autosave_timer = self.set_timer(AUTOSAVE_SECONDS, self.session.autosave)

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
        kind, index = self.selected
        try:
            value = parse_value(event.spec, event.text)
            self.session.set_value(kind, index, event.spec.key, value)
        except (FieldValueError, WarbenchError) as exc:
            self.notify(str(exc), title="Not changed", severity="error", timeout=6)
            self.query_one(EntryForm).show_stored(event.spec)
            return
        for row in self.query(FieldRow):
            if row.spec.key == event.spec.key:
                row.value = value
        self._after_change(entries=event.spec.key in ("name", "id"))

    @on(OptionList.OptionSelected, "#cat-problems")
    async def _problem_chosen(self, event: OptionList.OptionSelected) -> None:
        await self.go_to(self.session.problems[int(event.option.id or 0)])

    async def go_to(self, problem: Problem) -> None:
        """Select the entry a problem is about and move to its field."""
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
        self.notify(f"Undone: {label}" if label else "Nothing to undo.", timeout=2)
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

    def _kind_here(self) -> str | None:
        """The kind of entry the highlighted row belongs to (None on the catalogue's own row)."""
        kind = self.selected[0]
        return None if kind == HEADER else kind

    def action_add(self) -> None:
        kind = self._kind_here() or self.session.kinds[1].key
        title = self.session.kind(kind).title.lower()

        def named(name: str | None) -> None:
            if name:
                self.call_later(self._do, lambda: self.session.add(kind, name), kind)

        self.app.push_screen(
            TextPrompt(f"New entry in {title}", hint="Its name (the id is made from it):", max_length=120), named
        )

    def action_duplicate(self) -> None:
        kind, index = self.selected
        if kind == HEADER:
            return
        if index < 0:
            option = self.query_one("#cat-entries", OptionList).highlighted_option
            assert option is not None, "a base entry's row is highlighted (its index is negative)"
            key = str(option.id).split("base:")[1]
            self.call_later(self._do, lambda: self.session.override(kind, key), kind)
        else:
            self.call_later(self._do, lambda: self.session.duplicate(kind, index), kind)

    def action_remove(self) -> None:
        kind, index = self.selected
        if kind == HEADER or index < 0 or self.focused is not self.query_one("#cat-entries"):
            return
        if reason := self.session.refusal_to_remove(kind, index):
            self.notify(reason, title="Not removed", severity="error", timeout=8)
            return
        name = self.session.entry(kind, index).get("name", "")

        def remove() -> int:
            self.session.remove(kind, index)
            return max(0, index - 1)

        def answered(answer: str | None) -> None:
            if answer == "remove":
                self.call_later(self._do, remove, kind)

        self.app.push_screen(
            ConfirmDialog("Remove", f"Remove {name}?", [("remove", "Remove"), ("keep", "Keep")]), answered
        )

    def action_rename(self) -> None:
        kind, index = self.selected
        if kind == HEADER or index < 0:
            return
        old = str(self.session.entry(kind, index).get("name", ""))

        def named(name: str | None) -> None:
            if name and name != old:
                self.call_later(self._rename_to, kind, index, name)

        self.app.push_screen(TextPrompt("Rename", old, hint="The new name (the id follows it):", max_length=120), named)

    async def _rename_to(self, kind: str, index: int, name: str) -> None:
        """Rename, then say how rosters that name the old id will follow."""
        old = str(self.session.entry(kind, index).get("id", ""))
        await self._do(lambda: (self.session.rename(kind, index, name), index)[1], kind)
        new = str(self.session.entry(kind, index).get("id", ""))
        if old and new != old:
            self.notify(
                f"Rosters naming '{old}' will read '{new}' once you save: the change log records it, so "
                "nothing in them is dropped.",
                timeout=8,
            )

    async def _do(self, edit, kind: str) -> None:
        """Run an edit that returns the index of the entry to select; a refused one says why."""
        try:
            index = edit()
        except WarbenchError as exc:
            self.notify(str(exc), title="Not changed", severity="error", timeout=8)
            return
        self.selected = (kind, index)
        self._after_change(entries=True)
        await self._show_entry()

    def action_save(self) -> None:
        if self.session.problems:
            count = len(self.session.problems)

            def answered(answer: str | None) -> None:
                if answer == "save":
                    self._save()

            self.app.push_screen(
                ConfirmDialog(
                    "Problems",
                    f"The catalogue has {count} problem{'s' if count != 1 else ''}: rosters cannot load it "
                    "until they are fixed. Save anyway?",
                    [("save", "Save"), ("cancel", "Cancel")],
                ),
                answered,
            )
            return
        self._save()

    def _save(self) -> None:
        session = self.session
        if not session.changed_since_saved() and session.path is not None and session.path.exists():
            session.save(bump=False)
            self.notify("Saved (no content changed, so the revision stays).", timeout=3)
            self._refresh_status()
            return
        revision = int(session.data.get("revision", 1)) + (1 if session.path and session.path.exists() else 0)

        def noted(note: str | None) -> None:
            if note is None:
                return
            try:
                path = session.save(note)
            except (OSError, WarbenchError) as exc:
                self.notify(str(exc), title="Not saved", severity="error", timeout=8)
                return
            self.notify(f"Saved {path.name} as revision {revision}.", timeout=4)
            self._refresh_status()

        self.app.push_screen(
            TextPrompt(
                f"Save as revision {revision}",
                hint="What changed, in a line (the change log keeps it, so rosters say what changed):",
                max_length=200,
            ),
            noted,
        )

    def action_share(self) -> None:
        """The saved catalogue as a code and its QR, part by part when one QR cannot hold it (Esc: the next)."""
        session = self.session
        if session.dirty or session.path is None or not Path(session.path).exists():
            self.notify("Save the catalogue first (Ctrl+S): a code carries the catalogue as saved.", timeout=5)
            return
        from builder.catalogue_arrival import raw_catalogue
        from builder.tui.dialogs.share import ShareDialog
        from exports.share.catalogue_code import encode_catalogue, split

        try:
            parts = split(encode_catalogue(raw_catalogue(Path(session.path))))
        except WarbenchError as exc:
            self.notify(str(exc), title="Cannot share", severity="error", timeout=8)
            return
        label = f"catalogue '{session.data.get('id')}' revision {session.data.get('revision')}"

        def show(n: int) -> None:
            if n < len(parts):
                where = f" · part {n + 1} of {len(parts)}, Esc for the next" if len(parts) > 1 else ""
                self.app.push_screen(
                    ShareDialog(parts[n], notes=f"{label}{where} (`warbench catalog import` or Ctrl+O reads it)"),
                    lambda again: show(n if again else n + 1),
                )

        show(0)

    def action_new_roster(self) -> None:
        """A new roster on this catalogue (saved first, so the roster can name its file)."""
        if self.session.dirty or self.session.path is None or not Path(self.session.path).exists():
            self.notify("Save the catalogue first (Ctrl+S): a roster names the catalogue's file.", timeout=5)
            return
        self.app.new_roster_on(self.session.game, catalogue_ref(self.session))

    def action_close(self) -> None:
        if not self.session.dirty:
            self.session.store.clear_recovery(self.session.path)
            self.dismiss()
            return

        def answered(answer: str | None) -> None:
            if answer == "discard":
                self.session.store.clear_recovery(self.session.path)
                self.dismiss()
            elif answer == "save":
                self.action_save()

        self.app.push_screen(
            ConfirmDialog(
                "Unsaved changes",
                "Save the catalogue before closing?",
                [("save", "Save"), ("discard", "Discard"), ("cancel", "Cancel")],
            ),
            answered,
        )
