"""How a McWarrior unit is marked from the command line (`warbench battle mark`): hits on a body part, a critical hit
on one, the mech's heat, an upgrade used and the pilot's self-destruct (not damage: a mech records the points each
part lost)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from builder.battles.model import UnitMark
from builder.campaigns.ledger import LedgerError
from builder.games.mcwarrior.track import MechTrack
from builder.games.mcwarrior.upgrade_use import self_destructed, slot_named, use
from builder.mark_options import MarkOption
from builder.numbers import Bounds, field_range

if TYPE_CHECKING:
    from builder.battles.session import BattleSession


def _hit(session: BattleSession, side: int, index: int, given: str) -> str | None:
    """`PART` (one hit) or `PART:N` (N hits, negative repairs), on a part the mech has."""
    part, _, count = given.partition(":")
    try:
        amount = int(count) if count else 1
    except ValueError:
        raise LedgerError(f"--hit takes PART or PART:N (N a whole number), not {given!r}") from None
    if amount not in HITS:
        raise LedgerError(HITS.refusal(f"--hit {given}"))
    return session.hit(side, index, _part(session, side, index, part, "hit"), amount)


def _part(session: BattleSession, side: int, index: int, typed: str, what: str) -> str:
    """The mech's part as typed, or as typed with `_` for `-` and in any case (`LEFT_ARM` for `left-arm`); one line
    naming the parts for one it has not."""
    track = session.track(side, index)
    if not isinstance(track, MechTrack):
        raise LedgerError(f"{track.name} has no body parts to {what}")
    part = typed if typed in track.parts else typed.lower().replace("_", "-")
    if part not in track.parts:
        raise LedgerError(f"{track.name} has no part {typed!r} (parts: {', '.join(track.parts)})")
    return part


def _critical(session: BattleSession, side: int, index: int, part: str) -> None:
    session.critical(side, index, _part(session, side, index, part, "hit"))


def _heat(session: BattleSession, side: int, index: int, amount: int) -> None:
    session.heat(side, index, amount)


def use_upgrade(session: BattleSession, side: int, index: int, typed: str) -> str:
    """The mech's upgrade named `typed` (its slot, a part, its id or name) used in the turn the battle is at."""
    track = _mech(session, side, index, "has no upgrades to use: only a mech has them")
    slot = _as_told(lambda: slot_named(track, typed))
    return session.marked(side, index, lambda _track, mark: use(track, mark, slot, session.ledger.turn))


def self_destruct(session: BattleSession, side: int, index: int, _given: object = True) -> str:
    """The pilot self-destructs the mech, where the scenario plays the Respawn rule."""
    track = _mech(session, side, index, "cannot self-destruct: only a mech's pilot can")
    judged = session.result.judged
    scenario = judged.outcome.scenario if judged is not None else None
    name, respawn = (scenario.name, scenario.respawn) if scenario is not None else (None, False)
    said = session.marked(side, index, lambda _track, mark: self_destructed(track, mark, name, respawn))
    return f"{track.name} {said}"


def _mech(session: BattleSession, side: int, index: int, refusal: str) -> MechTrack:
    """The entry's mech; LedgerError "NAME `refusal`" where it is another game's unit."""
    track = session.track(side, index)
    if not isinstance(track, MechTrack):
        raise LedgerError(f"{track.name} {refusal}")
    return track


def _as_told(find: Callable[[], str]) -> str:
    """What `find` finds; its ValueError as one LedgerError line."""
    try:
        return find()
    except ValueError as exc:
        raise LedgerError(str(exc)) from None


HITS = Bounds(-99, 99, "hits or repairs are at most 99 at a time")
"""The hits one `--hit` takes: a part loses at most the 99 points a battle file keeps (`UnitMark.lost`)."""
LOW_HEAT, HIGH_HEAT = field_range(UnitMark, "heat")
HEAT = Bounds(-HIGH_HEAT, HIGH_HEAT, f"a mech's heat is {LOW_HEAT} to {HIGH_HEAT}")
"""`--heat N` moves the heat up or down by at most the most a battle file keeps."""

MARKS = (
    MarkOption("--hit", "hits on a body part: PART, or PART:N for N (negative repairs)", _hit, metavar="PART[:N]"),
    MarkOption("--crit", "a critical hit on a body part", _critical, metavar="PART"),
    MarkOption("--heat", "the mech's heat up (or down)", _heat, metavar="N", number=True, bounds=HEAT),
    MarkOption(
        "--use",
        "an upgrade used: an Active one's heat, the Heat Exchanger's reset (once a game) or an Energy Shield "
        "level restored (once a turn, 1 heat)",
        use_upgrade,
        metavar="UPGRADE",
    ),
    MarkOption("--self-destruct", "the pilot self-destructs the mech (scenarios with Respawn)", self_destruct),
)
