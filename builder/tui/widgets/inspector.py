"""The inspector: the selected roster entry's stats and its editable parts (cortex, slots, attachments)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from builder.editing.base import Inspection, Meter
from builder.tui.spans import content
from builder.tui.widgets.text import KeptPairs

ONE_BOX_EACH = 20
"""Up to this maximum a meter draws one box per point (5 WP: five boxes); above it, `width` boxes to scale."""


def meter_bar(meter: Meter, width: int = 10) -> Content:
    """ "WP ■■■■□ 4/5" scaled to the maximum; past it, a "+" and the overflow's boxes in the error colour."""
    used, total = max(meter.used, 0), meter.total
    if total <= 0:
        return Content.assemble((f"{meter.label} ", "bold"), f"{meter.used}")
    boxes = total if total <= ONE_BOX_EACH else width
    filled = min(boxes, round(boxes * used / total))
    over = used > total
    parts: list[tuple[str, str] | str] = [
        (f"{meter.label} ", "bold"),
        ("■" * filled, "$error" if over else "$success"),
        ("□" * (boxes - filled), "dim"),
    ]
    if over:
        extra = min(width, max(1, round(boxes * (used - total) / total)))
        parts += [("+", "$error bold"), ("■" * extra, "$error")]
    parts.append((f" {meter.used}/{meter.total}", "$error bold" if over else ""))
    return Content.assemble(*parts)


class InspectorRows(OptionList):
    """The inspector's rows; Enter changes a row, Del clears it."""

    HELP_TITLE = "Loadout"

    BINDINGS = [
        Binding("delete,x", "clear", "Clear", tooltip="Remove this choice"),
        Binding("escape", "back", "Back", show=False),
    ]

    def action_clear(self) -> None:
        if self.highlighted is not None:
            row = self.get_option_at_index(self.highlighted).id
            assert row is not None, "show() gives every row its key as id"
            self.post_message(Inspector.RowCleared(row))

    def action_back(self) -> None:
        self.post_message(Inspector.Back())


class Inspector(Vertical):
    """Set `inspection` (and `line_key`); posts RowChosen, RowCleared and Back."""

    BORDER_TITLE = "Loadout"
    ROWS: type[InspectorRows] = InspectorRows
    """The rows' widget (a game's editor may step its rows in place)."""
    inspection: reactive[Inspection | None] = reactive(None, always_update=True)
    line_key: str | None = None
    """The roster line shown; the row cursor goes back to the top when it changes."""

    class RowChosen(Message):
        """Enter on a row: the screen offers its choices."""

        def __init__(self, row: str) -> None:
            super().__init__()
            self.row = row

    class RowCleared(RowChosen):
        """Del on a row: the screen removes that choice."""

    class Back(Message):
        """Escape: back to the roster list."""

    _shown_key: str | None = None

    def show(self, key: str | None, inspection: Inspection | None) -> None:
        """Show the inspection of the roster line `key` (nothing to redraw when it is the one shown)."""
        if key == self._shown_key and inspection == self.inspection and self.is_mounted:
            return
        self.line_key = key
        self.inspection = inspection

    def compose(self) -> ComposeResult:
        yield Static(id="inspector-title")
        with Vertical(id="inspector-body"):  # the rows never grow past the pane, so they scroll to their cursor
            yield self.ROWS(id="inspector-rows")
            yield Static(id="inspector-text")

    @property
    def rows(self) -> InspectorRows:
        return self.query_one(InspectorRows)

    def watch_inspection(self, inspection: Inspection | None) -> None:
        if not self.is_mounted:
            return
        title = self.query_one("#inspector-title", Static)
        text = self.query_one("#inspector-text", Static)
        rows = self.rows
        keep = rows.highlighted if self._shown_key == self.line_key else 0
        self._shown_key = self.line_key
        if inspection is None:
            title.update(Content("Nothing selected: add an entry from the catalogue."))
            rows.set_options([])
            rows.display = False
            text.update("")
            return
        heading = content(inspection.title)
        if inspection.meter is not None:  # the gauge on the title's second line: one widget, not two
            heading = Content("\n").join([heading, meter_bar(inspection.meter)])
        title.update(heading)
        rows.set_options(
            [Option(Content.assemble((f"{row.label}: ", "bold"), row.value), id=row.key) for row in inspection.rows]
        )
        rows.display = bool(inspection.rows)
        if inspection.rows:
            rows.highlighted = min(keep or 0, len(inspection.rows) - 1)
        text.update(KeptPairs(content(inspection.text)))

    def select_row(self, row: str) -> bool:
        """Highlight the row with this key (True if it exists)."""
        rows = self.rows
        for index, option in enumerate(rows.options):
            if option.id == row:
                rows.highlighted = index
                return True
        return False

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        assert event.option.id is not None, "show() gives every row its key as id"
        self.post_message(self.RowChosen(event.option.id))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
