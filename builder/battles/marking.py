"""`warbench battle mark`: one mark on one unit from the command line, replayed, checked and saved at once."""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from builder.battles.ending import ended_words, is_over
from builder.battles.session import BattleSession
from builder.battles.text import side_lines
from builder.campaigns.ledger import LedgerError
from builder.editing.storage import Store
from builder.game import GAMES
from builder.scenarios.side_names import side_index
from catalog.paths import data_dir

if TYPE_CHECKING:
    from builder.mark_options import MarkOption


def mark_battle(
    path: Path,
    unit: int,
    theirs: bool,
    offered: Mapping[str, MarkOption],
    value: object,
    player: str | None = None,
    told: Sequence[tuple[Mapping[str, MarkOption], object]] = (),
) -> tuple[str, str | None]:
    """Apply one mark to entry `unit` (from 1, as the report counts) of our side, theirs, or the side of `player`
    (a name, us or opponent), save the file, and return the unit's line of the report as it now stands, after the
    line of what the mark did beyond it where the game says one (hits its armour stopped: a batch stopped whole
    writes nothing) (LedgerError, nothing written, when the mark changes nothing: 0 damage, healing a unit unhurt),
    and how the game ended where the mark ended it, and why a game the mark ended is not in the player's journal (None: it is, or the game goes on). `offered` is the option given, by the id of each game
    that offers it: the battle's game's own if it has one, else another game's, which refuses a unit it cannot
    mark in one line. `told`: options given beside the mark (`MarkOption.companion`), as `offered` and their values,
    applied first for the mark to read; one it does not read is refused."""
    with tempfile.TemporaryDirectory() as scratch:
        session = BattleSession(path, Store(Path(scratch)))  # a mark from the command line keeps no recovery file
        session.journal_root = data_dir()
        side = 1 if theirs else 0
        if player is not None:
            judged = session.result.judged
            names = list(judged.table.sides) if judged else [s.player or s.name for s in session.result.sides]
            side = side_index(player, names)
        if side >= len(session.result.sides):
            raise LedgerError(f"{path}: the battle names no opponent to mark")
        units = session.result.sides[side].tracks
        if not 1 <= unit <= len(units):
            raise LedgerError(f"{path}: there is no unit {unit} on that side (it has {len(units)})")
        if session.save_warnings():
            raise LedgerError(
                f"{path}: " + " ".join(session.save_warnings()) + " Mark it in the battle screen, which asks first"
            )
        index = units[unit - 1].index  # the report's count skips entries that joined another unit
        was_over = is_over(session.result.judged)
        option = offered.get(session.ledger.game) or next(iter(offered.values()))
        for beside, given in told:
            if (companion := beside.get(session.ledger.game)) is None:
                flag, owners = next(iter(beside.values())).flag, " and ".join(GAMES[g].name for g in beside)
                raise LedgerError(
                    f"{path}: {flag} is a {owners} mark, not one of a {GAMES[session.ledger.game].name} battle"
                )
            companion.apply(session, side, index, given)
        said = option.apply(session, side, index, value)
        if session.told:
            raise LedgerError(f"{path}: not marked: {option.flag} does not take {', '.join(session.told)}")
        line = side_lines(session.result.sides[side])[unit].strip()
        if said and not session.dirty:  # the unit's own protection stopped it all: said, nothing to write
            return f"{said}\n{line}", None
        if not session.dirty:  # refused as any mark that cannot be made is, not said as if it had been
            raise LedgerError(f"{path}: not marked: the mark changes nothing ({' '.join(line.split())})")
        session.save()
        if is_over(session.result.judged) and not was_over:  # the mark ended it (the mercy rule: no models left)
            line += f"\nGame over: {ended_words(session.result.judged)}"
        return (f"{said}\n{line}" if said else line), session.journal_problem
