"""The totals bar: the figures the game counts, a broken limit marked by class."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widgets import Label

from builder.tui.games.base import TotalItem


class TotalsBar(Horizontal):
    """Set `items`; each shows "Label value", with class `-over`/`-under`/`-ok` by its state."""

    items: reactive[tuple[TotalItem, ...]] = reactive((), recompose=True)

    def compose(self) -> ComposeResult:
        for item in self.items:
            label = Label(f"{item.label} [b]{item.value}[/]", classes="total", markup=True)
            if item.state:
                label.add_class(f"-{item.state}")
            yield label
