"""The catalogue editor's file side: saving as a new revision with a change note, sharing the saved file, a roster
on it, and closing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import work

from builder.catalogue_arrival import base_note, outgoing
from builder.editing.catalogue import CatalogueSession
from builder.editing.on_disk import ChangedOnDisk
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.requests import NewRosterOn, OpenCatalogue
from builder.tui.screens.catalogue_view import CatalogueView
from builder.tui.sharing import show_code
from catalog.access import shipped
from catalog.errors import WarbenchError
from catalog.paths import installed_catalogue_dir
from exports.share.catalogue_code import encode_catalogue


def catalogue_ref(session: CatalogueSession) -> str:
    """How a roster names the catalogue: by id when it is installed (found by id), else by its path."""
    path = Path(str(session.path)).resolve()
    if path == (installed_catalogue_dir() / f"{session.data.get('id')}.toml").resolve():
        return str(session.data["id"])
    return str(path)


def beside(path: Path) -> Path:
    """A free file name next to `path` for the editor's own version (`army-mine.toml`, `army-mine-2.toml`, …)."""
    candidate, n = path.with_name(f"{path.stem}-mine{path.suffix}"), 2
    while candidate.exists():
        candidate, n = path.with_name(f"{path.stem}-mine-{n}{path.suffix}"), n + 1
    return candidate


class CatalogueFile(CatalogueView):
    """The base of CatalogueEditor: the keys that write the catalogue or take it elsewhere."""

    @property
    def open_session(self) -> CatalogueSession:
        """Unsaved changes in it: closing or quitting asks first (`app.close`, `app.settled`)."""
        return self.session

    @work(exclusive=True, group="ask")
    async def action_save(self) -> None:
        await self.save()

    async def save(self) -> bool:
        """Save, asking first when the catalogue has problems, then for a line on what changed when the content
        did (a new revision); False: not saved."""
        session = self.session
        if session.path is not None and (reason := shipped(session.path)):  # before any question
            self.notify(reason, title="Not saved", severity="error", timeout=8)
            return False
        if session.problems:
            count = len(session.problems)
            answer = await self.app.push_screen_wait(
                ConfirmDialog(
                    "Problems",
                    f"The catalogue has {count} problem{'s' if count != 1 else ''}: rosters cannot load it "
                    "until they are fixed. Save anyway?",
                    [("save", "Save"), ("cancel", "Cancel")],
                )
            )
            if answer != "save":
                return False
        if not session.changed_since_saved() and session.path is not None and session.path.exists():
            if await self._written(lambda **where: session.save(bump=False, **where)) is None:
                return False
            self.notify("Saved (no content changed, so the revision stays).", timeout=3)
            self._refresh_status()
            return True
        revision = int(session.data.get("revision", 1)) + (1 if session.path and session.path.exists() else 0)
        note = await self.app.push_screen_wait(
            TextPrompt(
                f"Save as revision {revision}",
                hint="What changed, in a line (the change log keeps it, so rosters say what changed):",
                max_length=200,
            )
        )
        if note is None:
            return False
        if (path := await self._written(lambda **where: session.save(note, **where))) is None:
            return False
        self.notify(f"Saved {path.name} as revision {revision}.", timeout=4)
        self._refresh_status()
        return True

    async def _written(self, save: Callable[..., Path]) -> Path | None:
        """Where `save()` wrote, asking first when the file changed on disk since it was opened here: reload it,
        keep both (this version beside it), or overwrite it; None: not saved (and said why)."""
        try:
            return save()
        except ChangedOnDisk as exc:
            answers = [("reload", "Reload"), ("both", "Keep both"), ("overwrite", "Overwrite"), ("cancel", "Cancel")]
            answer = await self.app.push_screen_wait(ConfirmDialog("Changed on disk", str(exc), answers))
            if answer == "reload" and self.session.path is not None:
                self.session.discard_recovery()
                self.dismiss()
                self.post_message(OpenCatalogue(self.session.path))
                return None
            try:
                if answer == "both" and self.session.path is not None:
                    return save(path=beside(self.session.path))
                if answer == "overwrite":
                    return save(overwrite=True)
            except (OSError, WarbenchError) as again:
                self.notify(str(again), title="Not saved", severity="error", timeout=8)
            return None
        except (OSError, WarbenchError) as exc:
            self.notify(str(exc), title="Not saved", severity="error", timeout=8)
            return None

    @work(exclusive=True, group="ask")
    async def action_share(self) -> None:
        """The saved catalogue as a code and its QR, part by part when one QR cannot hold it (Space: the next)."""
        session = self.session
        if session.dirty or session.path is None or not Path(session.path).exists():
            self.notify("Save the catalogue first (Ctrl+S): a code carries the catalogue as saved.", timeout=5)
            return

        try:
            data, _ = outgoing(Path(session.path))
            code = encode_catalogue(data)
        except WarbenchError as exc:
            self.notify(str(exc), title="Cannot share", severity="error", timeout=8)
            return
        label = f"catalogue '{session.data.get('id')}' revision {session.data.get('revision')}"
        path = Path(session.path)
        note = base_note(data)
        notes = f"{label} (`warbench catalog import` or Ctrl+O reads it)" + (f"; {note}" if note else "")
        await show_code(self.app, code, notes, str(path.with_suffix(".png")), toggles=False)

    def action_new_roster(self) -> None:
        """A new roster on this catalogue (saved first, so the roster can name its file)."""
        if self.session.dirty or self.session.path is None or not Path(self.session.path).exists():
            self.notify("Save the catalogue first (Ctrl+S): a roster names the catalogue's file.", timeout=5)
            return
        self.post_message(NewRosterOn(self.session.game, catalogue_ref(self.session)))

    def action_close(self) -> None:
        """Back to the screen below, asking first about unsaved changes (Save asks for the change note)."""
        if not self.session.dirty:
            self.session.discard_recovery()
        self.app.close(self)
