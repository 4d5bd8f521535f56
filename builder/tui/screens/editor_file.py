"""The roster editor's file side: saving, recovering unsaved changes, and what leaves the editor (cards, the share
code, a battle at the table)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual import work
from textual.app import SystemCommand

from builder.editing.storage import where
from builder.tui.dialogs.confirm import ConfirmDialog, may_save
from builder.tui.dialogs.text_prompt import save_as_path
from builder.tui.screens.base import WarbenchScreen
from builder.tui.sharing import export_cards, play_roster, share_roster
from catalog.errors import WarbenchError
from catalog.slug import slugify

if TYPE_CHECKING:
    from builder.editing.session import EditSession


class RosterFileMixin(WarbenchScreen):
    """The base of RosterEditor: uses its `session` and `refresh_views()`."""

    session: EditSession | None

    if TYPE_CHECKING:

        def refresh_views(self, select: str | None = None) -> None: ...

    @property
    def loaded_session(self) -> EditSession:
        """The session, for what runs only once the roster has loaded (the editor's keys and handlers)."""
        assert self.session is not None, "the roster has not loaded yet"
        return self.session

    @work(exclusive=True, group="ask")
    async def action_save(self) -> None:
        await self.save()

    @work(exclusive=True, group="ask")
    async def action_save_as(self) -> None:
        await self.save(ask_where=True)

    async def save(self, ask_where: bool = False) -> bool:
        """Save (asking where first for a roster without a file, or when asked to), after asking whenever saving
        would replace another file or lose something; False: not saved."""

        path = None
        if ask_where or self.loaded_session.path is None:
            current = (
                self.loaded_session.path
                or self.app.roster_dir / f"{slugify(self.loaded_session.roster.name) or 'roster'}.toml"
            )
            path = await save_as_path(self, current, "Path of the roster file:")
            if path is None:
                return False
        if not await may_save(self.app, self.loaded_session.save_warnings(path)):
            return False
        return self._write(path)

    def _write(self, path: Path | None) -> bool:
        try:
            saved = self.loaded_session.save(path)
        except WarbenchError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return False
        self.notify(f"Saved {where(saved)}", timeout=3)
        self.refresh_views()
        return True

    # -- recovery ----------------------------------------------------------------
    @work(exclusive=True, group="ask")
    async def offer_recovery(self) -> None:
        """If the last session left unsaved changes newer than the file, offer them back."""
        path = self.loaded_session.path
        text = self.loaded_session.store.newer_recovery(path) if path else None
        if path is None or text is None:
            return

        answer = await self.app.push_screen_wait(
            ConfirmDialog(
                "Unsaved changes found",
                f"{path.name} has unsaved changes from an earlier session. Restore them?",
                [("restore", "Restore"), ("discard", "Discard them"), ("later", "Not now")],
            )
        )
        if answer == "restore":
            try:
                self.loaded_session.restore(text)
            except WarbenchError as exc:
                self.notify(str(exc), title="Cannot restore", severity="error")
            self.refresh_views()
        elif answer == "discard":
            self.loaded_session.discard_recovery()

    # -- what leaves the editor ---------------------------------------------------------
    def palette(self) -> Iterable[SystemCommand]:
        """The editor's commands that have no key of their own."""
        if self.session is None:
            return
        yield SystemCommand("Save as…", "Save the roster to another file", partial(self.run_action, "save_as"))
        yield SystemCommand(
            "Export PDF cards (US Letter)", "The same cards on US Letter paper", partial(self.export_pdf, "letter")
        )
        yield SystemCommand(
            "Export PDF cards with backs (duplex)",
            "Cards that do not fit one face continue on their backs: print both sides, flipping on the long edge",
            partial(self.export_pdf, "a4", "backs"),
        )

    def action_export_pdf(self) -> None:
        self.export_pdf()

    @work(exclusive=True, group="ask")
    async def export_pdf(self, paper: str | None = None, layout: str = "sheet") -> None:
        """Ask for the paper and layout (unless given) and where to write the cards, then print them."""

        await export_cards(self, paper, layout)

    @work(exclusive=True, group="ask")
    async def action_share(self) -> None:

        await share_roster(self)

    @work(exclusive=True, group="ask")
    async def action_play(self) -> None:

        await play_roster(self)
