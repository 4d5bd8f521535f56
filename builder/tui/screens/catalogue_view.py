"""The catalogue editor's panes: the entry list under a heading per kind, the selected entry's form, the status
line and the problems (then the warnings), drawn from the session."""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.timer import Timer
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from builder.editing.catalogue import CatalogueSession
from builder.editing.catalogue_form import HEADER, FieldSpec
from builder.editing.catalogue_values import value_at
from builder.game import GAMES
from builder.tui.screens.base import WarbenchScreen
from builder.tui.widgets.entry_form import EntryForm

HEADING = -2
"""The index of a kind's heading row: Ctrl+N there adds the kind's first entry."""
AUTOSAVE_SECONDS = 1.0
"""The recovery file is written this long after the last change."""


class CatalogueView(WarbenchScreen):
    """The base of CatalogueEditor: draws its `session` with `selected` (kind, index) as the entry shown."""

    session: CatalogueSession
    selected: tuple[str, int]
    _autosave_timer: Timer | None

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
        problems, warnings = session.problems, session.warnings
        status = (
            Content.styled("✔ no problems", "$success")
            if not problems
            else Content.styled(f"✖ {len(problems)} problem{'s' if len(problems) != 1 else ''}", "$error")
        )
        if warnings:
            status = Content.assemble(
                status, " · ", (f"⚠ {len(warnings)} warning{'s' if len(warnings) != 1 else ''}", "$warning")
            )
        self.query_one("#cat-status", Label).update(status)
        panel = self.query_one("#cat-problems", OptionList)
        panel.set_options(
            [
                Option(Content.assemble((p.shown_where, "bold"), f"  {p.message}"), id=f"p{i}")
                for i, p in enumerate(problems)
            ]
            + [
                Option(Content.assemble(("⚠ ", "$warning"), (w.shown_where, "bold"), f"  {w.message}"), id=f"w{i}")
                for i, w in enumerate(warnings)
            ]
            or [Option("No problems: `catalog check` passes.", disabled=True)]
        )

    def _after_change(self, *, entries: bool = False) -> None:
        if entries:
            self._fill_entries()
        self._refresh_status()
        if self._autosave_timer is not None:
            self._autosave_timer.stop()
        self._autosave_timer = self.set_timer(AUTOSAVE_SECONDS, self.session.autosave)
