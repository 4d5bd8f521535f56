"""The one session contract: a document (roster, catalogue, ledger, battle) changed, undone, redone, autosaved."""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import Generic, TypeVar

from builder.editing.history import History
from builder.editing.storage import Store

D = TypeVar("D")


class DocumentSession(ABC, Generic[D]):
    """A document and its file: every change is one undo step, checked at once; unsaved changes are kept in a
    recovery file in the store until saved or discarded. Subclasses say how the document is written as text, read
    back from a recovery file, checked, and saved."""

    autosave_at_once = True
    """Write the recovery file on every change (False: the editor calls `autosave` a moment after the last one)."""

    def __init__(self, document: D, path: Path | None, store: Store, *, saved_text: str | None) -> None:
        self.document = document
        self.path = path
        self.store = store
        self.history: History[D] = History()
        self.text = self.dump(document)
        self._saved_text = saved_text
        self.recovery_due = False
        """Changed since the recovery file was last written (`autosave` writes it)."""

    @property
    @abstractmethod
    def name(self) -> str:
        """The document's name, for questions about it ("Save the changes to …?")."""

    @property
    def dirty(self) -> bool:
        """Changed since the last save (undoing back to the saved state makes it clean again)."""
        return self.text != self._saved_text

    def undo(self) -> str | None:
        """Step back one change; its label, or None when there is nothing to undo."""
        return self._step(self.history.undo(self.document))

    def redo(self) -> str | None:
        """Step forward one undone change; its label, or None."""
        return self._step(self.history.redo(self.document))

    def recovered_text(self) -> str | None:
        """Unsaved changes from an earlier run, newer than the file, if any."""
        return self.store.newer_recovery(self.path) if self.path is not None else None

    def restore(self, text: str) -> None:
        """Replace the document with a recovered one (one undoable change, unsaved)."""
        recovered = self.recovered(text)
        self._commit("restore unsaved changes", self.document, recovered)

    def autosave(self) -> None:
        """Write the recovery file (or drop it when nothing is unsaved). Nothing is due after the player discarded
        the changes: a pending autosave then writes nothing back."""
        if not self.recovery_due:
            return
        if self.dirty:
            self.store.write_recovery(self.path, self.text)
        else:
            self.store.clear_recovery(self.path)
        self.recovery_due = False

    def discard_recovery(self) -> None:
        """Drop the recovery file: the player chose not to keep the unsaved changes."""
        self.recovery_due = False
        self.store.clear_recovery(self.path)

    @abstractmethod
    def dump(self, document: D) -> str:
        """The document as the text its file holds."""

    @abstractmethod
    def recovered(self, text: str) -> D:
        """A recovery file's text as a document (raising the document's one-line error when it cannot be read)."""

    @abstractmethod
    def check(self) -> None:
        """Bring what is derived from the document (findings, problems, the replayed result) up to date."""

    def _commit(self, label: str, before: D, after: D) -> None:
        """`after` replaces `before` as one undo step called `label`."""
        self.history.push(before, label)
        self.document = after
        self._changed()

    def _step(self, step: tuple[D, str] | None) -> str | None:
        if step is None:
            return None
        self.document, label = step
        self._changed()
        return label

    def _changed(self) -> None:
        self.check()
        self.text = self.dump(self.document)
        self.recovery_due = True
        if self.autosave_at_once:
            self.autosave()

    def _saved(self, old: Path | None) -> None:
        """The document was just written to `self.path` (from `old`): it is clean and has no recovery file."""
        self.text = self._saved_text = self.dump(self.document)
        self.recovery_due = False
        self.store.clear_recovery(old)
        if self.path != old:
            self.store.clear_recovery(self.path)
