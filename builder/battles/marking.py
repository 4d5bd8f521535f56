"""`warbench battle mark`: one mark on one unit from the command line, replayed, checked and saved at once."""

from __future__ import annotations

import tempfile
from pathlib import Path

from builder.battles.session import BattleSession
from builder.battles.text import side_lines
from builder.campaigns.ledger import LedgerError
from builder.editing.storage import Store

ACTIONS = ("deploy", "crit", "damage", "heat")
"""What a mark from the command line can say: deploy or recall (Warcaster), a critical hit on a part (McWarrior),
damage (negative heals), heat up or down (McWarrior)."""


def mark_battle(path: Path, unit: int, theirs: bool, action: str, value: str | int | None) -> str:
    """Apply one mark to entry `unit` (from 1, as the report counts) of our side or theirs, save the file, and
    return the unit's line of the report as it now stands."""
    with tempfile.TemporaryDirectory() as scratch:
        session = BattleSession(path, Store(Path(scratch)))
        side = 1 if theirs else 0
        if side >= len(session.result.sides):
            raise LedgerError(f"{path}: the battle names no opponent to mark")
        units = session.result.sides[side].tracks
        if not 1 <= unit <= len(units):
            raise LedgerError(f"{path}: there is no unit {unit} on that side (it has {len(units)})")
        if session.save_warnings():
            raise LedgerError(
                f"{path}: " + " ".join(session.save_warnings()) + " Mark it in the battle screen, which asks first"
            )
        index = unit - 1
        if action == "deploy":
            session.deploy(side, index)
        elif action == "crit":
            session.critical(side, index, str(value))
        elif action == "damage":
            session.take(side, index, int(value or 0))
        elif action == "heat":
            session.heat(side, index, int(value or 0))
        else:
            raise LedgerError(f"unknown mark {action!r} (one of {', '.join(ACTIONS)})")
        session.save()
        return side_lines(session.result.sides[side])[1 + index].strip()
