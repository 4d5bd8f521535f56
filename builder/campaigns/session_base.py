"""What every open ledger (league, campaign, battle) does: change, undo and redo with its result replayed at once,
autosave to a recovery file, save."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

from builder.campaigns.edits import dump_ledger, write_ledger
from builder.campaigns.ledger import LedgerError, LedgerHeader, Replayed
from builder.editing.history import History
from builder.editing.storage import Store
from builder.roster.files import comments_of
from catalog.toml_input import read_toml_text

LedgerT = TypeVar("LedgerT", bound=LedgerHeader)
ResultT = TypeVar("ResultT", bound=Replayed)


class LedgerSessionBase(ABC, Generic[LedgerT, ResultT]):
    """Every change is one undo step, replayed at once and autosaved while unsaved; a refused change (an illegal
    choice, a roster that cannot be read) leaves the ledger as it was and raises its one-line WarbenchError."""

    def __init__(self, path: Path | str, store: Store) -> None:
        self.path = Path(path)
        self.store = store
        text = read_toml_text(self.path, LedgerError, "ledger")
        self.ledger = self.parse(text, str(self.path))
        self.preface, self.inner_comments = comments_of(text)
        self.history: History[LedgerT] = History()
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

    def change(self, label: str, edit: Callable[..., LedgerT], *args: Any) -> None:
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

    def replay_again(self) -> None:
        """Replay the ledger once more: an army it names may have been edited and saved meanwhile."""
        self.result = self._replay(self.ledger)

    def save_warnings(self) -> list[str]:
        """What saving would lose, for the player to confirm: comments among the file's entries."""
        if self.inner_comments:
            return [f"{self.path.name} has comments among its entries; Warbench keeps only those at the top."]
        return []

    def save(self) -> Path:
        """Write the ledger atomically to its file (its top comments kept) and drop the recovery file."""
        write_ledger(self.path, self.ledger, self.preface)
        self._saved_text = self.text
        self.inner_comments = False
        self.store.clear_recovery(self.path)
        return self.path

    def recovered_text(self) -> str | None:
        """Unsaved changes from an earlier run, newer than the file, if any."""
        return self.store.newer_recovery(self.path)

    def restore(self, text: str) -> None:
        """Replace the ledger with a recovered one (one undoable change, unsaved)."""
        recovered = self.parse(text, "recovery file")
        if recovered.kind != self.kind:
            raise LedgerError(f"recovery file: kind: a {recovered.kind} file, expected {self.kind}")
        self.change("restore unsaved changes", lambda _ledger: recovered)

    def discard_recovery(self) -> None:
        self.store.clear_recovery(self.path)

    @abstractmethod
    def parse(self, text: str, source: str) -> LedgerT:
        """The file's text as its model."""

    @abstractmethod
    def _replay(self, ledger: LedgerT) -> ResultT:
        """The ledger replayed from the start."""

    def _step(self, step: tuple[LedgerT, str] | None) -> str | None:
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
