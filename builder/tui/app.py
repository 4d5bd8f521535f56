"""The Warbench app and its factory `make_app`, used by the command, the Pilot tests and the snapshots."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import on, work
from textual.screen import Screen

from builder.editing.catalogue import CatalogueSession
from builder.editing.storage import Store
from builder.game import GAMES, short_name_of
from builder.ledgers import LEDGER_KINDS
from builder.roster.errors import RosterFileError
from builder.roster.files import LoadedRoster, read_roster
from builder.roster.header import file_kind
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.document import unsaved
from builder.tui.importing import (
    CatalogueArrived,
    ImportDone,
    PlayImported,
    import_code,
    imported_instead,
    read_import,
)
from builder.tui.requests import EditCatalogue, NewRosterOn, OpenCatalogue, OpenLoaded, OpenPath
from builder.tui.screens.catalogue_editor import CatalogueEditor
from builder.tui.screens.editor import RosterEditor
from builder.tui.screens.new_roster import NewRosterScreen
from builder.tui.screens.start import Backdrop, StartScreen
from builder.tui.services import WarbenchServices
from builder.tui.workers import ExportDone, ExportFailed, in_thread
from catalog.access import shipped
from catalog.errors import WarbenchError
from catalog.file_kinds import elsewhere
from catalog.paths import EXAMPLES_DIR
from catalog.paths import data_dir as default_data_dir


class WarbenchApp(WarbenchServices):
    """Holds the shared services (store, where new rosters go); each screen does its own work and closes itself."""

    CSS_PATH = "warbench.tcss"
    TITLE = "Warbench"
    HELP_TITLE = "Everywhere"

    def get_default_screen(self) -> Screen:
        """The start screen; or, for a file opened from the command line, a backdrop under its screen (the start
        screen takes the backdrop's place when that file's screen closes)."""
        return Backdrop() if self.roster_path is not None else StartScreen()

    def on_mount(self) -> None:
        if self.roster_path is None:
            return
        if self.file_kind in LEDGER_KINDS:
            self.open_ledger(self.roster_path, self.file_kind, first=True)
        elif self.file_kind == "catalogue":
            self.open_catalogue(self.roster_path, first=True)
        else:
            assert self.roster_game is not None, "make_app reads the game with the roster path"
            self.open_editor(self.roster_game, _reader(self.roster_path), first=True)

    # -- opening files -------------------------------------------------------------
    def open_path(self, path: Path, *, as_copy: bool = False) -> None:
        """Open a roster file in its game's editor (a copy without a file, for the examples), or a league or
        campaign in its screen."""
        if reason := self.path_refusal(path):
            self.notify(reason, title="Cannot open", severity="error", timeout=8)
            return
        if imported_instead(Path(path).expanduser()):  # a QR picture or a BattleScribe roster: as Ctrl+O reads it
            in_thread(self.screen, "import", lambda: read_import(str(path), self.roster_dir))
            return
        try:
            kind, game = file_kind(path)
        except WarbenchError as exc:
            self.notify(str(exc), title="Cannot open", severity="error", timeout=8)
            return
        if kind in LEDGER_KINDS:
            self.open_ledger(path, kind)
        elif kind == "catalogue":
            self.open_catalogue(path)
        elif kind == "roster":
            self.open_editor(game, _reader(path, as_copy))
        else:
            self.notify(
                elsewhere(str(path), kind, game, short_name_of), title="Cannot open", severity="error", timeout=8
            )

    def open_ledger(self, path: Path, kind: str, *, first: bool = False) -> None:
        """Open a league, campaign or battle in its screen (on top of the start screen or an editor)."""
        record = LEDGER_KINDS[kind]
        try:
            session = record.open_session(path, self.store)
        except WarbenchError as exc:
            self._not_opened(exc, first)
            return
        if not shipped(path):  # an example is listed as one already, as a roster example is
            self.store.remember(path, session.ledger.name or session.kind, session.ledger.game, session.kind)
        self.push_screen(record.screen_for(session.ledger)(session))

    def open_catalogue(self, path: Path, *, first: bool = False) -> None:
        """Open a catalogue file in the catalogue editor, offering first to restore changes a crash left unsaved."""
        try:
            session = CatalogueSession.open(Path(path), self.store)
        except WarbenchError as exc:
            self._not_opened(exc, first)
            return
        self.edit_catalogue(session)

    def _not_opened(self, error: WarbenchError, first: bool) -> None:
        """A file will not open: the app started with it ends with the reason; otherwise it says so."""
        if first:
            self.fail(error)
        else:
            self.notify(str(error), title="Cannot open", severity="error", timeout=8)

    def edit_catalogue(self, session) -> None:
        """Show a catalogue session in its editor (asking about a newer recovery file first)."""
        self.push_screen(CatalogueEditor(session))
        if session.path is not None and (recovered := self.store.newer_recovery(session.path)) is not None:
            self._offer_catalogue_recovery(session, recovered)

    @work(group="ask")
    async def _offer_catalogue_recovery(self, session, recovered: str) -> None:

        answer = await self.push_screen_wait(
            ConfirmDialog(
                "Unsaved changes found",
                f"{session.path.name} has changes that were never saved (the builder was closed). Restore them?",
                [("restore", "Restore"), ("discard", "Discard")],
            )
        )
        if answer == "restore":
            try:
                session.restore(recovered)
            except WarbenchError as exc:
                self.notify(str(exc), title="Cannot restore", severity="error", timeout=8)
        elif answer == "discard":
            self.store.clear_recovery(session.path)

    def new_roster_on(self, game: str, catalogue: str) -> None:
        """The new-roster questions with the game and this catalogue (an id or a path) already answered."""
        self.push_screen(NewRosterScreen(game=game, catalogue=catalogue))

    @on(OpenPath)
    def _open_path_asked(self, request: OpenPath) -> None:
        self.open_path(request.path, as_copy=request.as_copy)

    @on(OpenCatalogue)
    def _open_catalogue_asked(self, request: OpenCatalogue) -> None:
        self.open_catalogue(request.path)

    @on(EditCatalogue)
    def _edit_catalogue_asked(self, request: EditCatalogue) -> None:
        self.edit_catalogue(request.session)

    @on(NewRosterOn)
    def _new_roster_asked(self, request: NewRosterOn) -> None:
        self.new_roster_on(request.game, request.catalogue)

    @on(OpenLoaded)
    def _open_loaded_asked(self, request: OpenLoaded) -> None:
        self.open_loaded(request.loaded, saved=request.saved)

    def open_loaded(self, loaded: LoadedRoster, *, saved: bool = True) -> None:
        """Open a roster already in memory (an import, a new roster)."""
        self.open_editor(loaded.roster.game, lambda: loaded, saved=saved)

    def open_editor(
        self, game: str, load: Callable[[], LoadedRoster], *, saved: bool = True, first: bool = False
    ) -> None:
        """Show the game's editor at once (it loads the roster in a worker and fills in). An editor on top is
        replaced, after asking about its unsaved changes (switched for: the screen below never comes back between
        them, so the start screen does not open over the new editor); any other screen stays below, to come back to."""

        editor = GAMES[game].editor(game, load, saved=saved, first=first)
        current = self.screen
        if not isinstance(current, RosterEditor):
            self.push_screen(editor)
        elif unsaved(current):
            self._replace_after_asking(current, editor)
        else:
            self.switch_screen(editor)

    @work(group="ask")
    async def _replace_after_asking(self, current: Screen, editor: Screen) -> None:
        if await self.settled(current):
            await self.switch_screen(editor)

    @work(group="ask")
    async def action_import(self) -> None:

        await import_code(self)

    # -- results of the export, share and import workers ----------------------------
    def on_export_done(self, message: ExportDone) -> None:
        self.notify(message.text, title="Done", timeout=6)

    def on_export_failed(self, message: ExportFailed) -> None:
        self.notify(message.reason, title="Could not do that", severity="error", timeout=10)

    def on_import_done(self, message: ImportDone) -> None:
        message.loaded.path = None  # a new roster: Ctrl+S asks where to keep it
        self.open_loaded(message.loaded, saved=False)
        for line in message.said:
            self.notify(
                line,
                title="Import",
                severity="warning" if line.startswith(("not imported", "warning")) else "information",
                timeout=12,
            )
        self.notify(message.summary, timeout=8)

    def on_catalogue_arrived(self, message: CatalogueArrived) -> None:
        for line in message.said:
            self.notify(
                line.strip(), title="Catalogue", severity="information" if message.installed else "warning", timeout=12
            )

    def on_play_imported(self, message: PlayImported) -> None:
        self.notify(message.said, timeout=8)
        self.open_path(message.path)


def make_app(
    roster_path: Path | str | None = None,
    *,
    data_dir: Path | None = None,
    roster_dir: Path | None = None,
    examples_dir: Path | None = None,
) -> WarbenchApp:
    """The app, with a roster to open if given (a file that is not a roster of a known game raises its
    one-line WarbenchError here; one that fails deeper makes the app exit with it, in `app.failure`).

    data_dir: where recent rosters and recovery files live (default: the user data directory).
    roster_dir: where new rosters are offered to be saved (default ~/warbench).
    examples_dir: the example rosters the start screen offers (default: the bundled ones).
    """

    game, kind = None, "roster"
    if roster_path is not None:
        roster_path = Path(roster_path)
        kind, game = file_kind(roster_path)
        if kind not in ("roster", "catalogue") and kind not in LEDGER_KINDS:
            raise RosterFileError(elsewhere(str(roster_path), kind, game, short_name_of))
    store = Store(Path(data_dir) if data_dir is not None else default_data_dir())
    roster_dir = Path(roster_dir) if roster_dir is not None else Path.home() / "warbench"
    return WarbenchApp(store, roster_dir, Path(examples_dir) if examples_dir else EXAMPLES_DIR, roster_path, game, kind)


def _reader(path: Path, as_copy: bool = False) -> Callable[[], LoadedRoster]:
    """What an editor's worker calls to read the roster file (as a copy without a file for a bundled example, which
    stays as shipped, however it was opened)."""

    def load() -> LoadedRoster:
        loaded = read_roster(path)
        if as_copy or shipped(path):
            loaded.path = None
        return loaded

    return load
