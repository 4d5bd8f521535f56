"""An open roster being edited: catalogue, edit history, latest report, saving and recovery."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, TypeVar

from pydantic import ValidationError

from builder.findings import Report
from builder.rules import validate
from builder.editing.history import History
from builder.editing.storage import Store
from catalog.errors import RosterFileError
from builder.roster.files import LoadedRoster, dump_roster, parse_roster, write_roster

T = TypeVar("T")
HISTORY_LIMIT = 200


class EditSession:
    """The roster, its catalogue and file; every change is one undo step, revalidated and autosaved."""

    def __init__(self, loaded: LoadedRoster, store: Store, *, saved: bool = True) -> None:
        self.roster = loaded.roster
        self.catalogue = loaded.catalogue
        self.path: Path | None = loaded.path
        self.notes = list(loaded.notes)
        self.store = store
        self.history: History = History(HISTORY_LIMIT)
        self.text = dump_roster(self.roster)
        self._saved_text = self.text if saved else None
        self.report: Report = validate(self.roster, self.catalogue)

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

    def save(self, path: Path | None = None) -> Path:
        """Write the roster atomically (to `path` if given, which becomes its file) and drop the recovery file."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise RosterFileError("this roster has no file yet: choose where to save it")
        old = self.path
        write_roster(target, self.roster, self.catalogue)
        self.path = target
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
