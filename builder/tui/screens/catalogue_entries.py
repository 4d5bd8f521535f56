"""The catalogue editor's entry changes: add, duplicate, rename and remove, each asked for and undoable."""

from __future__ import annotations

from collections.abc import Callable

from textual import work
from textual.widgets import Input, OptionList

from builder.editing.catalogue_form import HEADER
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.screens.catalogue_view import CatalogueView
from catalog.errors import WarbenchError


class CatalogueEntries(CatalogueView):
    """The base of CatalogueEditor: the keys that change which entries the catalogue has."""

    def _kind_here(self) -> str | None:
        """The kind of entry the highlighted row belongs to (None on the catalogue's own row)."""
        kind = self.selected[0]
        return None if kind == HEADER else kind

    @work(exclusive=True, group="ask")
    async def action_add(self) -> None:
        kind = self._kind_here() or self.session.kinds[1].key
        title = self.session.kind(kind).title.lower()
        name = await self.app.push_screen_wait(
            TextPrompt(f"New entry in {title}", hint="Its name (the id is made from it):", max_length=120)
        )
        if name:
            await self._do(lambda: self.session.add(kind, name), kind)

    async def action_duplicate(self) -> None:
        kind, index = self.selected
        if kind == HEADER:
            return
        if index < 0:
            option = self.query_one("#cat-entries", OptionList).highlighted_option
            assert option is not None, "a base entry's row is highlighted (its index is negative)"
            key = str(option.id).split("base:")[1]
            await self._do(lambda: self.session.override(kind, key), kind)
        else:
            await self._do(lambda: self.session.duplicate(kind, index), kind)

    @work(exclusive=True, group="ask")
    async def action_remove(self) -> None:
        kind, index = self.selected
        if kind == HEADER or index < 0 or self.focused is not self.query_one("#cat-entries"):
            return
        if reason := self.session.refusal_to_remove(kind, index):
            self.notify(reason, title="Not removed", severity="error", timeout=8)
            return
        name = self.session.entry(kind, index).get("name", "")
        answer = await self.app.push_screen_wait(
            ConfirmDialog("Remove", f"Remove {name}?", [("remove", "Remove"), ("keep", "Keep")])
        )
        if answer == "remove":

            def remove() -> int:
                self.session.remove(kind, index)
                return max(0, index - 1)

            await self._do(remove, kind)

    @work(exclusive=True, group="ask")
    async def action_rename(self) -> None:
        """Rename, then say how rosters that name the old id will follow."""
        kind, index = self.selected
        if kind == HEADER or index < 0:
            return
        entry = self.session.entry(kind, index)
        old_name, old_id = str(entry.get("name", "")), str(entry.get("id", ""))
        name = await self.app.push_screen_wait(
            TextPrompt("Rename", old_name, hint="The new name (the id follows it):", max_length=120)
        )
        if not name or name == old_name:
            return
        await self._do(lambda: (self.session.rename(kind, index, name), index)[1], kind)
        new_id = str(self.session.entry(kind, index).get("id", ""))
        if old_id and new_id != old_id:
            self.notify(
                f"Rosters naming '{old_id}' will read '{new_id}' once you save: the change log records it, so "
                "nothing in them is dropped.",
                timeout=8,
            )

    async def _do(self, edit: Callable[[], int], kind: str) -> None:
        """Run an edit that returns the index of the entry to select; a refused one says why."""
        try:
            index = edit()
        except WarbenchError as exc:
            self.notify(str(exc), title="Not changed", severity="error", timeout=8)
            return
        self.selected = (kind, index)
        typed = self.query_one("#cat-filter", Input)
        if typed.value and not any(
            row.index == index and not row.inherited for row in self.session.entries(kind, typed.value)
        ):  # the entry added (or kept) is one the filter hides: the whole list, so that it is shown
            with typed.prevent(Input.Changed):
                typed.value = ""
        self._after_change(entries=True)
        await self._show_entry()
