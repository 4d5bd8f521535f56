"""An open league or campaign: its ledger and replayed result, undo and redo, autosave to a recovery file, save."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from builder.campaigns import ledger_data, ledger_model, read_ledger, replay
from builder.campaigns.edits import dump_ledger, write_ledger
from builder.editing.history import History
from builder.editing.storage import Store

HISTORY_LIMIT = 200


class LedgerSession:
    """Every change is one undo step, replayed at once and autosaved while unsaved; a refused change (an illegal
    choice, a roster that cannot be read) leaves the ledger as it was and raises its one-line WarbenchError."""

    def __init__(self, path: Path | str, store: Store) -> None:
        self.path = Path(path)
        self.store = store
        self.ledger = read_ledger(self.path)
        self.history: History = History(HISTORY_LIMIT)
        self.text = self._saved_text = dump_ledger(self.ledger)
        self.result = self._replay(self.ledger)

    @property
    def kind(self) -> str:
        return self.ledger.kind

    @property
    def base(self) -> Path:
        """The folder the ledger's roster paths are relative to."""
        return self.path.parent

    @property
    def dirty(self) -> bool:
        return self.text != self._saved_text

    def change(self, label: str, edit: Callable[..., Any], *args: Any) -> None:
        """Apply `edit(ledger, *args)`, which returns the new ledger, as one undoable change."""
        new = edit(self.ledger, *args)
        result = self._replay(new)  # a roster the change names that cannot be read refuses the change
        self.history.push(self.ledger, label)
        self.ledger, self.result = new, result
        self._changed()

    def undo(self) -> str | None:
        """Step back one change; its label, or None when there is nothing to undo."""
        return self._step(self.history.undo(self.ledger))

    def redo(self) -> str | None:
        """Step forward one undone change; its label, or None."""
        return self._step(self.history.redo(self.ledger))

    def save(self) -> Path:
        """Write the ledger atomically to its file and drop the recovery file."""
        write_ledger(self.path, self.ledger)
        self._saved_text = self.text
        self.store.clear_recovery(self.path)
        return self.path

    def recovered_text(self) -> str | None:
        """Unsaved changes from an earlier run, newer than the file, if any."""
        return self.store.newer_recovery(self.path)

    def restore(self, text: str) -> None:
        """Replace the ledger with a recovered one (one undoable change, unsaved)."""
        recovered = ledger_model(ledger_data(text, "recovery file"), "recovery file", (self.kind,))
        self.change("restore unsaved changes", lambda _ledger: recovered)

    def discard_recovery(self) -> None:
        self.store.clear_recovery(self.path)

    def _replay(self, ledger):
        return replay(ledger, self.base)

    def _step(self, step) -> str | None:
        if step is None:
            return None
        self.ledger, label = step
        self.result = self._replay(self.ledger)
        self._changed()
        return label

    def _changed(self) -> None:
        self.text = dump_ledger(self.ledger)
        if self.dirty:
            self.store.write_recovery(self.path, self.text)
        else:
            self.store.clear_recovery(self.path)
