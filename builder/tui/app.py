"""The Warbench app and its factory `make_app`, used by the command, the Pilot tests and the snapshots."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from textual.app import App

from builder.tui import collector, css_cache, sharing  # sharing registers the export, share and import actions
from builder.tui.actions import ACTIONS, bind_actions, run
from builder.tui.commands import WarbenchCommands
from builder.editing.storage import Store
from catalog.errors import WarbenchError

if TYPE_CHECKING:
    from builder.tui.first_view import FirstView
    from builder.tui.view import EditorView
    from builder.roster.files import LoadedRoster

THEMES = ("textual-dark", "textual-light")


class WarbenchApp(App):
    """Holds the shared services (store, where new rosters go) and the screen stack; screens do the work."""

    CSS_PATH = "warbench.tcss"
    TITLE = "Warbench"
    COMMANDS = App.COMMANDS | {WarbenchCommands}

    def __init__(self, loaded: LoadedRoster | None, store: Store, roster_dir: Path, examples_dir: Path, *,
                 cached: tuple[Path, str, Callable[[], EditorView | None]] | None = None,
                 exit_after_first_frame: bool = False) -> None:
        """`loaded`: the roster to open; or `cached`: a roster file (path, game, its first view when the editor
        mounts) to open on that view, loaded just after the first frame."""
        super().__init__()
        self.store = store
        self.roster_dir = roster_dir
        self.examples_dir = examples_dir
        self._loaded = loaded
        self._cached = cached
        self._exit_after_first_frame = exit_after_first_frame
        self._first_frame_pending = True
        self.failure: WarbenchError | None = None
        """Why the roster the app opened with could not be opened after all (the command reports it and exits 2)."""
        self._css_primed = css_cache.prime(self.stylesheet)
        bind_actions(self, "app")

    def get_default_screen(self):
        """The roster's editor when one was given (the first screen drawn, no screen pushed over a blank one)."""
        editor = None
        if self._cached is not None:
            from catalog.games import GAMES

            path, game, first_view = self._cached
            editor = GAMES[game].editor(None, None, tuple(self.size), game=game, first_view=first_view,
                                                  load=lambda: self._load_session(path))
        elif self._loaded is not None:
            editor = self._editor_for(self._loaded, saved=True)
        if editor is None:
            from builder.tui.screens.start import StartScreen

            return StartScreen()
        # Closing it switches to the start screen; switch_screen drops the top screen's result callback, which
        # Textual gives every screen it pushes or switches to, but not its default screen: give it one alike.
        editor._push_result_callback(editor, None)
        return editor

    def show_start(self) -> None:
        from builder.tui.screens.start import StartScreen

        if not any(isinstance(s, StartScreen) for s in self.screen_stack):
            if len(self.screen_stack) == 1:
                self.switch_screen(StartScreen())  # the editor the app opened with: replaced, not popped
            else:
                self.push_screen(StartScreen())

    def screen_ready(self, screen) -> None:
        """A screen has mounted: once the app's first one is drawn, collect garbage again (and quit, in benchmarks)."""
        if screen is not self.screen or not self._first_frame_pending:
            return
        self._first_frame_pending = False
        self.call_after_refresh(self._first_frame_drawn)

    def fail(self, error: WarbenchError) -> None:
        """The roster the app was started with cannot be opened: quit before drawing anything, with the reason."""
        self.failure = error
        self.exit(return_code=2)

    def _first_frame_drawn(self) -> None:
        """The first frame is on screen (benchmarks note the time, if asked where): resume garbage collection and keep
        the parsed stylesheet for the next start; benchmarks quit here."""
        if self._exit_after_first_frame and (stamp := os.environ.get("WARBENCH_FIRST_FRAME_FILE")):
            Path(stamp).write_text(repr(time.time()), encoding="utf-8")
        collector.resume()
        css_cache.keep(self.stylesheet, self._css_primed)
        if self._exit_after_first_frame:
            self.exit()

    async def _shutdown(self) -> None:
        collector.resume()  # an app closed before its first frame must not leave the collector paused
        await super()._shutdown()

    # -- opening rosters ---------------------------------------------------------
    def open_path(self, path: Path, *, as_copy: bool = False) -> bool:
        """Open a roster file in its game's editor (a copy without a file, for the examples)."""
        from builder.roster.files import read_roster

        try:
            loaded = read_roster(path)
        except WarbenchError as exc:
            self.notify(str(exc), title="Cannot open", severity="error", timeout=8)
            return False
        if as_copy:
            loaded.path = None
        return self.open_loaded(loaded)

    def open_loaded(self, loaded: LoadedRoster, *, saved: bool = True) -> bool:
        editor = self._editor_for(loaded, saved=saved)
        if editor is None:
            return False
        self.close_editor(force=True)
        self.push_screen(editor)
        return True

    def _editor_for(self, loaded: LoadedRoster, *, saved: bool):
        """The editor screen for a loaded roster, or None for an unknown game."""
        from catalog.games import GAMES

        editor = GAMES.get(loaded.roster.game)
        if editor is None:
            self.notify(f"There is no {loaded.roster.game} editor yet.", severity="error")
            return None
        return editor.editor(*self._session_for(loaded, saved=saved), tuple(self.size))

    def _session_for(self, loaded: LoadedRoster, *, saved: bool):
        """The edit session and game adapter of a loaded roster (remembered among the recent ones)."""
        from catalog.games import GAMES
        from builder.editing.session import EditSession

        session = EditSession(loaded, self.store, saved=saved)
        if loaded.path is not None:
            self.store.remember(loaded.path, loaded.roster.name, loaded.roster.game)
        for note in loaded.notes:
            self.notify(note, title="Roster updated on load", timeout=10)
        return session, GAMES[loaded.roster.game].edits(loaded.catalogue)

    def _load_session(self, path: Path):
        """Load the roster an editor opened on its cached view (unchanged since, as the cache checked)."""
        from builder.roster.files import read_roster

        return self._session_for(read_roster(path), saved=True)

    def editor(self):
        """The open roster editor, if any."""
        from builder.tui.screens.editor import RosterEditor

        return next((s for s in self.screen_stack if isinstance(s, RosterEditor)), None)

    def close_editor(self, force: bool = False) -> None:
        """Back to the start screen (asking first about unsaved changes unless forced)."""
        editor = self.editor()
        if editor is None:
            return
        if force or not editor.session.dirty:
            while self.screen is not editor:
                self.pop_screen()
            if len(self.screen_stack) > 1:
                self.pop_screen()
            self.show_start()
            return
        self._ask_unsaved(editor, then=lambda: self.close_editor(force=True))

    def _ask_unsaved(self, editor, then) -> None:
        from builder.tui.dialogs.confirm import ConfirmDialog

        def answered(answer: str) -> None:
            if answer == "save" and editor.save_quietly():
                then()
            elif answer == "discard":
                editor.session.discard_recovery()
                then()

        name = editor.session.roster.name or "this roster"
        dialog = ConfirmDialog("Unsaved changes", f"Save the changes to {name}?",
                               [("save", "Save"), ("discard", "Discard"), ("cancel", "Cancel")])
        dialog.id = "unsaved-dialog"
        self.push_screen(dialog, answered)

    # -- actions ---------------------------------------------------------------------
    async def action_do(self, action_id: str) -> None:
        await run(ACTIONS[action_id], self)

    async def action_quit(self) -> None:
        editor = self.editor()
        if editor is None or not editor.session.dirty:
            self.exit()
            return
        if self.screen.id == "unsaved-dialog":
            return
        while self.screen.is_modal:
            self.pop_screen()  # a dialog was open: quitting answers it with "never mind"
        self._ask_unsaved(editor, then=self.exit)

    def action_help(self) -> None:
        from builder.tui.dialogs.help import HelpScreen, keys_for

        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss(None)  # the help key again closes it
            return
        self.push_screen(HelpScreen(keys_for(self.screen, getattr(self.screen, "game", None))))

    def action_toggle_theme(self) -> None:
        self.theme = THEMES[1] if self.theme == THEMES[0] else THEMES[0]

    # -- results of the export, share and import workers ----------------------------
    def on_export_done(self, message: sharing.ExportDone) -> None:
        self.notify(message.text, title="Done", timeout=6)

    def on_export_failed(self, message: sharing.ExportFailed) -> None:
        self.notify(message.reason, title="Could not do that", severity="error", timeout=10)

    def on_import_done(self, message: sharing.ImportDone) -> None:
        message.loaded.path = None  # a new roster: Ctrl+S asks where to keep it
        if self.open_loaded(message.loaded, saved=False):
            self.notify(f"Imported '{message.loaded.roster.name or 'unnamed roster'}'. Ctrl+S to keep it.", timeout=8)

    def on_share_dialog_save_requested(self, message) -> None:
        editor = self.editor()
        default = str(self.roster_dir / "roster-qr.png")
        if editor is not None:
            default = sharing._default_path(editor, ".png")
        sharing.save_qr(self, message.code, default)


