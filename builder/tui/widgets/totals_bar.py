"""The totals bar: the figures the game counts, a broken limit in the error colour."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from builder.editing.base import TotalItem

VALUE_STYLES = {"": "bold", "ok": "bold $success", "over": "bold $error", "under": "bold $error"}
LABEL_STYLES = {"ok": "$success", "over": "bold $error", "under": "bold $error"}


def totals_line(items: tuple[TotalItem, ...]) -> Content:
    """ "Units 12/15  Heroes 2/3  …": each figure bold, a broken limit (over or under) in the error colour."""
    return Content("  ").join(
        Content.assemble((f"{item.label} ", LABEL_STYLES.get(item.state, "")), (item.value, VALUE_STYLES[item.state]))
        for item in items
    )


class TotalsBar(Static):
    """Set `items`: one line, drawn as one widget."""

    items: reactive[tuple[TotalItem, ...]] = reactive(())

    def watch_items(self, items: tuple[TotalItem, ...]) -> None:
        self.update(totals_line(items))
