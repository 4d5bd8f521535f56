"""The totals bar: the figures the game counts, a broken limit marked by class."""

from __future__ import annotations

from textual.containers import Horizontal
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Label

from builder.tui.games.base import TotalItem


class TotalsBar(Horizontal):
    """Set `items`; each shows "Label value", with class `-over`/`-under`/`-ok` by its state."""

    items: reactive[tuple[TotalItem, ...]] = reactive(())

    def watch_items(self, old: tuple[TotalItem, ...], new: tuple[TotalItem, ...]) -> None:
        labels = list(self.query(Label))
        if len(labels) != len(new):
            self.remove_children()
            labels = [Label(classes="total") for _ in new]
            self.mount_all(labels)
        for label, item in zip(labels, new):
            label.update(Content.assemble(f"{item.label} ", (item.value, "bold")))
            for state in ("ok", "over", "under"):
                label.set_class(item.state == state, f"-{state}")
