"""The catalogue editor's form: one row per field of the selected entry, each with what it means."""

from __future__ import annotations

import asyncio
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Input, Label, OptionList, Select
from textual.widgets.option_list import Option

from builder.editing.catalogue_form import (
    FieldSpec,
    FieldValueError,
    inline_toml,
    row_summary,
    show_value,
    stepped,
)
from builder.editing.toml_tables import is_table_list, parse_table_lines, table_lines
from builder.tui.dialogs.text_prompt import TextPrompt

NONE = "—"
"""How an optional choice left out is offered."""
ADD = "add"
"""The option id of a row list's last line, which adds a row."""


def field_id(key: str) -> str:
    """The widget id of a field's control (`stats.spd` → `field-stats--spd`)."""
    return "field-" + key.replace(".", "--")


class NumberInput(Input):
    """A number field: Up and Down step it by one, written as the game writes it (a save stays "5+")."""

    BINDINGS = [Binding("up", "step(1)", "One more", show=False), Binding("down", "step(-1)", "One less", show=False)]

    def __init__(self, value: str, *, spec: FieldSpec, **options: Any) -> None:
        super().__init__(value, **options)
        self.spec = spec

    def action_step(self, by: int) -> None:
        value = stepped(self.spec, self.value, by)
        if value is None:
            return
        self.value = value
        self.post_message(self.Submitted(self, self.value))


class FieldRow(Vertical):
    """A field's name and meaning over the control that edits it."""

    def __init__(
        self, spec: FieldSpec, value: Any, suggestions: tuple[str, ...], read_only: bool, in_row: bool = False
    ) -> None:
        super().__init__(classes="field-row")
        self.in_row = in_row
        """A field of a row (a weapon's), whose id is kept as it was made: rosters name it."""
        self.spec = spec
        self.value = value
        self.suggestions = suggestions
        self.blank_allowed = not spec.required or show_value(spec, value) not in self.options
        """A choice shows none when it may be left out, or when the entry lacks it or names no choice (its problem
        is listed; picking a choice mends it)."""
        self.shape = (spec, suggestions, read_only)
        """What the row was made for, all but the value: another entry's field of the same shape reuses the row."""
        self.read_only = read_only or spec.key == "id"
        """An id is not typed over: F2 renames an entry, and its id and every reference to it follow."""

    @property
    def as_lines(self) -> bool:
        """Whether the field is a list of tables, edited as TOML lines (F4) rather than one line."""
        return self.spec.shape in ("toml", "tables") and is_table_list(self.value or []) and not self.read_only

    @property
    def options(self) -> tuple[str, ...]:
        """What a choice row offers (none for a typed field)."""
        if self.spec.shape == "choice":
            return self.spec.choices
        return ("yes", "no") if self.spec.shape == "bool" else ()

    def can_show(self, value: Any) -> bool:
        """Whether this row's control can show `value`: a choice made without a blank cannot show none."""
        return not self.options or show_value(self.spec, value) in self.options or self.blank_allowed

    def show(self, value: Any) -> None:
        """Show another entry's value of the same field (one `can_show`)."""
        self.value = value
        shown = show_value(self.spec, value)
        control = self.query_one(f"#{field_id(self.spec.key)}")
        if isinstance(control, Select):
            control.value = shown if shown in self.options else Select.NULL
        elif isinstance(control, Input):
            control.value = shown
        elif isinstance(control, OptionList):
            keep = control.highlighted
            control.set_options(self.row_options())
            control.highlighted = min(keep or 0, control.option_count - 1)

    def row_options(self) -> list[Option]:
        """A row list's lines: each row summed up, then the line that adds one."""
        rows = self.value if is_table_list(self.value or []) else []
        options = [Option(Content(row_summary(self.spec, row)), id=f"row-{n}") for n, row in enumerate(rows or [])]
        if not self.read_only:
            options.append(Option(Content.styled(f"+ add to {self.spec.key}…", "$text-muted"), id=ADD))
        return options

    def compose(self) -> ComposeResult:
        spec = self.spec
        need = "" if spec.required else " (optional)"
        hints = [spec.meaning]
        if self.suggestions and spec.shape in ("ids", "text", "toml"):
            hints.append(f"Known: {', '.join(self.suggestions[:12])}{' …' if len(self.suggestions) > 12 else ''}")
        if spec.key == "id":
            hints.append(
                "Made from the name when the row was added."
                if self.in_row
                else "F2 renames the entry; the id and every reference to it follow."
            )
        if spec.shape == "tables" and not self.read_only:
            hints.append("Enter opens a row's form, Delete removes it, the last line adds one.")
        if self.as_lines:
            hints.append(f"F4 edits it as TOML lines, a [[{spec.key}]] table each.")
        hint = " ".join(h for h in hints if h)
        yield Label(f"{spec.key}{need}" + (f" — {hint}" if hint else ""), classes="field-label", markup=False)
        if spec.shape == "tables":
            rows = OptionList(*self.row_options(), id=field_id(spec.key), classes="field-rows")
            rows.highlighted = 0  # Enter opens the first row at once
            yield rows
        elif self.options:
            shown = show_value(spec, self.value)
            yield Select(
                [(c, c) for c in self.options],
                value=shown if shown in self.options else Select.NULL,
                allow_blank=self.blank_allowed,
                prompt=NONE,
                compact=True,
                disabled=self.read_only,
                id=field_id(spec.key),
            )
        else:
            options: dict[str, Any] = {
                "compact": True,
                "disabled": self.read_only,
                "id": field_id(spec.key),
                "placeholder": "none" if not spec.required else "",
            }
            if spec.shape in ("int", "float"):
                yield NumberInput(show_value(spec, self.value), spec=spec, **options)
            else:
                yield Input(show_value(spec, self.value), **options)


