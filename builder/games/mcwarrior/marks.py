"""How a McWarrior unit is marked from the command line (`warbench battle mark`): damage, a critical hit on a body
part, and the mech's heat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.game import DAMAGE, MarkOption

if TYPE_CHECKING:
    from builder.battles.session import BattleSession


def _critical(session: BattleSession, side: int, index: int, part: str) -> None:
    session.critical(side, index, part)


def _heat(session: BattleSession, side: int, index: int, amount: int) -> None:
    session.heat(side, index, amount)


MARKS = (
    DAMAGE,
    MarkOption("--crit", "a critical hit on a body part", _critical, metavar="PART"),
    MarkOption("--heat", "the mech's heat up (or down)", _heat, metavar="N", number=True),
)
