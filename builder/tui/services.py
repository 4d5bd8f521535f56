"""What every screen may ask of the app: the store and folders, which paths it may touch, plain-text toasts, and
whether it is exiting. Screens open and close files by posting a `builder.tui.requests` message, never by importing
the app that shows them."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from pathlib import Path

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen

from builder.editing.storage import Store
from builder.roster.files import LoadedRoster
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.dialogs.help import HelpScreen, keys_for
from builder.tui.dialogs.typing import TypingDialog
from builder.tui.document import OpenDocument, unsaved
from builder.tui.keys import key_label, own_keys
from catalog.access import refusal, shared_roots
from catalog.errors import WarbenchError
from catalog.wording import visible

THEMES = ("textual-dark", "textual-light")
MOVES_WHILE_EXITING = ("focus_next", "focus_previous")
"""The app's actions a question asked while quitting needs: moving between its answers (`ConfirmDialog`'s arrows, Tab)."""


class WarbenchServices(App):
    """The app's shared services and its own keys; `WarbenchApp` adds the screens and answers screens' requests to
    open files."""

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
            tooltip="Open a roster, a battle, a narrative in play or a catalogue from its code (or its parts), "
            "from pictures of its QR codes, or a BattleScribe roster",
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
        return refusal(path, shared_roots())

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
        """The app's own keys (help, import) do nothing once it has begun to exit, but Tab and the arrows still move
        between the answers of the question it asks then (Save, Discard, Cancel)."""
        return not self.exiting or action in MOVES_WHILE_EXITING

    def fail(self, error: WarbenchError) -> None:
        """The file the app was started with cannot be opened: quit, with the reason."""
        self.failure = error
        self.exit(return_code=2)

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
        if ask and unsaved(screen):
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
        session = unsaved(screen)
        if session is None or not isinstance(screen, OpenDocument):
            return True
        dialog = ConfirmDialog(
            "Unsaved changes",
            f"Save the changes to {session.name}?",
            [("save", "Save"), ("discard", "Discard"), ("cancel", "Cancel")],
        )
        dialog.id = "unsaved-dialog"
        answer = await self.push_screen_wait(dialog)
        if answer == "save":
            return await screen.save()
        if answer == "discard":
            session.discard_recovery()
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
        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss(None)  # the help key again closes it
            return
        self.push_screen(HelpScreen(keys_for(self.screen)))

    def action_toggle_theme(self) -> None:
        self.theme = THEMES[1] if self.theme == THEMES[0] else THEMES[0]
