"""An open roster being edited: catalogue, edit history, latest report, saving and recovery."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from pydantic import ValidationError

from builder.editing.document import DocumentSession
from builder.editing.existing import replacing
from builder.editing.storage import Store, same_file
from builder.findings import Report
from builder.roster.common import RosterBase
from builder.roster.errors import RosterFileError
from builder.roster.files import LoadedRoster, catalogue_ref_from, dump_roster, parse_roster, write_roster
from builder.rules import validate
from catalog.access import admit

T = TypeVar("T")


class EditSession(DocumentSession[RosterBase]):
    """The roster, its catalogue and file; every change is one undo step, revalidated and autosaved."""

    def __init__(self, loaded: LoadedRoster, store: Store, *, saved: bool = True) -> None:
        self.catalogue = loaded.catalogue
        self.notes = list(loaded.notes)
        self.report: Report = validate(loaded.roster, self.catalogue)
        text = dump_roster(loaded.roster)
        super().__init__(loaded.roster, loaded.path, store, saved_text=text if saved else None)
        self._on_disk = _signature(self.path)
        has_file = self.path is not None
        self._preface = loaded.preface if has_file else ""
        self._inner_comments = loaded.inner_comments and has_file

    @property
    def roster(self) -> RosterBase:
        return self.document

    @roster.setter
    def roster(self, roster: RosterBase) -> None:
        self.document = roster

    @property
    def game(self) -> str:
        return self.roster.game

    @property
    def name(self) -> str:
        return self.roster.name or "this roster"

    def change(self, label: str, edit: Callable[[object], T]) -> T:
        """Apply `edit` to the roster as one undoable change; a rejected edit leaves the roster as it was."""
        before = self.roster.model_copy(deep=True)
        try:
            result = edit(self.roster)
        except (ValidationError, ValueError):
            self.roster = before
            raise
        self._commit(label, before, self.roster)
        return result

    def dump(self, document: RosterBase) -> str:
        return dump_roster(document)

    def recovered(self, text: str) -> RosterBase:
        return parse_roster(text, "recovery file", self.path.parent if self.path else None).roster

    def check(self) -> None:
        self.report = validate(self.roster, self.catalogue)

    def save_warnings(self, path: Path | None = None) -> list[str]:
        """What saving to `path` (default: the roster's file) would overwrite or lose, for the player to confirm:
        another existing file, a file changed on disk since it was opened, the comments of a hand-edited file."""
        target = Path(path) if path is not None else self.path
        if target is None:
            return []
        warnings = []
        if self.path is None or not same_file(target, self.path):
            if target.exists():
                warnings.append(f"{replacing(target)}: saving replaces it.")
        elif _signature(target) != self._on_disk:
            warnings.append(
                f"{target.name} changed on disk since it was opened (another window or program?): "
                "saving replaces those changes."
            )
        if self._inner_comments and self.path is not None and same_file(target, self.path):
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
        self._saved(old)
        self.store.remember(target, self.roster.name, self.game)
        return target


def _signature(path: Path | None) -> tuple[int, int] | None:
    """(mtime, size) of a file, to notice it changed under us; None when there is none."""
    try:
        stat = path.stat() if path is not None else None
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_size) if stat else None
