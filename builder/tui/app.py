"""The Warbench app and its factory `make_app`, used by the command, the Pilot tests and the snapshots."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen

from builder.editing.storage import Store
from builder.game import GAMES, short_name_of
from builder.ledgers import LEDGER_KINDS
from builder.roster.errors import RosterFileError
from builder.tui.dialogs.typing import TypingDialog
from builder.tui.document import OpenDocument
from builder.tui.keys import key_label, own_keys
from catalog.access import shipped
from catalog.errors import WarbenchError
from catalog.wording import visible

if TYPE_CHECKING:
    from builder.roster.files import LoadedRoster
    from builder.tui.importing import BattleImported, CatalogueArrived, ImportDone
    from builder.tui.sharing import ExportDone, ExportFailed

THEMES = ("textual-dark", "textual-light")


class WarbenchApp(App):
    """Holds the shared services (store, where new rosters go); each screen does its own work and closes itself."""

    CSS_PATH = "warbench.tcss"
    TITLE = "Warbench"
    HELP_TITLE = "Everywhere"

    BINDINGS = [
        Binding("f1", "help", "Help", tooltip="List every key", priority=True),
        Binding("question_mark", "help", "Help", tooltip="List every key", show=False),
        Binding(
            "ctrl+t",
            "toggle_theme",
            "Toggle dark/light theme",
            tooltip="Switch between the dark and light themes",
            show=False,
            priority=True,
        ),
        Binding(
            "ctrl+q",
            "quit",
            "Quit",
            tooltip="Leave Warbench (asks first about unsaved changes)",
            show=False,
            priority=True,
        ),
        Binding(
            "ctrl+o",
            "import",
            "Import a share code or QR image",
            tooltip="Open a roster, a battle or a catalogue from its code, or from a picture of its QR",
            show=False,
            priority=True,
        ),
    ]

    def __init__(
        self,
        store: Store,
        roster_dir: Path,
        examples_dir: Path,
        roster_path: Path | None = None,
        roster_game: str | None = None,
        file_kind: str = "roster",
    ) -> None:
        """`roster_path`: a file to open at once: a roster of `roster_game`, or a league or campaign (`file_kind`,
        which `make_app` read from the file)."""
        super().__init__()
        self.store = store
        self.roster_dir = roster_dir
        self.examples_dir = examples_dir
        self.roster_path = roster_path
        self.roster_game = roster_game
        self.file_kind = file_kind
        self.failure: WarbenchError | None = None
        """Why the roster the app opened with could not be opened (the command reports it and exits 2)."""
        self.quitting = False
        """Quit was asked for and not cancelled (keys typed after it do nothing)."""

    def path_refusal(self, path: Path | str) -> str | None:
        """Why this app may not read or write `path` (served to a browser, outside the folders shared), or None."""
        from catalog.access import refusal, shared_roots

        return refusal(path, shared_roots())

    def get_default_screen(self) -> Screen:
        """The start screen; or, for a file opened from the command line, a backdrop under its screen (the start
        screen takes the backdrop's place when that file's screen closes)."""
        from builder.tui.screens.start import Backdrop, StartScreen

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

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity="information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Every toast is plain text, whoever asks (screens pass Textual's default, markup=True): names, paths and
        messages in it may come from a stranger's file or code, and none of it is ever read as markup, nor drives the
        terminal (a control character in a file's name is shown as its escape)."""
        top = self.screen_stack[-1] if self.screen_stack else None
        if isinstance(top, TypingDialog) and top.is_mounted:
            top.note(message, title)  # a toast would lie over the field being typed into
            return
        message, title = visible(message, keep="\n"), visible(title)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    @property
    def exiting(self) -> bool:
        """Whether the app has begun to quit (it may still ask about unsaved changes): until the player cancels, no
        key of a Warbench screen or of the app acts, so no screen opens while the app closes."""
        return self.quitting or self.return_code is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The app's own keys (help, import) do nothing once it has begun to exit."""
        return not self.exiting

    def fail(self, error: WarbenchError) -> None:
        """The roster the app was started with cannot be opened: quit, with the reason."""
        self.failure = error
        self.exit(return_code=2)

    # -- opening files -------------------------------------------------------------
    def open_path(self, path: Path, *, as_copy: bool = False) -> None:
        """Open a roster file in its game's editor (a copy without a file, for the examples), or a league or
        campaign in its screen."""
        from builder.roster.header import file_kind

        if reason := self.path_refusal(path):
            self.notify(reason, title="Cannot open", severity="error", timeout=8)
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
            from catalog.file_kinds import elsewhere

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
        from builder.editing.catalogue import CatalogueSession

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
        from builder.tui.screens.catalogue_editor import CatalogueEditor

        self.push_screen(CatalogueEditor(session))
        if session.path is not None and (recovered := self.store.newer_recovery(session.path)) is not None:
            self._offer_catalogue_recovery(session, recovered)

    @work(group="ask")
    async def _offer_catalogue_recovery(self, session, recovered: str) -> None:
        from builder.tui.dialogs.confirm import ConfirmDialog

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
        from builder.tui.screens.new_roster import NewRosterScreen

        self.push_screen(NewRosterScreen(game=game, catalogue=catalogue))

    def open_loaded(self, loaded: LoadedRoster, *, saved: bool = True) -> None:
        """Open a roster already in memory (an import, a new roster)."""
        self.open_editor(loaded.roster.game, lambda: loaded, saved=saved)

    def open_editor(
        self, game: str, load: Callable[[], LoadedRoster], *, saved: bool = True, first: bool = False
    ) -> None:
        """Show the game's editor at once (it loads the roster in a worker and fills in). An editor on top is
        replaced, after asking about its unsaved changes; any other screen stays below, to come back to."""
        from builder.tui.screens.editor import RosterEditor

        editor = GAMES[game].editor(game, load, saved=saved, first=first)
        current = self.screen
        if not isinstance(current, RosterEditor):
            self.push_screen(editor)
        elif current.dirty:
            self._replace_after_asking(current, editor)
        else:
            current.dismiss()
            self.push_screen(editor)

    @work(group="ask")
    async def _replace_after_asking(self, current: Screen, editor: Screen) -> None:
        if await self.settled(current):
            await current.dismiss()
            await self.push_screen(editor)

    def editor_loaded(self, loaded: LoadedRoster) -> None:
        """An editor has its roster: remember it among the recent ones and pass on what loading it said."""
        if loaded.path is not None:
            self.store.remember(loaded.path, loaded.roster.name, loaded.roster.game)
        for note in loaded.notes:
            self.notify(note, title="Roster updated on load", timeout=10)

    # -- closing and quitting ------------------------------------------------------------
    def close(self, screen: Screen, *, ask: bool = True) -> None:
        """Close a roster, catalogue, league, campaign or battle screen, back to the screen below it (asking first
        about unsaved changes unless told not to)."""
        if ask and isinstance(screen, OpenDocument) and screen.dirty:
            self._close_after_asking(screen)
        else:
            screen.dismiss()

    @work(group="ask")
    async def _close_after_asking(self, screen: Screen) -> None:
        if await self.settled(screen):
            await screen.dismiss()

    async def settled(self, screen: Screen) -> bool:
        """Whether `screen`'s unsaved changes are dealt with: there are none, or the player saved or discarded
        them (False: cancelled, or saving failed). Run it in a worker: it waits for the answer."""
        if not isinstance(screen, OpenDocument) or not screen.dirty:
            return True
        from builder.tui.dialogs.confirm import ConfirmDialog

        name = screen.document_name or "this roster"
        dialog = ConfirmDialog(
            "Unsaved changes",
            f"Save the changes to {name}?",
            [("save", "Save"), ("discard", "Discard"), ("cancel", "Cancel")],
        )
        dialog.id = "unsaved-dialog"
        answer = await self.push_screen_wait(dialog)
        if answer == "save":
            return await screen.save()
        if answer == "discard":
            screen.discard_changes()
            return True
        return False

    async def action_quit(self) -> None:
        if self.screen.id == "unsaved-dialog":  # already asking (closing a screen, or quitting)
            return
        self.quitting = True
        self._quit_when_settled()

    @work(group="ask")
    async def _quit_when_settled(self) -> None:
        """Quit, after asking about each roster, league or campaign with unsaved changes, the topmost first (a
        dialog open meanwhile stays, under the question, for a player who cancels)."""
        for screen in reversed(self.screen_stack):
            if not await self.settled(screen):
                self.quitting = False
                return
        self.exit()

    # -- keys and commands ---------------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette: Textual's own commands (its Quit and Keys are ours), every described key that works
        on `screen` now, by name, and the commands the screen offers only here (its `palette()`)."""
        yield from (c for c in super().get_system_commands(screen) if c.title not in ("Quit", "Keys"))
        actions: dict[tuple[int, str], tuple[DOMNode, str, Binding, list[str]]] = {}
        for active in screen.active_bindings.values():
            node, binding = active.node, active.binding
            if not active.enabled or binding not in own_keys(node):
                continue
            # a widget's key for an app action (`?` in a filter field) is one more key for the app's command
            target, action = (self, binding.action[4:]) if binding.action.startswith("app.") else (node, binding.action)
            own = [b for b in own_keys(target) if b.action == action]
            _, _, _, keys = actions.setdefault(
                (id(target), action), (target, action, own[0] if own else binding, [b.key for b in own])
            )
            keys += [key for key in binding.key.split(",") if key not in keys]
        for target, action, binding, keys in actions.values():
            what = binding.tooltip or binding.description
            yield SystemCommand(
                binding.description, f"{what}  ({key_label(','.join(keys))})", partial(self.run_action, action, target)
            )
        palette = getattr(screen, "palette", None)
        if palette is not None:
            yield from palette()

    def action_help(self) -> None:
        from builder.tui.dialogs.help import HelpScreen, keys_for

        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss(None)  # the help key again closes it
            return
        self.push_screen(HelpScreen(keys_for(self.screen)))

    def action_toggle_theme(self) -> None:
        self.theme = THEMES[1] if self.theme == THEMES[0] else THEMES[0]

    @work(group="ask")
    async def action_import(self) -> None:
        from builder.tui.importing import import_code

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
        self.notify(f"Imported '{message.loaded.roster.name or 'unnamed roster'}'. Ctrl+S to keep it.", timeout=8)

    def on_catalogue_arrived(self, message: CatalogueArrived) -> None:
        for line in message.said:
            self.notify(
                line.strip(), title="Catalogue", severity="information" if message.installed else "warning", timeout=12
            )

    def on_battle_imported(self, message: BattleImported) -> None:
        self.notify(f"The opponent's battle is in {message.path.name}, its rosters beside it.", timeout=8)
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
    from catalog.paths import EXAMPLES_DIR
    from catalog.paths import data_dir as default_data_dir

    game, kind = None, "roster"
    if roster_path is not None:
        from builder.roster.header import file_kind
        from catalog.file_kinds import elsewhere

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
        from builder.roster.files import read_roster
        from catalog.access import shipped

        loaded = read_roster(path)
        if as_copy or shipped(path):
            loaded.path = None
        return loaded

    return load
