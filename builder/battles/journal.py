"""The player's journal: every finished battle, one JSON line each in the data folder, and each roster's record."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from catalog.errors import WarbenchError
from catalog.files import write_atomic
from catalog.toml_input import read_bounded

if TYPE_CHECKING:
    from builder.battles.report import BattleResult

JOURNAL_NAME = "journal.jsonl"
MAX_ENTRIES = 5_000
"""The journal keeps this many battles; recording one more lets the oldest go."""
MAX_JOURNAL_BYTES = 8 * 1024 * 1024
TEXT = 400
NOTES_MOST = 10_000
"""Characters a battle's notes in the journal have at most."""


class JournalError(WarbenchError):
    """The journal file cannot be read or written (one line saying why)."""


def now() -> datetime:
    """The clock the journal dates its entries by (a test puts its own in place)."""
    return datetime.now().astimezone()


class JournalSide(BaseModel):
    """One player at the table: their name, the roster they played (its name, and its file when it is one), VP."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    player: str = Field(max_length=TEXT)
    roster: str | None = Field(None, max_length=TEXT)
    roster_file: str | None = Field(None, max_length=4096)
    vp: int = Field(0, ge=-100_000, le=100_000)


class JournalResult(BaseModel):
    """How the game ended: `battle --json`'s `result`."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    winners: list[str] = Field([], max_length=20)
    draw: bool = False
    reason: str = Field("", max_length=TEXT)


class JournalEntry(BaseModel):
    """One finished battle, keyed by its battle file's resolved path (ending it again updates this entry)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    date: str = Field(max_length=40)
    """When the game ended, ISO 8601 with the local offset."""
    battle: str = Field(max_length=4096)
    """The battle file's resolved path."""
    name: str = Field("", max_length=TEXT)
    game: str = Field(max_length=40)
    scenario: str | None = Field(None, max_length=TEXT)
    """The scenario's name."""
    sides: list[JournalSide] = Field(max_length=20)
    result: JournalResult
    notes: str = Field("", max_length=NOTES_MOST)

    @property
    def when(self) -> datetime:
        try:
            moment = datetime.fromisoformat(self.date)
        except ValueError:
            return datetime.min.replace(tzinfo=datetime.now().astimezone().tzinfo)
        return moment if moment.tzinfo else moment.astimezone()

    def outcome(self, side: JournalSide) -> str:
        """ "win", "draw" or "loss" for one side."""
        if self.result.draw:
            return "draw"
        return "win" if side.player in self.result.winners else "loss"

    def played(self, roster: str) -> bool:
        """Whether the roster (its name, its file's name or path) played in this battle."""
        return any(_names(side, roster) for side in self.sides)


def _names(side: JournalSide, roster: str) -> bool:
    if side.roster is not None and side.roster.casefold() == roster.casefold():
        return True
    if side.roster_file is None:
        return False
    given = Path(roster).expanduser()
    return side.roster_file == str(given.resolve()) or (len(given.parts) == 1 and Path(side.roster_file).name == roster)


@dataclass(frozen=True)
class Journal:
    """The entries read, and each line that is not one (kept in the file as it is, reported, never dropped)."""

    entries: tuple[JournalEntry, ...]
    bad_lines: tuple[tuple[int, str, str], ...] = ()
    """(line number, the line, why it is not an entry)."""

    def newest_first(self) -> list[JournalEntry]:
        return sorted(self.entries, key=lambda entry: entry.when, reverse=True)

    def problem(self, path: Path) -> str | None:
        """One line about the lines that are not entries, or None."""
        if not self.bad_lines:
            return None
        number, _, why = self.bad_lines[0]
        more = f" (and {len(self.bad_lines) - 1} more)" if len(self.bad_lines) > 1 else ""
        return f"{path}: line {number} is not a journal entry ({why}){more}; kept as it is, the rest read"


def listed(journal: Journal, roster: str | None) -> list[JournalEntry]:
    """The entries `warbench journal` lists and numbers: newest first, only those `roster` played where one is named."""
    return [entry for entry in journal.newest_first() if roster is None or entry.played(roster)]


@dataclass(frozen=True)
class Record:
    """One roster's wins, draws and losses (`roster_file`: the file it was played from, where two files of one name
    are told apart)."""

    roster: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    roster_file: str | None = None
    shown: str = ""
    """Its name as the records list it: told apart by its file from another roster of that name (empty: `roster`)."""

    @property
    def label(self) -> str:
        return self.shown or self.roster

    def as_dict(self) -> dict[str, Any]:
        found = {"roster": self.roster, "wins": self.wins, "draws": self.draws, "losses": self.losses}
        return found | ({"roster_file": self.roster_file} if self.shown else {})


def journal_path(root: Path) -> Path:
    """The journal in a data folder (`catalog.paths.data_dir()`, or a Store's root)."""
    return root / JOURNAL_NAME


def read_journal(path: Path) -> Journal:
    """The journal's entries (none when there is no file yet); a file that cannot be read at all is JournalError."""
    if not path.exists() and not path.is_symlink():
        return Journal(())
    data = read_bounded(path, MAX_JOURNAL_BYTES, JournalError, "journal")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise JournalError(f"{path}: not a journal file (not UTF-8 text)") from None
    entries, bad = [], []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            entries.append(JournalEntry.model_validate(json.loads(line)))
        except (ValueError, ValidationError) as exc:
            bad.append((number, line, _why(exc)))
    return Journal(tuple(entries), tuple(bad))


