"""The roster: one line per entry with its cost and loadout summary; entries with errors are marked."""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from builder.editing.base import RosterLine
from builder.tui.widgets.text import FittedRow


class _KeyMessage(Message):
    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key


class RosterList(OptionList):
    """Set `lines` and `flagged`; posts Highlighted, Opened, RemoveRequested and DuplicateRequested."""

    HELP_TITLE = "Roster"

    BORDER_TITLE = "Roster"
    BINDINGS = [
        Binding("delete,x", "remove", "Remove", tooltip="Remove the entry"),
        Binding("d", "duplicate", "Duplicate", tooltip="Add a copy of the entry"),
        Binding("slash", "screen.find", "Filter", show=False),
    ]
    lines: reactive[tuple[RosterLine, ...]] = reactive((), always_update=True)
    flagged: reactive[frozenset[str]] = reactive(frozenset(), always_update=True)

    class Highlighted(_KeyMessage):
        """The cursor is on this entry (the inspector follows it)."""

    class Opened(_KeyMessage):
        """Enter on an entry: edit its loadout."""

    class RemoveRequested(_KeyMessage):
        """The player asked to remove this entry."""

    class DuplicateRequested(_KeyMessage):
        """The player asked for a copy of this entry."""

    def watch_lines(self) -> None:
        self._rebuild()

    def watch_flagged(self) -> None:
        self._rebuild()

    def show(self, lines: tuple[RosterLine, ...], flagged: frozenset[str]) -> None:
        """Set both lines and flags with a single rebuild (skipped when nothing changed)."""
        if lines == self.lines and flagged == self.flagged:
            return
        self.set_reactive(RosterList.lines, lines)
        self.set_reactive(RosterList.flagged, flagged)
        self._rebuild()

    def _rebuild(self) -> None:
        keep = self.highlighted_key
        options = []
        for line in self.lines:
            mark = Content.styled("✖ ", "$error") if line.key in self.flagged else Content("  ")
            row = FittedRow(Content.styled(line.label, "bold"), line.cost, mark=mark, below=line.summary)
            options.append(Option(row, id=line.key))
        self.set_options(options)
        self.select_key(keep)

    @property
    def highlighted_key(self) -> str | None:
        if self.highlighted is None or self.highlighted >= self.option_count:
            return None
        return self.get_option_at_index(self.highlighted).id

    def select_key(self, key: str | None) -> None:
        """Move the cursor to an entry (or the first one if it is gone)."""
        keys = [line.key for line in self.lines]
        if key in keys:
            self.highlighted = keys.index(key)
        elif keys:
            self.highlighted = min(self.highlighted or 0, len(keys) - 1)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        assert event.option.id is not None, "show() gives every line its key as id"
        self.post_message(self.Highlighted(event.option.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        assert event.option.id is not None, "show() gives every line its key as id"
        self.post_message(self.Opened(event.option.id))

    def action_remove(self) -> None:
        if key := self.highlighted_key:
            self.post_message(self.RemoveRequested(key))

    def action_duplicate(self) -> None:
        if key := self.highlighted_key:
            self.post_message(self.DuplicateRequested(key))
