"""The Warcaster editor: the shared layout, with the force and the rack builder on two tabs."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import TabbedContent, TabPane

from builder.editing.findpath import Location
from builder.games.warcaster.editing import TYPE_LETTER
from builder.games.warcaster.tui.rack_builder import RackBuilder
from builder.tui.screens.editor import RosterEditor

if TYPE_CHECKING:  # the rack builder loads when its tab is first opened, not with every Warcaster roster
    from builder.games.warcaster.catalogue import WarcasterCatalogue
    from builder.games.warcaster.editing import WarcasterAdapter
    from builder.games.warcaster.roster import WarcasterRoster
    from builder.games.warcaster.tui.rack_builder import RackBuilder


class WarcasterEditor(RosterEditor):
    """A Warcaster force: units with loadouts, and its rack of Cyphers (built when its tab is first opened)."""

    BINDINGS = [
        Binding(
            "ctrl+r",
            "toggle_rack",
            "Rack builder",
            tooltip="Switch between the force and the rack of Cyphers",
            priority=True,
        )
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._on_rack: list[Callable[[RackBuilder], object]] = []

    # This editor is made only for Warcaster rosters, so its session and adapter are Warcaster's own.
    @property
    def force(self) -> WarcasterRoster:
        return cast("WarcasterRoster", self.loaded_session.roster)

    @property
    def cyphers(self) -> WarcasterCatalogue:
        return cast("WarcasterCatalogue", self.loaded_session.catalogue)

    @property
    def warcaster_adapter(self) -> WarcasterAdapter:
        return cast("WarcasterAdapter", self.loaded_adapter)

    def compose_workspace(self) -> ComposeResult:
        with TabbedContent(id="workspace-tabs", initial="tab-force"):
            with TabPane("Force", id="tab-force"):
                yield from super().compose_workspace()
            yield TabPane("Rack", id="tab-rack")

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "tab-rack":
            self.with_rack(lambda rack: None)

    def with_rack(self, then: Callable[[RackBuilder], object]) -> None:
        """Call `then(rack)` once the rack builder is mounted (mounting it on first use)."""
        rack = self._rack()
        if rack is not None:
            then(rack)
            return
        self._on_rack.append(then)
        if len(self._on_rack) == 1:
            self.query_one("#tab-rack").mount(RackBuilder(id="rack"))

    def _rack(self) -> RackBuilder | None:
        """The rack builder, if its tab was opened."""
        # "#rack" is only ever the RackBuilder that with_rack mounts (its module loads with the tab, so no isinstance).
        return cast("RackBuilder | None", next(iter(self.query("#rack")), None))

    def on_rack_builder_ready(self) -> None:
        self.refresh_extra()
        pending, self._on_rack = self._on_rack, []
        rack = self._rack()
        assert rack is not None, "Ready comes from the mounted rack builder"
        for then in pending:
            then(rack)

    def show_extra(self, extra: dict[str, str]) -> None:
        tab, label = self.query_one(TabbedContent).get_tab("tab-rack"), extra.get("rack", "Rack")
        if tab.label_text != label:  # a new label slides the tabs' underline over again, even to where it was
            tab.label = label

    def refresh_extra(self) -> None:

        rack = self._rack()
        if rack is None:
            return  # not opened yet: it asks for its data when it is (RackBuilder.Ready)
        roster = self.force
        rack.show(tuple(self.warcaster_adapter.rack_items(roster)), tuple(roster.rack))
        fmt = self.warcaster_adapter.fmt(roster)
        kinds = [getattr(self.cyphers.cypher(c), "type", None) for c in roster.rack]
        per_type = "  ".join(f"{letter} {kinds.count(kind)}" for kind, letter in TYPE_LETTER.items())
        rack.counts = (
            f"{len(roster.rack)} of {fmt.rack_min}–{fmt.rack_max} · {per_type} · {fmt.rack_min_per_type}+ each"
        )

    def on_rack_builder_toggled(self, event: RackBuilder.Toggled) -> None:
        verb = "add" if event.on else "remove"
        self.edit(
            f"{verb} cypher {event.key}", lambda roster: self.warcaster_adapter.set_cypher(roster, event.key, event.on)
        )

    def go_to(self, location: Location) -> None:
        tabs = self.query_one(TabbedContent)
        if location.collection == "rack":
            tabs.active = "tab-rack"
            roster = self.force
            index = location.index

            def show(rack: RackBuilder) -> None:
                if index is not None and index < len(roster.rack):
                    rack.highlight(roster.rack[index])
                rack.cypher_list.focus()

            self.with_rack(show)
            return
        tabs.active = "tab-force"
        super().go_to(location)

    def action_toggle_rack(self) -> None:
        tabs = self.query_one(TabbedContent)
        if tabs.active == "tab-rack":
            tabs.active = "tab-force"
            self.query_one("#roster-list").focus()
            return
        tabs.active = "tab-rack"
        # on the list, where the footer's keys are the rack's (Space toggles, / filters); in the filter Space types
        self.with_rack(lambda rack: rack.cypher_list.focus())
