"""An open roster being edited: catalogue, edit history, latest report, saving and recovery."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from pydantic import ValidationError

from builder.editing.history import History
from builder.editing.storage import Store
from builder.findings import Report
from builder.roster.common import RosterBase
from builder.roster.errors import RosterFileError
from builder.roster.files import LoadedRoster, catalogue_ref_from, dump_roster, parse_roster, write_roster
from builder.rules import validate
from catalog.access import admit

T = TypeVar("T")


class EditSession:
    """The roster, its catalogue and file; every change is one undo step, revalidated and autosaved."""

    def __init__(self, loaded: LoadedRoster, store: Store, *, saved: bool = True) -> None:
        self.roster = loaded.roster
        self.catalogue = loaded.catalogue
        self.path: Path | None = loaded.path
        self.notes = list(loaded.notes)
        self.store = store
        self.history: History[RosterBase] = History()
        self.text = dump_roster(self.roster)
        self._saved_text = self.text if saved else None
        self.report: Report = validate(self.roster, self.catalogue)
        self._on_disk = _signature(self.path)
        has_file = self.path is not None
        self._preface = loaded.preface if has_file else ""
        self._inner_comments = loaded.inner_comments and has_file

    @property
    def game(self) -> str:
        return self.roster.game

    @property
    def dirty(self) -> bool:
        """Changed since the last save (undoing back to the saved state makes it clean again)."""
        return self.text != self._saved_text

    def change(self, label: str, edit: Callable[[object], T]) -> T:
        """Apply `edit` to the roster as one undoable change; a rejected edit leaves the roster as it was."""
        before = self.roster.model_copy(deep=True)
        try:
            result = edit(self.roster)
        except (ValidationError, ValueError):
            self.roster = before
            raise
        self.history.push(before, label)
        self._changed()
        return result

    def undo(self) -> str | None:
        """Step back one change; its label, or None when there is nothing to undo."""
        step = self.history.undo(self.roster)
        if step is None:
            return None
        self.roster, label = step
        self._changed()
        return label

    def redo(self) -> str | None:
        """Step forward one undone change; its label, or None."""
        step = self.history.redo(self.roster)
        if step is None:
            return None
        self.roster, label = step
        self._changed()
        return label

    def _changed(self) -> None:
        self.report = validate(self.roster, self.catalogue)
        self.text = dump_roster(self.roster)
        if self.dirty:
            self.store.write_recovery(self.path, self.text)
        else:
            self.store.clear_recovery(self.path)

    def save_warnings(self, path: Path | None = None) -> list[str]:
        """What saving to `path` (default: the roster's file) would overwrite or lose, for the player to confirm:
        another existing file, a file changed on disk since it was opened, the comments of a hand-edited file."""
        target = Path(path) if path is not None else self.path
        if target is None:
            return []
        warnings = []
        if self.path is None or not _same_file(target, self.path):
            if target.exists():
                warnings.append(f"{target.name} already exists and is another roster's file: saving replaces it.")
        elif _signature(target) != self._on_disk:
            warnings.append(
                f"{target.name} changed on disk since it was opened (another window or program?): "
                "saving replaces those changes."
            )
        if self._inner_comments and self.path is not None and _same_file(target, self.path):
            warnings.append(f"{target.name} has comments among its entries; Warbench keeps only those at the top.")
        return warnings

    def save(self, path: Path | None = None) -> Path:
        """Write the roster atomically (to `path` if given, which becomes its file: a relative catalogue path is
        rewritten to resolve from there) and drop the recovery file. `save_warnings` says what it would lose."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise RosterFileError("this roster has no file yet: choose where to save it")
        admit(target, writing=True)  # before anything changes: a served builder's folders, Warbench's own files
        try:
            target.parent.mkdir(parents=True, exist_ok=True)  # a first save into ~/warbench makes it
        except OSError as exc:
            raise RosterFileError(f"{target.parent}: cannot make the folder ({exc.strerror or exc})") from None
        old = self.path
        if old is not None:
            self.roster.catalogue = catalogue_ref_from(self.roster.catalogue, old.parent, target.parent)
        write_roster(target, self.roster, self.catalogue, preface=self._preface)
        self.path = target
        self._on_disk = _signature(target)
        self._inner_comments = False
        self.text = self._saved_text = dump_roster(self.roster)
        self.store.clear_recovery(old)
        self.store.clear_recovery(target)
        self.store.remember(target, self.roster.name, self.game)
        return target

    def restore(self, text: str) -> None:
        """Replace the roster with a recovered one (one undoable change, unsaved)."""
        base = self.path.parent if self.path else None
        recovered = parse_roster(text, "recovery file", base).roster
        self.history.push(self.roster, "restore unsaved changes")
        self.roster = recovered
        self._changed()

    def discard_recovery(self) -> None:
        self.store.clear_recovery(self.path)


def _signature(path: Path | None) -> tuple[int, int] | None:
    """(mtime, size) of a file, to notice it changed under us; None when there is none."""
    try:
        stat = path.stat() if path is not None else None
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_size) if stat else None


def _same_file(a: Path, b: Path) -> bool:
    return Path(a).expanduser().resolve() == Path(b).expanduser().resolve()