class EntryForm(VerticalScroll):
    """The fields of one entry; a field changed and left (Enter, Tab, a choice) is announced as `Edited`."""

    BINDINGS = [
        Binding("f4", "edit_lines", "Edit a list of tables as TOML lines"),
        Binding("delete", "remove_row", "Remove the row", show=False),
        Binding("ctrl+down", "next_rows", "Next list of rows", tooltip="Jump to the next list of rows (weapons …)"),
    ]

    class Edited(Message):
        """The player set a field to `text` (as typed, or the choice picked)."""

        def __init__(self, spec: FieldSpec, text: str) -> None:
            super().__init__()
            self.spec = spec
            self.text = text

    def __init__(self, *, in_row: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.in_row = in_row
        """The form of a row (a weapon, a hardpoint) rather than of an entry."""
        self._showing = asyncio.Lock()
        """One entry shown at a time: an entry added under a filter is shown while the list's highlight moves,
        and a second show filling rows the first was still mounting found no control in them (a crash)."""

    class RowAsked(Message):
        """The player asked to open (`row` its place), add (`row` None) or remove a row of a field of rows."""

        def __init__(self, spec: FieldSpec, row: int | None, remove: bool = False) -> None:
            super().__init__()
            self.spec = spec
            self.row = row
            self.remove = remove

    async def show(self, title: str, fields: list[tuple[FieldSpec, Any, tuple[str, ...]]], read_only: bool) -> None:
        """Show another entry: in the rows already there when they are its fields (the cursor moving down a kind's
        entries), else in new rows."""
        async with self._showing:
            await self._show(title, fields, read_only)

    async def _show(self, title: str, fields: list[tuple[FieldSpec, Any, tuple[str, ...]]], read_only: bool) -> None:
        self.border_title = Content(title)  # an entry's name, never markup
        rows = [child for child in self.children if isinstance(child, FieldRow)]
        values = [value for _, value, _ in fields]
        if (
            fields
            and len(rows) == len(self.children)  # nothing but field rows (a kind's heading shows a note)
            and [row.shape for row in rows] == [(spec, suggestions, read_only) for spec, _, suggestions in fields]
            and all(row.can_show(value) for row, value in zip(rows, values))
        ):
            for row, value in zip(rows, values):
                row.show(value)
            return
        await self.remove_children()
        await self.mount_all(
            [FieldRow(spec, value, suggestions, read_only, self.in_row) for spec, value, suggestions in fields]
        )

    def show_stored(self, spec: FieldSpec) -> None:
        """Put a field's stored value back (the text typed was refused)."""
        for row in self.query(FieldRow):
            if row.spec.key == spec.key:
                row.show(row.value)

    def focus_field(self, key: str) -> None:
        for row in self.query(FieldRow):
            if row.spec.key == key:
                control = row.query_one(f"#{field_id(key)}")
                control.focus()
                self.scroll_to_widget(row)

    @work(exclusive=True, group="ask")
    async def action_edit_lines(self) -> None:
        """The focused field's tables in a multi-line prompt, one key a line; what the player keeps is `Edited`."""

        row = self.app.focused.parent if self.app.focused is not None else None
        if not isinstance(row, FieldRow) or not row.as_lines:
            self.notify("F4 edits a list of tables (weapons, hardpoints) as TOML lines.", timeout=4)
            return
        spec = row.spec
        hint = f"One [[{spec.key}]] header per table, then its keys, one a line (key = value):"
        text = table_lines(spec.key, row.value) if row.value else f"[[{spec.key}]]\n"
        kept = await self.app.push_screen_wait(TextPrompt(spec.key, text, hint=hint, multiline=True, max_length=20_000))
        if kept is None:
            return
        try:
            tables = parse_table_lines(spec, kept)
        except FieldValueError as exc:
            self.notify(str(exc), title="Not changed", severity="error", timeout=8)
            return
        self.post_message(self.Edited(spec, inline_toml(tables)))

    @on(OptionList.OptionSelected, ".field-rows")
    def _row_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        row = event.option_list.parent
        if isinstance(row, FieldRow) and not row.read_only:
            where = event.option.id or ADD
            self.post_message(self.RowAsked(row.spec, None if where == ADD else int(where.removeprefix("row-"))))

    def action_next_rows(self) -> None:
        """Focus the next field of rows (a unit's weapons, a warjack's hardpoints) after the focused field, past the
        many one-line fields before it; from the last, the first again."""
        lists = [row for row in self.query(FieldRow) if row.spec.shape == "tables"]
        if not lists:
            self.notify("This entry has no list of rows.", timeout=3)
            return
        focused = self.app.focused
        rows = list(self.query(FieldRow))
        at = next((n for n, row in enumerate(rows) if focused is not None and focused in row.walk_children()), -1)
        after = [row for row in lists if rows.index(row) > at]
        target = (after or lists)[0]
        target.query_one(f"#{field_id(target.spec.key)}").focus()
        self.scroll_to_widget(target)

    def action_remove_row(self) -> None:
        """Delete on a row of a field of rows removes it (Ctrl+Z brings it back)."""
        control = self.app.focused
        row = control.parent if control is not None else None
        if isinstance(control, OptionList) and isinstance(row, FieldRow) and not row.read_only:
            option = control.highlighted_option
            if option is not None and option.id != ADD:
                self.post_message(self.RowAsked(row.spec, int(str(option.id).removeprefix("row-")), remove=True))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self._announce(event.input, event.value)

    @on(Input.Blurred)
    def _left(self, event: Input.Blurred) -> None:
        self._announce(event.input, event.input.value)  # as it is now, as for a choice

    @on(Select.Changed)
    def _chosen(self, event: Select.Changed) -> None:
        value = event.select.value  # as it is now: a row shown again since this choice holds its new entry's
        self._announce(event.select, "" if value is Select.NULL else str(value))

    def _announce(self, control: Any, text: str) -> None:
        row = control.parent
        if not isinstance(row, FieldRow) or row.read_only or text == show_value(row.spec, row.value):
            return
        self.post_message(self.Edited(row.spec, text))