def _why(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "entry"
        return f"{where}: {first['msg']}"
    return "not JSON"


def record(path: Path, entry: JournalEntry, keep_notes: bool = False) -> None:
    """Put the battle's entry in the journal at `path`, in place of an earlier one for the same battle file (with
    `keep_notes`, keeping its notes; lines that are not entries are kept as they are); atomic. JournalError when it
    cannot be written."""
    journal = read_journal(path)
    earlier = [e for e in journal.entries if e.battle == entry.battle]
    if keep_notes and earlier:
        entry = entry.model_copy(update={"notes": earlier[-1].notes})
    kept = [e for e in journal.entries if e.battle != entry.battle]
    _write(path, journal, sorted([*kept, entry], key=lambda e: e.when)[-MAX_ENTRIES:])


def _write(path: Path, journal: Journal, entries: list[JournalEntry]) -> None:
    """The journal at `path` with these entries, its lines that are not entries kept as they are; atomic."""
    lines = [line for _, line, _ in journal.bad_lines] + [entry_line(e) for e in entries]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, "".join(line + "\n" for line in lines))
    except OSError as exc:
        raise JournalError(f"{path}: cannot write the journal ({exc.strerror or exc})") from None


def entry_line(entry: JournalEntry) -> str:
    return json.dumps(entry.model_dump(), ensure_ascii=True)


def entry_of(result: BattleResult, battle_path: Path, when: datetime, notes: str = "") -> JournalEntry:
    """The journal's entry of a battle whose game is over (`result.result()` is not None)."""
    ended = result.result()
    assert ended is not None and result.judged is not None, "only a finished battle goes into the journal"
    table, outcome = result.judged.table, result.judged.outcome
    rosters = [side.loaded for side in result.sides]
    sides = []
    for s, (player, vp) in enumerate(zip(table.sides, outcome.vp)):
        loaded = rosters[s] if s < len(rosters) else None
        sides.append(
            JournalSide(
                player=player,
                roster=(loaded.roster.name or result.sides[s].name) if loaded is not None else None,
                roster_file=str(loaded.path.resolve()) if loaded is not None and loaded.path is not None else None,
                vp=vp,
            )
        )
    return JournalEntry(
        date=when.isoformat(timespec="seconds"),
        battle=str(battle_path.resolve()),
        name=result.battle.name,
        game=result.battle.game,
        scenario=outcome.scenario.name,
        sides=sides,
        result=JournalResult.model_validate(ended),
        notes=notes,
    )


def records(entries: Iterable[JournalEntry], only: str | None = None) -> list[Record]:
    """Each roster's wins, draws and losses, most wins first (`only`: that roster alone): by its name, and by its file
    where rosters of one name were played from two files ("Ursus strike force (ben.toml)", another from a code:
    "(from a code)")."""
    counts: dict[tuple[str, str | None], list[int]] = {}
    files: dict[str, set[str]] = {}
    for entry in entries:
        for side in entry.sides:
            if side.roster is not None and side.roster_file is not None:
                files.setdefault(side.roster, set()).add(side.roster_file)
    for entry in entries:
        for side in entry.sides:
            if side.roster is None or (only is not None and not _names(side, only)):
                continue
            apart = len(files.get(side.roster, ())) > 1
            tally = counts.setdefault((side.roster, side.roster_file if apart else None), [0, 0, 0])
            tally[("win", "draw", "loss").index(entry.outcome(side))] += 1
    found = [
        Record(
            name,
            wins,
            draws,
            losses,
            roster_file=file,
            shown=_apart(name, file, files[name]) if len(files.get(name, ())) > 1 else "",
        )
        for (name, file), (wins, draws, losses) in counts.items()
    ]
    return sorted(found, key=lambda r: (-r.wins, -r.draws, r.losses, r.label.casefold()))


def _apart(name: str, file: str | None, files: set[str]) -> str:
    """A roster's name with the file it was played from: its file name, or its whole path where two folders hold
    one of that name."""
    if file is None:
        return f"{name} (from a code)"
    short = Path(file).name
    return f"{name} ({short if sum(Path(f).name == short for f in files) == 1 else file})"


def journal_ended(
    before: dict[str, Any] | None,
    after: BattleResult,
    battle_path: Path,
    root: Path,
    clock: Callable[[], datetime] | None = None,
    notes: str | None = None,
) -> str | None:
    """Record the battle when this change ended its game (or ended it otherwise than before), or when `notes` are
    given for a game that is over (None keeps the entry's notes); take it out when the change (an undo) made the
    game not over; a problem writing the journal is returned as one line (the battle itself is saved all the same),
    else None."""
    ended = after.result()
    try:
        if ended is None and before is not None:  # the end undone: the game is not over any more
            forget(journal_path(root), str(battle_path.resolve()))
            return None
        if ended is None or (ended == before and notes is None):
            return None
        entry = entry_of(after, battle_path, (clock or now)(), notes or "")
        record(journal_path(root), entry, keep_notes=notes is None)
    except WarbenchError as exc:
        return f"not in the journal: {exc}"
    return None


def forget(path: Path, battle: str) -> None:
    """Take the entry of the battle file `battle` out of the journal at `path` (its game's end was undone); atomic,
    lines that are not entries kept. JournalError when it cannot be written."""
    if not path.exists():
        return
    journal = read_journal(path)
    kept = [e for e in journal.entries if e.battle != battle]
    if len(kept) < len(journal.entries):
        _write(path, journal, kept)
