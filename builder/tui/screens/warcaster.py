"""The Warcaster editor: the shared layout, with the force and the rack builder on two tabs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.lazy import Lazy
from textual.widgets import TabbedContent, TabPane

from builder.tui.actions import Action, register
from builder.tui.findpath import Location
from builder.tui.games.warcaster import TYPE_LETTER
from builder.tui.screens.editor import RosterEditor
from builder.tui.widgets.rack_builder import RackBuilder


class WarcasterEditor(RosterEditor):
    """A Warcaster force: units with loadouts, and its rack of Cyphers."""

    def compose_workspace(self) -> ComposeResult:
        with TabbedContent(id="workspace-tabs"):
            with TabPane("Force", id="tab-force"):
                yield from super().compose_workspace()
            with TabPane("Rack", id="tab-rack"):
                yield Lazy(RackBuilder(id="rack"))  # hidden at first: mounted after the first frame

    def on_rack_builder_ready(self) -> None:
        self.refresh_extra()

    def refresh_extra(self) -> None:
        roster = self.session.roster
        self.query_one("#workspace-tabs", TabbedContent).get_tab("tab-rack").label = f"Rack {len(roster.rack)}"
        rack = next(iter(self.query(RackBuilder)), None)
        if rack is None:
            return  # not mounted yet: it asks for its data when it is (RackBuilder.Ready)
        rack.show(tuple(self.adapter.rack_items(roster)), tuple(roster.rack))
        fmt = self.adapter.fmt(roster)
        kinds = [getattr(self.session.catalogue.cypher(c), "type", None) for c in roster.rack]
        per_type = "  ".join(f"{letter} {kinds.count(kind)}" for kind, letter in TYPE_LETTER.items())
        rack.counts = f"{len(roster.rack)} of {fmt.rack_min}–{fmt.rack_max} · {per_type} · {fmt.rack_min_per_type}+ each"

    def on_rack_builder_toggled(self, event: RackBuilder.Toggled) -> None:
        verb = "add" if event.on else "remove"
        self.edit(f"{verb} cypher {event.key}", lambda roster: self.adapter.set_cypher(roster, event.key, event.on))

    def go_to(self, location: Location) -> None:
        tabs = self.query_one("#workspace-tabs", TabbedContent)
        if location.collection == "rack":
            tabs.active = "tab-rack"
            rack = self.query_one(RackBuilder)  # mounted: go_to runs on a key press, after the first frame
            roster = self.session.roster
            if location.index is not None and location.index < len(roster.rack):
                rack.highlight(roster.rack[location.index])
            rack.cypher_list.focus()
            return
        tabs.active = "tab-force"
        super().go_to(location)

    def action_toggle_rack(self) -> None:
        tabs = self.query_one("#workspace-tabs", TabbedContent)
        tabs.active = "tab-force" if tabs.active == "tab-rack" else "tab-rack"
        target = "#rack-filter" if tabs.active == "tab-rack" else "#roster-list"
        self.query_one(target).focus()


register(Action("rack", "Rack builder", "Switch between the force and the rack of Cyphers", "ctrl+r",
                action="toggle_rack", games=("warcaster",), footer=True))
