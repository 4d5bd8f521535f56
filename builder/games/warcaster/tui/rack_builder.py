"""The Warcaster rack builder: every Cypher the force may take, by type, toggled with Enter or Space."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from builder.tui.spans import content

if TYPE_CHECKING:
    from builder.games.warcaster.editing import RackItem


class CypherList(OptionList):
    """The Cyphers; Enter or Space toggles one."""

    HELP_TITLE = "Rack"
    BINDINGS = [
        Binding("space", "select", "Toggle", tooltip="Put the Cypher in the rack or take it out"),
        Binding("slash", "filter", "Filter", show=False),
    ]

    def action_filter(self) -> None:
        assert self.parent is not None, "a key reaches only a mounted list"
        self.parent.query_one(Input).focus()


class RackBuilder(Vertical):
    """Set `items`, `chosen` and `counts` (the line shown on top); posts `Toggled(key, on)`."""

    items: reactive[tuple[RackItem, ...]] = reactive((), always_update=True)
    chosen: reactive[tuple[str, ...]] = reactive((), always_update=True)
    counts: reactive[str] = reactive("")

    class Toggled(Message):
        """The player put a Cypher in the rack (`on`) or took it out."""

        def __init__(self, key: str, on: bool) -> None:
            super().__init__()
            self.key = key
            self.on = on

    class Ready(Message):
        """The rack builder is mounted and wants its data."""

    def on_mount(self) -> None:
        self.post_message(self.Ready())

    def compose(self) -> ComposeResult:
        yield Label(id="rack-counts")
        yield Input(placeholder="Type to filter Cyphers…", id="rack-filter")
        yield CypherList(id="rack-list")
        yield Static(id="rack-detail")

    @property
    def cypher_list(self) -> CypherList:
        return self.query_one(CypherList)

    def watch_counts(self, counts: str) -> None:
        if self.is_mounted:
            self.query_one("#rack-counts", Label).update(counts)

    def watch_items(self) -> None:
        self._rebuild()

    def show(self, items: tuple[RackItem, ...], chosen: tuple[str, ...]) -> None:
        """Set the Cyphers and the rack with a single rebuild (skipped when nothing changed)."""
        if items == self.items and chosen == self.chosen:
            return
        self.set_reactive(RackBuilder.items, items)
        self.set_reactive(RackBuilder.chosen, chosen)
        self._rebuild()

    def watch_chosen(self) -> None:
        self._rebuild()

    @on(Input.Changed, "#rack-filter")
    def _filtered(self) -> None:
        self._rebuild(reset=True)

    def _rebuild(self, reset: bool = False) -> None:
        if not self.is_mounted:
            return
        options = self.cypher_list
        keep = None if reset or options.highlighted is None else options.get_option_at_index(options.highlighted).id
        words = self.query_one("#rack-filter", Input).value.lower().split()
        chosen = set(self.chosen)
        shown, kind = [], None
        for item in self.items:
            if not all(w in f"{item.name} {item.type}".lower() for w in words):
                continue
            if item.type != kind:
                kind = item.type
                taken = sum(1 for i in self.items if i.type == kind and i.key in chosen)
                shown.append(
                    Option(Content.styled(f"{kind.upper()}  {taken} in rack", "bold"), id=f"type:{kind}", disabled=True)
                )
            mark = ("■ ", "$success") if item.key in chosen else ("□ ", "dim")
            shown.append(Option(Content.assemble(mark, item.name), id=item.key))
        options.set_options(shown)
        ids = [o.id for o in options.options]
        first = next((i for i, o in enumerate(options.options) if not o.disabled), None)
        options.highlighted = ids.index(keep) if keep in ids else first
        self._detail()

    def highlight(self, key: str) -> None:
        """Move the cursor to a Cypher (clearing the filter if it hides it)."""
        ids = [o.id for o in self.cypher_list.options]
        if key not in ids:
            self.query_one("#rack-filter", Input).value = ""
            self._rebuild(reset=True)
            ids = [o.id for o in self.cypher_list.options]
        if key in ids:
            self.cypher_list.highlighted = ids.index(key)

    def _highlighted(self) -> RackItem | None:
        options = self.cypher_list
        if options.highlighted is None:
            return None
        key = options.get_option_at_index(options.highlighted).id
        return next((i for i in self.items if i.key == key), None)

    @on(OptionList.OptionHighlighted, "#rack-list")
    def _detail(self, event=None) -> None:
        item = self._highlighted()
        self.query_one("#rack-detail", Static).update(
            Content.assemble(Content.styled(item.name, "bold"), "  ", content(item.detail)) if item else ""
        )

    def _toggle(self, item: RackItem | None) -> None:
        if item is not None:
            self.post_message(self.Toggled(item.key, item.key not in self.chosen))

    @on(OptionList.OptionSelected, "#rack-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._toggle(self._highlighted())

    @on(Input.Submitted, "#rack-filter")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._toggle(self._highlighted())

    def on_key(self, event) -> None:
        if self.query_one("#rack-filter", Input).has_focus and event.key in ("down", "up"):
            event.stop()
            getattr(self.cypher_list, f"action_cursor_{event.key}")()
