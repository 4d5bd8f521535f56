"""How a Warcaster unit is marked from the command line (`warbench battle mark`): damage, and deploying or recalling it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.campaigns.ledger import LedgerError
from builder.games.warcaster.track import deployed
from builder.mark_options import DAMAGE, MarkOption

if TYPE_CHECKING:
    from builder.battles.session import BattleSession


def deploy(session: BattleSession, side: int, index: int) -> None:
    """The unit deployed from the reserves, or recalled to them, as one change (`--deploy`; the battle screen's `p`
    where the battle tracks no Arc); refused in one line for a unit that cannot be (`deployed`)."""
    track = session.track(side, index)
    try:
        mark = deployed(track, session.mark(side, index))
    except ValueError as exc:
        raise LedgerError(str(exc)) from None
    where = "deployed" if track.state(mark).where == "play" else "recalled to the reserves"
    session.set_mark(side, mark, f"{track.name} {where}")


def _deploy(session: BattleSession, side: int, index: int, _value: object) -> None:
    deploy(session, side, index)


MARKS = (DAMAGE, MarkOption("--deploy", "deploy the unit from the reserves, or recall it", _deploy))
