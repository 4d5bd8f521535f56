"""The roster editor's file side: saving, and recovering unsaved changes."""

from __future__ import annotations

from pathlib import Path

from builder.editing.storage import where
from catalog.errors import WarbenchError
from catalog.slug import slugify


class RosterFileMixin:
    """Mixed into RosterEditor: uses its `session` and `refresh_views()`."""

    def action_save(self) -> None:
        if self.session.path is None:
            self.action_save_as()
            return
        self._save(None)

    def action_save_as(self) -> None:
        from builder.tui.dialogs.text_prompt import path_prompt

        current = str(self.session.path or self.app.roster_dir / f"{slugify(self.session.roster.name) or 'roster'}.toml")

        def chosen(path: str | None) -> None:
            if path:
                self._save(Path(path).expanduser())

        path_prompt(self.app, "Save as", current, "Path of the roster file:", chosen)

    def _save(self, path: Path | None) -> bool:
        """Save, after asking whenever saving would replace another file or lose something (False: not saved
        now; the question may save it later)."""
        from builder.tui.dialogs.confirm import save_after_asking

        return save_after_asking(self.app, self.session.save_warnings(path), lambda: self._write(path))

    def _write(self, path: Path | None) -> bool:
        try:
            saved = self.session.save(path)
        except WarbenchError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return False
        self.notify(f"Saved {where(saved)}", timeout=3)
        self.refresh_views()
        return True

    def save_quietly(self) -> bool:
        """Save before quitting; False if it failed (the player stays)."""
        return self._save(None) if self.session.path else False

    # -- recovery ----------------------------------------------------------------
    def offer_recovery(self) -> None:
        """If the last session left unsaved changes newer than the file, offer them back."""
        path = self.session.path
        text = self.session.store.newer_recovery(path) if path else None
        if text is None:
            return
        from builder.tui.dialogs.confirm import ConfirmDialog

        def answered(answer: str) -> None:
            if answer == "restore":
                try:
                    self.session.restore(text)
                except WarbenchError as exc:
                    self.notify(str(exc), title="Cannot restore", severity="error")
                self.refresh_views()
            elif answer == "discard":
                self.session.discard_recovery()

        self.app.push_screen(ConfirmDialog(
            "Unsaved changes found", f"{path.name} has unsaved changes from an earlier session. Restore them?",
            [("restore", "Restore"), ("discard", "Discard them"), ("later", "Not now")]), answered)
