"""The roster editor every game shares: catalogue browser, roster, loadout, totals, findings."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input

from builder.editing.findpath import Location
from builder.editing.session import EditSession
from builder.editing.view import EditorView, view_of
from builder.game import GAMES
from builder.tui.dialogs.choice import CANCELLED, ChoiceDialog
from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.screens.editor_file import RosterFileMixin
from builder.tui.screens.editor_keys import EDITOR_KEYS
from builder.tui.widgets.catalogue_browser import CatalogueBrowser
from builder.tui.widgets.findings_panel import FindingsPanel
from builder.tui.widgets.inspector import Inspector
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.roster_header import RosterHeader
from builder.tui.widgets.roster_list import RosterList
from builder.tui.widgets.totals_bar import TotalsBar
from catalog.errors import WarbenchError

if TYPE_CHECKING:
    from builder.editing.base import ChoicePrompt, GameAdapter, RosterLine
    from builder.editing.session import EditSession
    from builder.roster.files import LoadedRoster

LOADING_PANES = ("#browser", "#workspace", "#totals", "#findings")


class RosterEditor(RosterFileMixin):
    """Edits one roster; a game's screen subclasses it to add panes (the Warcaster rack)."""

    HELP_TITLE = "Roster editor"
    BINDINGS = EDITOR_KEYS
    WHILE_LOADING = frozenset({"close", "focus_roster"})
    """The editor's actions that work before its roster has loaded (the others are shown dimmed until then)."""
    HORIZONTAL_BREAKPOINTS = [(0, "-phone"), (60, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]

    def __init__(self, game: str, load: Callable[[], LoadedRoster], *, saved: bool = True, first: bool = False) -> None:
        """An editor for a `game` roster that `load` reads (in a worker, once the editor is on screen); `saved`:
        the roster is as its file says; `first`: the app was started with it, and ends if it will not load."""
        super().__init__(classes=f"editor game-{game}")
        self._game = game
        self._load, self._saved, self._first = load, saved, first
        self.session: EditSession | None = None
        """The roster being edited, once loaded."""
        self.adapter: GameAdapter | None = None
        self.view: EditorView | None = None
        self.selected: str | None = None

    @property
    def game(self) -> str:
        return self._game

    @property
    def dirty(self) -> bool:
        """Loaded, and changed since it was last saved."""
        return self.session is not None and self.session.dirty

    @property
    def open_session(self) -> EditSession | None:
        return self.session

    @property
    def loaded_adapter(self) -> GameAdapter:
        """The game's edits, for what runs only once the roster has loaded (the editor's keys and handlers)."""
        assert self.adapter is not None, "the roster has not loaded yet"
        return self.adapter

    # -- layout ----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield RosterHeader(id="header")
        with Horizontal(id="editor-main"):
            yield CatalogueBrowser(id="browser")
            with Vertical(id="workspace"):
                yield from self.compose_workspace()
        yield TotalsBar(id="totals")
        yield FindingsPanel(id="findings")
        yield KeyFooter()

    def compose_workspace(self) -> ComposeResult:
        """The roster and the loadout of its selected entry; a game may wrap them in tabs."""
        with Horizontal(id="force"):
            yield RosterList(id="roster-list")
            yield Inspector(id="inspector")

    def on_mount(self) -> None:
        for pane in LOADING_PANES:
            self.query_one(pane).loading = True
        self.query_one("#browser-filter").focus()
        self._load_roster()

    @work(thread=True, exclusive=True, group="load")
    def _load_roster(self) -> None:
        """Read and check the roster off the UI thread, with the view it opens on (the models, the rules and the
        catalogue load here too, while the screen shows that the roster is loading)."""

        try:
            loaded = self._load()
            session = EditSession(loaded, self.app.store, saved=self._saved)
            adapter = GAMES[self._game].edits(loaded.catalogue)
            view = view_of(session.roster, session.report, adapter)
        except WarbenchError as exc:
            self.app.call_from_thread(self._not_loaded, exc)
            return
        self.app.call_from_thread(self._loaded, loaded, session, adapter, view)

    def _loaded(self, loaded: LoadedRoster, session: EditSession, adapter: GameAdapter, view: EditorView) -> None:
        self.session, self.adapter = session, adapter
        for pane in LOADING_PANES:
            self.query_one(pane).loading = False
        self.show(view)
        self.refresh_extra()
        self.app.editor_loaded(loaded)
        self.offer_recovery()

    def _not_loaded(self, error: WarbenchError) -> None:
        """The roster will not load: the app started with it ends with the reason; otherwise say it and close."""
        if self._first:
            self.app.fail(error)
            return
        self.notify(str(error), title="Cannot open", severity="error", timeout=8)
        self.app.close(self, ask=False)

    # -- showing the roster ----------------------------------------------------
    def refresh_views(self, select: str | None = None) -> None:
        """Set every view from the session (called after each change); the roster list keeps its cursor unless
        told which line to select."""
        roster_list = self.query_one(RosterList)

        def selected(lines: tuple[RosterLine, ...], flagged: frozenset[str]) -> str | None:
            roster_list.show(lines, flagged)
            if select is not None:
                roster_list.select_key(select)
            return roster_list.highlighted_key

        self.show(view_of(self.loaded_session.roster, self.loaded_session.report, self.loaded_adapter, selected))
        self.refresh_extra()

    def show(self, view: EditorView) -> None:
        """Draw a view of the roster."""
        self.view = view
        header = self.query_one(RosterHeader)
        header.title = view.title
        header.subtitle = view.subtitle
        header.dirty = self.dirty
        header.errors = view.errors
        self.query_one(CatalogueBrowser).entries = view.browser
        roster_list = self.query_one(RosterList)
        roster_list.show(view.lines, view.flagged)
        if view.selected is not None:
            roster_list.select_key(view.selected)
        self.selected = roster_list.highlighted_key
        self.query_one(Inspector).show(self.selected, view.inspection)
        self.query_one(TotalsBar).items = view.totals
        self.query_one(FindingsPanel).findings = view.findings
        self.show_extra(view.extra)

    def _inspect(self) -> Inspector:
        """Show the selected line in the inspector."""
        inspector = self.query_one(Inspector)
        key = self.selected
        inspector.show(key, self.loaded_adapter.inspect(self.loaded_session.roster, key) if key else None)
        return inspector

    def show_extra(self, extra: dict[str, str]) -> None:
        """Hook: draw a game's own figures from a view."""

    def refresh_extra(self) -> None:
        """Hook for a game's own panes that need the session."""

    # -- editing ---------------------------------------------------------------
    def edit(self, label: str, edit) -> object:
        """Apply one change through the session and refresh; a rejected change is reported, not raised."""
        from pydantic import ValidationError

        try:
            result = self.loaded_session.change(label, edit)
        except (ValueError, ValidationError, WarbenchError) as exc:
            self.notify(_one_line(exc), title=f"Cannot {label}", severity="error")
            return None
        self.refresh_views(select=result if isinstance(result, str) else None)
        return result

    def on_catalogue_browser_chosen(self, event: CatalogueBrowser.Chosen) -> None:
        self.edit(f"add {event.entry_name}", lambda roster: self.loaded_adapter.add(roster, event.key))

    def on_roster_list_highlighted(self, event: RosterList.Highlighted) -> None:
        current = self.query_one(RosterList).highlighted_key  # a stale event (moved on since) changes nothing
        if event.key == current and event.key != self.selected:
            self.selected = event.key
            self._inspect()

    def on_roster_list_opened(self, event: RosterList.Opened) -> None:
        inspector = self.query_one(Inspector)
        if inspector.inspection and inspector.inspection.rows:
            inspector.rows.focus()

    def on_roster_list_remove_requested(self, event: RosterList.RemoveRequested) -> None:
        self.edit(f"remove {self._named(event.key)}", lambda roster: self.loaded_adapter.remove(roster, event.key))

    def on_roster_list_duplicate_requested(self, event: RosterList.DuplicateRequested) -> None:
        self.edit(
            f"duplicate {self._named(event.key)}", lambda roster: self.loaded_adapter.duplicate(roster, event.key)
        )

    def _named(self, key: str) -> str:
        """A roster entry as the player sees it in the list (its key, "units[3]", only if it has no line)."""
        lines = self.loaded_adapter.lines(self.loaded_session.roster)
        return next((line.label for line in lines if line.key == key), key)

    def on_inspector_row_chosen(self, event: Inspector.RowChosen) -> None:
        key, row = self.selected, event.row
        prompt = self.loaded_adapter.choices(self.loaded_session.roster, key, row) if key else None
        if key is not None and prompt is not None:
            self._choose(key, row, prompt)

    @work(exclusive=True, group="ask")
    async def _choose(self, key: str, row: str, prompt: ChoicePrompt) -> None:
        """Offer a row's choices, and make the one the player picks."""

        choice = await self.app.push_screen_wait(ChoiceDialog(prompt))
        if choice != CANCELLED:
            self.edit(f"change {row}", lambda roster: self.loaded_adapter.choose(roster, key, row, choice))
            self.query_one(Inspector).select_row(row)

    def on_inspector_row_cleared(self, event: Inspector.RowCleared) -> None:
        if self.selected:
            key = self.selected
            self.edit(f"clear {event.row}", lambda roster: self.loaded_adapter.clear(roster, key, event.row))

    def on_inspector_back(self) -> None:
        self.query_one(RosterList).focus()

    # -- findings --------------------------------------------------------------
    def on_findings_panel_chosen(self, event: FindingsPanel.Chosen) -> None:
        location = self.loaded_adapter.locate(event.finding.path)
        if location is not None:
            self.go_to(location)

    def go_to(self, location: Location) -> None:
        """Show the roster entry (and its row) a finding is about."""
        roster_list = self.query_one(RosterList)
        if location.line_key is None:
            roster_list.focus()
            return
        roster_list.select_key(location.line_key)
        self.selected = roster_list.highlighted_key
        inspector = self._inspect()
        rest = location.rest
        if rest and (inspector.select_row(rest) or inspector.select_row(rest.split(".")[0])):
            inspector.rows.focus()
        else:
            roster_list.focus()

    # -- keys and commands --------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Until the roster has loaded, its keys are shown dimmed and do nothing."""
        if self.session is None and action not in self.WHILE_LOADING:
            return None
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        label = self.loaded_session.undo()
        self.notify(f"Undid {label}" if label else "Nothing to undo", timeout=2)
        self.refresh_views()

    def action_redo(self) -> None:
        label = self.loaded_session.redo()
        self.notify(f"Redid {label}" if label else "Nothing to redo", timeout=2)
        self.refresh_views()

    @work(exclusive=True, group="ask")
    async def action_rename(self) -> None:

        current = self.loaded_session.roster.name
        name = await self.app.push_screen_wait(TextPrompt("Rename roster", current, hint="Roster name:"))
        if name is not None and name != current:
            self.edit("rename", lambda roster: setattr(roster, "name", name))

    @work(exclusive=True, group="ask")
    async def action_notes(self) -> None:

        current = self.loaded_session.roster.notes
        notes = await self.app.push_screen_wait(TextPrompt("Notes", current, multiline=True, max_length=4000))
        if notes is not None and notes != current:
            self.edit("edit notes", lambda roster: setattr(roster, "notes", notes))

    def action_find(self) -> None:
        field = self.query_one("#browser-filter", Input)
        field.focus()
        field.select_all()  # the kept filter: typing replaces it, End or a click edits it

    def action_focus_roster(self) -> None:
        self.query_one(RosterList).focus()

    def action_focus_findings(self) -> None:
        panel = self.query_one(FindingsPanel)
        if panel.option_count:
            panel.highlighted = 0  # the first finding, not the one used last
        panel.focus()

    def action_close(self) -> None:
        self.app.close(self)


def _one_line(exc: Exception) -> str:
    from pydantic import ValidationError

    if isinstance(exc, ValidationError):
        return exc.errors()[0].get("msg", str(exc)) if exc.errors() else str(exc)
    return str(exc).splitlines()[0]
