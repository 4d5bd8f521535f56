"""What every open ledger (league, campaign, battle) does: change, undo and redo with its result replayed at once,
autosave to a recovery file, save."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

from builder.campaigns.edits import dump_ledger, write_ledger
from builder.campaigns.ledger import LedgerError, LedgerHeader, Replayed
from builder.editing.document import DocumentSession
from builder.editing.storage import Store
from builder.roster.files import comments_of
from catalog.toml_input import read_toml_text

LedgerT = TypeVar("LedgerT", bound=LedgerHeader)
ResultT = TypeVar("ResultT", bound=Replayed)


class LedgerSessionBase(DocumentSession[LedgerT], Generic[LedgerT, ResultT]):
    """Every change is one undo step, replayed at once and autosaved while unsaved; a refused change (an illegal
    choice, a roster that cannot be read) leaves the ledger as it was and raises its one-line WarbenchError."""

    def __init__(self, path: Path | str, store: Store) -> None:
        path = Path(path)
        text = read_toml_text(path, LedgerError, "ledger")
        ledger = self.parse(text, str(path))
        self.preface, self.inner_comments = comments_of(text)
        super().__init__(ledger, path, store, saved_text=dump_ledger(ledger))
        self.path: Path = path
        self.result = self._replay(self.ledger)
        self._checked: LedgerT | None = self.ledger

    @property
    def ledger(self) -> LedgerT:
        return self.document

    @ledger.setter
    def ledger(self, ledger: LedgerT) -> None:
        self.document = ledger

    @property
    def kind(self) -> str:
        return self.ledger.kind

    @property
    def name(self) -> str:
        return self.ledger.name or f"this {self.kind}"

    @property
    def base(self) -> Path:
        """The folder the ledger's roster paths are relative to."""
        return self.path.parent

    def change(self, label: str, edit: Callable[..., LedgerT], *args: Any) -> None:
        """Apply `edit(ledger, *args)`, which returns the new ledger, as one undoable change."""
        new = edit(self.ledger, *args)
        self.result = self._replay(new)  # a roster the change names that cannot be read refuses the change
        self._checked = new
        self._commit(label, self.ledger, new)

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
        self.inner_comments = False
        self._saved(self.path)
        return self.path

    def recovered(self, text: str) -> LedgerT:
        recovered = self.parse(text, "recovery file")
        if recovered.kind != self.kind:
            raise LedgerError(f"recovery file: kind: a {recovered.kind} file, expected {self.kind}")
        return recovered

    def restore(self, text: str) -> None:
        """Replace the ledger with a recovered one (one undoable change, unsaved), replayed first: a recovered
        ledger naming a roster that cannot be read is refused."""
        self.change("restore unsaved changes", lambda _ledger: self.recovered(text))

    def dump(self, document: LedgerT) -> str:
        return dump_ledger(document)

    def check(self) -> None:
        if self._checked is not self.ledger:  # a change was replayed already, to be refused before it is made
            self.result = self._replay(self.ledger)
            self._checked = self.ledger

    @abstractmethod
    def parse(self, text: str, source: str) -> LedgerT:
        """The file's text as its model."""

    @abstractmethod
    def _replay(self, ledger: LedgerT) -> ResultT:
        """The ledger replayed from the start."""