def make_app(roster_path: Path | str | None = None, *, data_dir: Path | None = None,
             roster_dir: Path | None = None, examples_dir: Path | None = None,
             exit_after_first_frame: bool = False, first_view: FirstView | None = None) -> WarbenchApp:
    """The app, with a roster open if given (an unreadable roster raises its one-line WarbenchError here).

    data_dir: where recent rosters and recovery files live (default: the user data directory).
    roster_dir: where new rosters are offered to be saved (default ~/warbench).
    examples_dir: the example rosters the start screen offers (default: the bundled ones).
    first_view: the roster's first view, begun earlier (`builder.tui.first_view.begin`); by default its kept
    view, if any.
    """
    from builder.editing.storage import EXAMPLES_DIR
    from catalog.paths import data_dir as default_data_dir

    loaded = cached = None
    if roster_path is not None:
        from builder.tui.first_view import FirstView
        from builder.tui.view import cached_view

        if first_view is None:
            first_view = FirstView(cached_view(Path(roster_path)))
        if (game := first_view.game()) is not None:
            # drawn from that view (waited for when the editor mounts); the roster loads just after the first frame
            cached = (Path(roster_path), game, first_view.view)
        else:
            from builder.roster.files import read_roster

            loaded = read_roster(Path(roster_path))
    store = Store(Path(data_dir) if data_dir is not None else default_data_dir())
    roster_dir = Path(roster_dir) if roster_dir is not None else Path.home() / "warbench"
    exit_early = exit_after_first_frame or os.environ.get("WARBENCH_EXIT_AFTER_FIRST_FRAME") == "1"
    return WarbenchApp(loaded, store, roster_dir, Path(examples_dir) if examples_dir else EXAMPLES_DIR,
                       cached=cached, exit_after_first_frame=exit_early)
