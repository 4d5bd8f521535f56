"""The catalogue browser: entries grouped by type, filtered as you type, the highlighted one's details below."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from builder.editing.base import BrowserEntry
from builder.spans import Spans
from builder.tui.spans import content
from builder.tui.widgets.text import FittedRow, KeptPairs

NOTHING_SHOWN = object()


def matches(entry: BrowserEntry, text: str) -> bool:
    """Every word of the filter appears in the name or the group."""
    haystack = f"{entry.name} {entry.group}".lower()
    return all(word in haystack for word in text.lower().split())


class BrowserList(OptionList):
    """The browser's list of entries (Enter or `a` adds; a tap shows an entry, a second tap adds it)."""

    HELP_TITLE = "Catalogue"

    BINDINGS = [
        Binding("a", "select", "Add", show=False),
        Binding("slash", "filter", "Filter", show=False),
    ]

    def action_filter(self) -> None:
        assert self.parent is not None, "a key reaches only a mounted list"
        self.parent.query_one(Input).focus()

    def on_click(self, event: events.Click) -> None:
        """A tap (or click) on an entry shows it; a tap on the one shown adds it: on a phone, tapping to read an
        entry added it at once."""
        tapped = event.style.meta.get("option")  # the row's index, as the list marks its rows (None: no row)
        if tapped is not None and tapped != self.highlighted:
            event.prevent_default()  # the list's own click handler, which would add it, is not run
            self.highlighted = tapped
            self.focus()


class FilterInput(Input):
    """The filter field: `?` opens help here too (no catalogue name has a question mark)."""

    HELP_TITLE = "Catalogue filter"

    BINDINGS = [Binding("question_mark", "app.help", "Help", show=False, priority=True)]


class CatalogueBrowser(Vertical):
    """Set `entries`; posts `Chosen(key, name)` when the player picks one to add."""

    BORDER_TITLE = "Catalogue"
    BINDINGS = [
        Binding("shift+down", "detail(1)", "Scroll the entry's detail down", show=False),
        Binding("shift+up", "detail(-1)", "Scroll the entry's detail up", show=False),
    ]
    entries: reactive[tuple[BrowserEntry, ...]] = reactive(())
    _detail_shown: Spans | object | None = NOTHING_SHOWN
    """The detail on show (None: the no-match note)."""

    class Chosen(Message):
        """The player chose an entry to add to the roster."""

        def __init__(self, key: str, name: str) -> None:
            super().__init__()
            self.key = key
            self.entry_name = name

    def compose(self) -> ComposeResult:
        yield FilterInput(placeholder="Type to filter…", id="browser-filter")
        yield BrowserList(id="browser-list")
        with VerticalScroll(id="browser-detail-scroll", can_focus=False):  # not a stop for Tab: it follows the list
            yield Static(id="browser-detail")

    @property
    def option_list(self) -> OptionList:
        return self.query_one(BrowserList)

    def watch_entries(self) -> None:
        self._rebuild()

    @on(Input.Changed, "#browser-filter")
    def _filter_changed(self) -> None:
        self._rebuild(reset=True)

    def _rebuild(self, reset: bool = False) -> None:
        if not self.is_mounted:
            return
        options = self.option_list
        keep = None if reset or options.highlighted is None else options.get_option_at_index(options.highlighted).id
        text = self.query_one("#browser-filter", Input).value
        shown: list[Option | None] = []
        group = None
        for entry in self.entries:
            if not matches(entry, text):
                continue
            if entry.group != group:
                group = entry.group
                shown.append(
                    Option(Content.from_markup("[b]$g[/]", g=group.upper()), id=f"group:{group}", disabled=True)
                )
            count = f"×{entry.count} " if entry.count else ""
            shown.append(Option(FittedRow(entry.name, f"{count}{entry.cost}", wrap=True), id=f"entry:{entry.key}"))
        options.set_options(shown)
        ids = [o.id for o in options.options]
        first = next((i for i, o in enumerate(options.options) if not o.disabled), None)
        options.highlighted = ids.index(keep) if keep in ids else first
        self._show_detail()

    def _entry(self, option_id: str | None) -> BrowserEntry | None:
        if not option_id or not option_id.startswith("entry:"):
            return None
        key = option_id[6:]
        return next((e for e in self.entries if e.key == key), None)

    def highlighted_entry(self) -> BrowserEntry | None:
        options = self.option_list
        if options.highlighted is None:
            return None
        return self._entry(options.get_option_at_index(options.highlighted).id)

    @on(OptionList.OptionHighlighted, "#browser-list")
    def _show_detail(self, event=None) -> None:
        entry = self.highlighted_entry()
        shown = entry.detail if entry else None
        if shown == self._detail_shown:
            return  # a rebuild and its highlight event both ask: lay out the detail once
        self._detail_shown = shown
        detail = self.query_one("#browser-detail", Static)
        detail.update(KeptPairs(content(shown)) if shown is not None else Content("No entry matches the filter."))

    @on(OptionList.OptionSelected, "#browser-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if entry := self._entry(event.option.id):
            self.post_message(self.Chosen(entry.key, entry.name))

    @on(Input.Submitted, "#browser-filter")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if entry := self.highlighted_entry():  # the filter stays until the player clears it: add several in a row
            self.post_message(self.Chosen(entry.key, entry.name))

    def action_detail(self, way: int) -> None:
        """Scroll the detail below the list by all but one of its rows (it takes no focus of its own)."""
        scroll = self.query_one("#browser-detail-scroll", VerticalScroll)
        scroll.scroll_relative(y=way * max(scroll.size.height - 1, 1), animate=False)

    def on_key(self, event) -> None:
        """Up/Down in the filter move the highlight in the list without leaving the filter."""
        if self.query_one("#browser-filter", Input).has_focus and event.key in ("down", "up"):
            event.stop()
            getattr(self.option_list, f"action_cursor_{event.key}")()
