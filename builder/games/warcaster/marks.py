"""How a Warcaster unit is marked from the command line (`warbench battle mark`): damage, and deploying or recalling it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.mark_options import DAMAGE, MarkOption

if TYPE_CHECKING:
    from builder.battles.session import BattleSession


def _deploy(session: BattleSession, side: int, index: int, _value: object) -> None:
    session.deploy(side, index)


MARKS = (DAMAGE, MarkOption("--deploy", "deploy the unit from the reserves, or recall it", _deploy))
