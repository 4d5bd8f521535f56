"""What every open ledger (league, campaign, battle) does: change, undo and redo with its result replayed at once,
autosave to a recovery file, save."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from builder.campaigns.edits import dump_ledger, write_ledger
from builder.campaigns.ledger import LedgerError, LedgerHeader, Replayed
from builder.campaigns.save_as import holds_other, moved_armies, reach
from builder.editing.document import DocumentSession
from builder.editing.existing import replacing
from builder.editing.on_disk import OnDisk, changed_since
from builder.editing.storage import Store, same_file
from builder.roster.files import comments_of
from catalog.access import admit
from catalog.files import write_together
from catalog.toml_input import read_toml_text

LedgerT = TypeVar("LedgerT", bound=LedgerHeader)
ResultT = TypeVar("ResultT", bound=Replayed)


class LedgerSessionBase(DocumentSession[LedgerT], Generic[LedgerT, ResultT]):
    """Every change is one undo step, replayed at once and autosaved while unsaved; a refused change (an illegal
    choice, a roster that cannot be read) leaves the ledger as it was and raises its one-line WarbenchError."""

    file_word: ClassVar[str] = "ledger"
    """What its file is called where it cannot be read ("no such ledger file")."""

    def __init__(self, path: Path | str, store: Store) -> None:
        path = Path(path)
        text = read_toml_text(path, LedgerError, self.file_word)
        ledger = self.parse(text, str(path))
        self.preface, self.inner_comments = comments_of(text)
        super().__init__(ledger, path, store, saved_text=dump_ledger(ledger))
        self.path: Path = path
        self.result = self._replay(self.ledger)
        self._checked: LedgerT | None = self.ledger
        self._on_disk = OnDisk.of(path)
        """The file as this session last read or wrote it: saving over another program's change asks first."""

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

    saves_elsewhere = False
    """Whether Save as can write it to another file (a league or campaign, whose kind rewrites the paths it names)."""

    def repath(self, ledger: LedgerT, move: Callable[[str], str]) -> LedgerT:
        """The ledger with every roster path it names replaced by `move(path)` (Save as learns them by calling it)."""
        raise LedgerError(f"a {self.kind} is saved where it is; to keep it elsewhere, copy its file and rosters")

    def save_warnings(self, path: Path | None = None) -> list[str]:
        """What saving (as `path`, if given) would lose, for the player to confirm: comments among the file's
        entries; saved elsewhere, each existing file it would replace with other content."""
        if path is not None and not same_file(Path(path), self.path):
            target = Path(path).expanduser()
            return [f"{_existing(file, target)}: saving replaces it." for file in _replaced(self._copy(target)[1])]
        warnings = []
        if changed_since(self.path, self._on_disk):  # a mark made from the command line while the screen is open
            warnings.append(
                f"{self.path.name} changed on disk since it was opened (another window or program?): "
                "saving replaces those changes."
            )
        if self.inner_comments:
            warnings.append(f"{self.path.name} has comments among its entries; Warbench keeps only those at the top.")
        return warnings

    def save(self, path: Path | None = None, *, replace: bool = False) -> Path:
        """Write the ledger atomically to its file (its top comments kept) and drop the recovery file. Given `path`
        (Save as), write it there instead, together with copies of the shipped armies it names, all or none, each
        path in it rewritten to reach its army from there; an existing file is replaced only when `replace` is
        given (`save_warnings` names them), else refused in one LedgerError line. The new file is then the one open."""
        if path is not None and not same_file(Path(path), self.path):
            return self._save_as(Path(path).expanduser(), replace)
        write_ledger(self.path, self.ledger, self.preface)
        self._on_disk = OnDisk.of(self.path)
        self.inner_comments = False
        self._saved(self.path)
        return self.path

    def _copy(self, target: Path) -> tuple[Callable[[str], str], dict[Path, bytes | str]]:
        """How Save as to `target` rewrites a roster path, and every file it writes (the ledger first)."""
        named: list[str] = []

        def note(text: str) -> str:
            named.append(text)
            return text

        self.repath(self.ledger, note)
        moved = moved_armies(named, self.base, target)

        def move(text: str) -> str:  # a path only an undone change names reaches its old file
            return moved.paths.get(text) or reach(text, self.base, target.parent)

        ledger = self.repath(self.ledger, move)
        return move, {target: self.preface + dump_ledger(ledger), **moved.copies}

    def _save_as(self, target: Path, replace: bool) -> Path:
        admit(target, writing=True)  # before anything: a served builder's folders, Warbench's own files
        move, files = self._copy(target)
        if not replace and (taken := _replaced(files)):
            more = f" (and {len(taken) - 1} more)" if len(taken) > 1 else ""
            raise LedgerError(f"{_existing(taken[0], target)}{more}: not replaced; choose another name")
        try:
            for file in files:
                file.parent.mkdir(parents=True, exist_ok=True)
            write_together(files)
        except OSError as exc:
            raise LedgerError(f"{target}: cannot write ({exc.strerror or exc})") from None
        old = self.path
        self.history.map(lambda ledger: self.repath(ledger, move))
        self.ledger = self.repath(self.ledger, move)
        self.path = target
        self._on_disk = OnDisk.of(target)
        self.inner_comments = False
        self.replay_again()
        self._checked = self.ledger
        self._saved(old)
        return target

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


def _replaced(files: dict[Path, bytes | str]) -> list[Path]:
    """The files that exist and hold something else than what would be written."""
    return [path for path, data in files.items() if holds_other(path, data)]


def _existing(file: Path, target: Path) -> str:
    """An existing file a Save as would replace, and what it holds ("koth.toml is a McWarrior battle file")."""
    return replacing(file, _shown(file, target))


def _shown(file: Path, target: Path) -> str:
    """A file of a Save as, named from the new ledger's folder (`league/stage1.toml`)."""
    return file.relative_to(target.parent).as_posix() if file.is_relative_to(target.parent) else str(file)
