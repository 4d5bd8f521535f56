"""A narrative in play, open: each entry of its log one undoable change, replayed at once and refused when it
breaks the narrative's rules; ending it puts it in the player's journal."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from builder.battles.journal import JournalEntry, JournalError, JournalResult, JournalSide, journal_path, now, record
from builder.campaigns.ledger import ledger_data, validate_model
from builder.campaigns.session_base import LedgerSessionBase
from builder.editing.storage import Store
from builder.games.warsurge.narrative.model import NarrativeFile
from builder.games.warsurge.narrative.play import Entry, NarrativePlay
from builder.games.warsurge.narrative.reading import NarrativeError
from builder.games.warsurge.narrative.replay import narrative_of, read_party, replay_play
from builder.games.warsurge.narrative.state import Party, PlayResult

ENEMY = "The enemy"
"""The other side of a narrative in the journal."""


def parse_play(text: str, source: str) -> NarrativePlay:
    return validate_model(NarrativePlay, ledger_data(text, source, ("narrative-play",)), source)


def logged(play: NarrativePlay, *entries: Entry) -> NarrativePlay:
    """The play with more entries in its log."""
    return play.model_copy(update={"log": [*play.log, *entries]})


def journal_notes(result: PlayResult) -> str:
    """The rewards earned and the point limit they raised, for the journal."""
    if not result.rewards:
        return ""
    raised = result.point_limit != result.narrative.logistics.point_limit
    limit = f"; point limit raised to {result.point_limit} each" if raised else ""
    return f"Rewards earned: {', '.join(result.rewards)}{limit}"


class NarrativeSession(LedgerSessionBase[NarrativePlay, PlayResult]):
    """The narrative and the party's rosters are read once; each change is replayed and refused if it adds an
    error."""

    def __init__(self, path: Path | str, store: Store) -> None:
        self.loaded: tuple[NarrativeFile, Party] | None = None
        self.clock: Callable[[], datetime] | None = None
        self.journal_root = store.root
        self.journal_problem: str | None = None
        super().__init__(path, store)

    def parse(self, text: str, source: str) -> NarrativePlay:
        return parse_play(text, source)

    def _replay(self, ledger: NarrativePlay) -> PlayResult:
        if self.loaded is None:
            self.loaded = narrative_of(ledger, self.base), read_party(ledger, self.base)
        return replay_play(ledger, *self.loaded)

    def replay_again(self) -> None:
        self.loaded = None
        self.result = self._replay(self.ledger)

    def change(self, label: str, edit: Callable[..., NarrativePlay], *args: Any) -> None:
        """One undoable change, refused (NarrativeError naming the rule) when its replay finds a new error."""
        before = set(self.result.findings)
        new = edit(self.ledger, *args)
        added = [f for f in self._replay(new).findings if f.severity == "error" and f not in before]
        if added:
            raise NarrativeError(f"{added[0].message} [{added[0].code}]")
        ended = self.result.outcome
        super().change(label, lambda _ledger: new)
        if self.result.outcome is not None and ended is None:
            self.journal_problem = self.journal()

    def log(self, entry: Entry, label: str) -> None:
        self.change(label, logged, entry)

    def journal(self) -> str | None:
        """Record the ended narrative in the journal (one line saying why not, or None)."""
        result = self.result
        party = result.party
        sides = [
            JournalSide(
                player=name,
                roster=loaded.roster.name or None,
                roster_file=str(loaded.path.resolve()) if loaded.path else None,
            )
            for name, loaded in zip(party.names, party.rosters)
        ] + [JournalSide(player=ENEMY)]
        won = result.outcome == "won"
        entry = JournalEntry(
            date=(self.clock or now)().isoformat(timespec="seconds"),
            battle=str(self.path.resolve()),
            name=result.narrative.title,
            game="warsurge",
            scenario=f"Narrative: {result.narrative.title}",
            sides=sides,
            result=JournalResult(
                winners=party.names if won else [ENEMY],
                reason=f"narrative {result.outcome} at stage {result.stage + 1} of {len(result.narrative.stages)}",
            ),
            notes=journal_notes(result),
        )
        try:
            record(journal_path(self.journal_root), entry)
        except JournalError as exc:
            return f"not in the journal: {exc}"
        return None
