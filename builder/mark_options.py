"""How a game marks a unit from the command line (`warbench battle mark`'s options): what each takes and does."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from builder.numbers import Bounds

if TYPE_CHECKING:
    from builder.battles.session import BattleSession

MarkApply = Callable[["BattleSession", int, int, Any], "str | None"]
"""(the battle open, the side: 0 ours or 1 theirs, the entry's index, the option's value) → the mark made, and what it
did beyond the unit's line in words (None: the line says it: "3 hits, 1 stopped by Additional Armor: …"), or one
LedgerError line saying why not."""


MOST_MARKED = 99_999
"""The most a number mark moves at a time, up or down (more damage than any unit has, more heat than any mech)."""
ANY_MARK = Bounds(-MOST_MARKED, MOST_MARKED, f"a mark is at most {MOST_MARKED} up or down at a time")


@dataclass(frozen=True)
class MarkOption:
    """One option of `warbench battle mark`: one way a unit of the game is marked from the command line."""

    flag: str
    """The option as typed ("--crit")."""
    help: str
    """What it marks, for `battle mark --help` (the command adds the games that offer it)."""
    apply: MarkApply
    """What it does to the battle."""
    metavar: str | None = None
    """What it takes ("PART", "N"); None: a switch."""
    number: bool = False
    """It takes a whole number (negative allowed)."""
    bounds: Bounds = ANY_MARK
    """With `number`: the numbers it takes, and what they are in words (the command line refuses others in one
    line, before anything is read or written)."""
    companion: bool = False
    """Given beside another mark, never alone (McWarrior's `--roll`, the die that mark's overheat check reads): it
    is applied first, and a mark that does not read it refuses it."""


def _take(session: BattleSession, side: int, index: int, amount: int) -> None:
    session.take(side, index, amount)


DAMAGE = MarkOption(
    "--damage",
    "damage boxes or HP (negative heals)",
    _take,
    metavar="N",
    number=True,
    bounds=Bounds(-MOST_MARKED, MOST_MARKED, f"damage or healing is at most {MOST_MARKED} at a time"),
)
"""Damage, the mark every game's units take unless the game says otherwise."""
