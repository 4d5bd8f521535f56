"""What every ledger screen (league, campaign, battle) shares: the header, findings, undo/redo, saving, prompts."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any

from textual import work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical

from builder.campaigns.session_base import LedgerSessionBase
from builder.editing.base import Choice, ChoicePrompt
from builder.editing.storage import home_relative, where
from builder.ledgers import ledger_kind
from builder.tui.dialogs.choice import CANCELLED, ChoiceDialog
from builder.tui.dialogs.confirm import ConfirmDialog, may_save
from builder.tui.dialogs.text_prompt import TextPrompt, save_as_path
from builder.tui.requests import OpenPath
from builder.tui.screens.base import WarbenchScreen
from builder.tui.widgets.findings_panel import FindingsPanel
from builder.tui.widgets.key_footer import PHONE_COLUMNS, KeyFooter
from builder.tui.widgets.roster_header import RosterHeader
from catalog.access import shipped
from catalog.errors import WarbenchError
from catalog.slug import slugify


class LedgerScreen(WarbenchScreen):
    """A ledger open for play (any kind in `builder.ledgers`: league, campaign, battle): subclasses compose
    `body()` and fill it in `show()`."""

    BINDINGS = [
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("ctrl+z", "undo", "Undo", priority=True),
        Binding("ctrl+y", "redo", "Redo", priority=True),
        Binding("ctrl+w", "close", "Close", tooltip="Back to the start screen (asks first if unsaved)"),
    ]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (PHONE_COLUMNS, "-roomy")]
    """On a phone two claim grids, or the districts beside the players, do not fit side by side."""

    def __init__(self, session: LedgerSessionBase) -> None:
        super().__init__(classes="ledger")
        self.session = session
        self.shown_before = False

    @property
    def open_session(self) -> LedgerSessionBase:
        return self.session

    @property
    def document_name(self) -> str:
        return self.session.ledger.name or ledger_kind(self.session.kind).name

    def compose(self) -> ComposeResult:
        yield RosterHeader(verdicts=("VALID", "NOT VALID"), id="ledger-header")
        with Vertical(id="ledger-body"):
            yield from self.body()
        yield FindingsPanel(id="findings")
        yield KeyFooter()

    def body(self) -> Iterable:
        """The kind's own panes."""
        return ()

    def on_mount(self) -> None:
        self.offer_recovery()

    def on_screen_resume(self) -> None:
        """Shown, or back from an army's editor: the army may have changed, so the ledger is replayed again."""
        if self.shown_before:
            try:
                self.session.replay_again()
            except WarbenchError as exc:
                self.notify(str(exc), title="An army cannot be read", severity="error", timeout=10)
        self.shown_before = True
        self.refresh_view()

    def refresh_view(self) -> None:
        result = self.session.result
        self.refresh_header()
        self.query_one(FindingsPanel).findings = result.findings
        self.show(result)

    def refresh_header(self) -> None:
        """The header line, fitted (the status and the unsaved mark always show, the name is cut first): the ledger's
        name, its kind, where it stands and a note."""
        result = self.session.result
        header = self.query_one(RosterHeader)
        header.title = self.document_name
        header.subtitle = f"{ledger_kind(self.session.kind).short_name} · {self.progress()}{self.header_note()}"
        header.dirty = self.session.dirty
        header.errors = sum(1 for finding in result.findings if finding.severity == "error") or (
            0 if result.valid else 1
        )

    def header_note(self) -> str:
        """Something the header says for a while (a timer running); empty by default."""
        return ""

    def progress(self) -> str:
        """Where the ledger stands, for the header."""
        return ""

    def show(self, result) -> None:
        """Fill the panes in from the replayed result."""

    # -- changing the ledger ----------------------------------------------------------
    def change(self, label: str, edit: Callable[..., Any], *args: Any) -> bool:
        """Apply one edit as an undoable change; a refused one says why and changes nothing."""
        return self.apply(self.session.change, label, edit, *args)

    def apply(self, change: Callable[..., None], label: str, edit: Callable[..., Any], *args: Any) -> bool:
        """Apply one edit through a session's way of changing (`change`, or a stricter one); a refused one says why
        and changes nothing."""
        try:
            change(label, edit, *args)
        except WarbenchError as exc:
            self.notify(str(exc), title="Not allowed", severity="error", timeout=6)
            return False
        self.refresh_view()
        return True

    async def ask(self, title: str, choices: Iterable[Choice]) -> str | None:
        """The key the player chooses from `choices` (only those are offered; one with a reason is refused, saying
        it), or None on Escape or when there is nothing to choose."""

        offered = tuple(choices)
        if not offered:
            return None
        answer = await self.app.push_screen_wait(ChoiceDialog(ChoicePrompt(title, offered, refused=True)))
        return None if answer == CANCELLED else answer

    async def ask_path(self, title: str, current: str = "") -> str | None:
        """A roster path relative to the ledger's folder, which must name a file; None on Escape."""

        def check(text: str) -> str | None:
            path = self.session.base / text.strip()
            return self.app.path_refusal(path) or (None if path.is_file() else f"no file {text.strip()!r} there")

        answer = await self.app.push_screen_wait(
            TextPrompt(
                title,
                current,
                hint=f"Path of the roster, from {home_relative(self.session.base.resolve())}:",
                max_length=1000,
                check=check,
            )
        )
        return answer.strip() if answer else None

    def round_open(self) -> bool:
        """Whether the campaign has a round to record in; if not, say how to open one."""
        if not self.session.ledger.rounds:
            self.notify("Open a round first (n).", timeout=3)
            return False
        return True

    def open_army(self, relative: str) -> None:
        """Open an army of the ledger in the roster editor; closing the editor comes back here."""
        self.post_message(OpenPath(self.session.base / relative))

    # -- keys ---------------------------------------------------------------------------
    def action_undo(self) -> None:
        label = self.session.undo()
        self.notify(f"Undid: {label}" if label else "Nothing to undo.", timeout=2)
        self.refresh_view()

    def action_redo(self) -> None:
        label = self.session.redo()
        self.notify(f"Redid: {label}" if label else "Nothing to redo.", timeout=2)
        self.refresh_view()

    @work(exclusive=True, group="ask")
    async def action_save(self) -> None:
        await self.save()

    @work(exclusive=True, group="ask")
    async def action_save_as(self) -> None:
        await self.save(ask_where=True)

    def palette(self) -> Iterable[SystemCommand]:
        """The ledger's commands that have no key of their own."""
        if self.session.saves_elsewhere:
            what = "Save a copy of the example (and its armies) where you keep yours" if self.bundled else None
            yield SystemCommand(
                "Save as…", what or "Save the ledger to another file", partial(self.run_action, "save_as")
            )

    @property
    def bundled(self) -> bool:
        """Whether the ledger is one Warbench ships with, which stays as shipped: saving it asks where (Save as)."""
        return shipped(self.session.path) is not None

    async def save(self, ask_where: bool = False) -> bool:
        """Save, after asking if saving would lose something or replace another file; a bundled league or campaign,
        or one asked to, is saved where the player says (Save as, its armies copied when they are bundled too).
        False: not saved."""

        path = None
        if (ask_where or self.bundled) and self.session.saves_elsewhere:  # a battle is saved where it is
            path = await save_as_path(self, *self._save_as_start())
            if path is None:
                return False
        return await may_save(self.app, self.session.save_warnings(path)) and self._write(path)

    def _save_as_start(self) -> tuple[Path, str]:
        """Where Save as starts (an example: the folder rosters are saved in) and what it says."""
        if not self.bundled:
            return self.session.path, "Path of the new file (its armies stay where they are):"
        name = slugify(self.session.ledger.name or "") or self.session.kind
        return self.app.roster_dir / f"{name}.toml", "Path of your copy (the armies it names are copied beside it):"

    def _write(self, path: Path | None = None) -> bool:
        try:
            saved = self.session.save(path, replace=True)  # replacing a file was asked (may_save)
        except WarbenchError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return False
        self.app.store.remember(saved, self.document_name, self.session.ledger.game, self.session.kind)
        self.notify(f"Saved {where(saved)}", timeout=3)
        self.refresh_view()
        return True

    def action_close(self) -> None:
        self.app.close(self)

    @work(exclusive=True, group="ask")
    async def offer_recovery(self) -> None:
        """If an earlier run left unsaved changes newer than the file, offer them back."""
        text = self.session.recovered_text()
        if text is None:
            return

        answer = await self.app.push_screen_wait(
            ConfirmDialog(
                "Unsaved changes found",
                f"{Path(self.session.path).name} has unsaved changes from an earlier session.",
                [("restore", "Restore them"), ("discard", "Discard them")],
            )
        )
        if answer == "restore":
            self._restore(text)
        elif answer == "discard":
            self.session.discard_recovery()

    def _restore(self, text: str) -> None:
        try:
            self.session.restore(text)
        except WarbenchError as exc:
            self.notify(str(exc), title="Cannot restore", severity="error")
        self.refresh_view()


def players_of(names: Iterable[str]) -> list[Choice]:
    return [Choice(name, name) for name in names]
