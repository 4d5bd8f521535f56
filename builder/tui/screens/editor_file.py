"""The roster editor's file side: saving, and recovering unsaved changes."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from builder.editing.storage import where
from builder.tui.screens.base import WarbenchScreen
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

    def action_save(self) -> None:
        if self.loaded_session.path is None:
            self.action_save_as()
            return
        self._save(None)

    def action_save_as(self) -> None:
        from builder.tui.dialogs.text_prompt import path_prompt

        current = str(
            self.loaded_session.path
            or self.app.roster_dir / f"{slugify(self.loaded_session.roster.name) or 'roster'}.toml"
        )

        def chosen(path: str | None) -> None:
            if path:
                self._save(Path(path).expanduser())

        path_prompt(self.app, "Save as", current, "Path of the roster file:", chosen)

    def _save(self, path: Path | None) -> bool:
        """Save, after asking whenever saving would replace another file or lose something (False: not saved
        now; the question may save it later)."""
        from builder.tui.dialogs.confirm import save_after_asking

        return save_after_asking(self.app, self.loaded_session.save_warnings(path), lambda: self._write(path))

    def _write(self, path: Path | None) -> bool:
        try:
            saved = self.loaded_session.save(path)
        except WarbenchError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return False
        self.notify(f"Saved {where(saved)}", timeout=3)
        self.refresh_views()
        return True

    def save_quietly(self) -> bool:
        """Save before quitting; False if it failed (the player stays)."""
        return self._save(None) if self.loaded_session.path else False

    # -- recovery ----------------------------------------------------------------
    def offer_recovery(self) -> None:
        """If the last session left unsaved changes newer than the file, offer them back."""
        path = self.loaded_session.path
        text = self.loaded_session.store.newer_recovery(path) if path else None
        if path is None or text is None:
            return
        from builder.tui.dialogs.confirm import ConfirmDialog

        def answered(answer: str | None) -> None:
            if answer == "restore":
                try:
                    self.loaded_session.restore(text)
                except WarbenchError as exc:
                    self.notify(str(exc), title="Cannot restore", severity="error")
                self.refresh_views()
            elif answer == "discard":
                self.loaded_session.discard_recovery()

        self.app.push_screen(
            ConfirmDialog(
                "Unsaved changes found",
                f"{path.name} has unsaved changes from an earlier session. Restore them?",
                [("restore", "Restore"), ("discard", "Discard them"), ("later", "Not now")],
            ),
            answered,
        )
