"""`warbench battle arc|cypher|cp|focus|feat … BATTLE`: what a turn spends, recorded from the command line through
the battle session (one event a command, refused with the rule's reason and never stored)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.battles.model import UnitMark
from builder.battles.session import BattleSession
from builder.battles.spending import dice
from builder.battles.tracks import Track
from builder.campaigns.ledger import LedgerError
from builder.editing.storage import Store
from builder.game import game
from builder.game_parts import SpendCommand
from builder.roster.files import LoadedRoster
from builder.scenarios.side_names import side_index
from catalog.paths import data_dir
from catalog.wording import shown

MAX_DIGITS = 6
"""The most digits a unit's number has (a side holds at most 10,000 units): a longer one is no unit."""


@dataclass
class _Table:
    """What a game's command is given (`SpendTable`): the side named, the rosters, its units, the seeded dice."""

    session: BattleSession
    side: int | None
    rosters: tuple[LoadedRoster, ...]
    marks: list[tuple[int, UnitMark]] = field(default_factory=list)
    """The units' marks the event goes with (`marked`: Warcaster units deployed), recorded in the same change."""

    def unit(self, text: str, side: int | None = None) -> int:
        """The side's (or `side`'s) entry index of a unit by its number (from 1, as the report counts) or its name
        (any case, or the start of one name)."""
        side = self.side if side is None else side
        if side is None:
            raise LedgerError("name the side whose unit it is with --side")
        tracks = self.session.result.sides[side].tracks
        if text.isascii() and text.isdigit():
            number = int(text) if len(text) <= MAX_DIGITS else 0  # int() refuses thousands of digits in its words
            if not 1 <= number <= len(tracks):
                raise LedgerError(f"there is no unit {shown(text, quoted=False)} on that side (it has {len(tracks)})")
            return tracks[number - 1].index
        named = [t for t in tracks if t.name.lower() == text.lower()] or [
            t for t in tracks if t.name.lower().startswith(text.lower())
        ]
        if len(named) != 1:
            said = "names more than one" if named else "names no"
            raise LedgerError(f"{shown(text)} {said} unit on that side (give its number, as the report counts)")
        return named[0].index

    def dice(self, count: int) -> list[int]:
        return dice(self.session.ledger, count)

    @property
    def point_limit(self) -> int | None:
        play = self.session.ledger.play
        return play.point_limit if play is not None else None

    @property
    def spent(self) -> Any:
        spending = self.session.result.spending
        return spending.state if spending is not None else None

    @property
    def setting_up(self) -> bool:
        spending = self.session.result.spending
        return spending is not None and spending.setting_up

    def marked(self, index: int, change: Callable[[Track, UnitMark], UnitMark | None]) -> None:
        """The side's unit's mark as `change` makes it goes with the event, in the same change (None: it stays as it
        is; ValueError: refused)."""
        assert self.side is not None, "unit() named the side first"
        moved = change(self.session.track(self.side, index), self.session.mark(self.side, index))
        if moved is not None:
            self.marks.append((self.side, moved))


def _offered(command: SpendCommand, session: BattleSession) -> None:
    """Refuse a game's word on a battle of another game (`battle arc` on a Warsurge battle), naming the words
    this one has."""
    played = game(session.ledger.game)
    own = [c.name for c in played.spend_commands]
    if command.name not in own:
        words = f"its own: {', '.join(f'battle {name}' for name in own)}" if own else "it tracks nothing a turn spends"
        raise LedgerError(f"`battle {command.name}` is not a {played.short_name} command ({words})")


def run_spend(args: argparse.Namespace) -> int:
    """Record one event, save, and print what it did (where the game says it) and the side's (or every side's)
    line."""
    command: SpendCommand = args.spend
    path = Path(args.battle)
    with tempfile.TemporaryDirectory() as scratch:
        session = BattleSession(path, Store(Path(scratch)))  # the command line keeps no recovery file
        session.journal_root = data_dir()
        _offered(command, session)
        result = session.result
        names = list(result.judged.table.sides) if result.judged else [s.player or s.name for s in result.sides]
        side = side_index(args.side, names) if args.side is not None else None
        if side is not None and side >= len(result.sides):
            raise LedgerError(f"{path}: that side has no roster in the battle")
        if command.sided and side is None:
            print(f"warbench battle {command.name}: name the player with --side NAME", file=sys.stderr)
            return 2
        if session.save_warnings():
            raise LedgerError(f"{path}: " + " ".join(session.save_warnings()))
        assert session.rosters is not None, "the session read them when it replayed the battle"
        table = _Table(session, side, session.rosters)
        event, label = command.event(args, table)
        session.spend(side, event, label, more=table.marks)
        session.save()
        spending = session.result.spending
    assert spending is not None, "the session refuses an event of a battle that tracks nothing spent"
    # what the event did, read off the state after it: only where it is the last event (a battle stepped back
    # before later ones replays them after it, and the state would speak of those)
    if spending.latest and (done := spending.book.recorded(spending.state, side, spending.book.parse(event))):
        print(done)
    shown_sides = range(len(names)) if side is None else [side]
    print("\n".join(f"{names[n]}: {spending.summary(n)}" for n in shown_sides if n < len(session.result.sides)))
    return 0
