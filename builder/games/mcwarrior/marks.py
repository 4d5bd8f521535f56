"""How a McWarrior unit is marked from the command line (`warbench battle mark`): hits on a body part, a critical hit
on one, the mech's heat, an upgrade used and the pilot's self-destruct (not damage: a mech records the points each
part lost)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from builder.battles.model import UnitMark
from builder.campaigns.ledger import LedgerError
from builder.games.mcwarrior.overheat import Check, generate, no_check, parse_roll, part_named, seeded_dice
from builder.games.mcwarrior.track import MAX_HEAT, MechTrack
from builder.games.mcwarrior.unit_mark import MechMark, as_mech
from builder.games.mcwarrior.upgrade_use import self_destructed, slot_named, use
from builder.mark_options import MarkOption
from builder.numbers import Bounds, typed_int
from catalog.wording import shown

if TYPE_CHECKING:
    from builder.battles.session import BattleSession

T = TypeVar("T")


def _hit(session: BattleSession, side: int, index: int, given: str) -> str | None:
    """`PART` (one hit) or `PART:N` (N hits, negative repairs), on a part the mech has."""
    part, _, count = given.partition(":")
    try:
        amount = typed_int(count) if count else 1
    except ValueError:
        raise LedgerError(f"--hit takes PART or PART:N (N a whole number), not {shown(given)}") from None
    if amount not in HITS:
        raise LedgerError(HITS.refusal(f"--hit {given}"))
    return hit(session, side, index, _part(session, side, index, part, "hit"), amount)


def hit(session: BattleSession, side: int, index: int, part: str, amount: int) -> str | None:
    """Hits on a body part (excess to the torso) less what the mech's protection stops, said in the words returned
    (a batch stopped whole records nothing); negative repairs."""
    track = _mech(session, side, index, NO_PARTS)
    before = session.mark(side, index)
    mark, said = _as_told(lambda: track.struck(before, part, amount))
    if mark != before or said is None:
        session.set_mark(side, mark, f"{track.name}: {said or f'{amount:+d} on {track.part_name(part)}'}")
    return said


def _part(session: BattleSession, side: int, index: int, typed: str, what: str) -> str:
    """The mech's part as typed (`part_named`: `LEFT_ARM` or "Left Arm" for `left-arm`); one line naming the parts
    for one it has not."""
    track = _mech(session, side, index, f"has no body parts to {what}")
    part = part_named(track, typed)
    if part is None:
        raise LedgerError(f"{track.name} has no part {typed!r} (parts: {', '.join(track.parts)})")
    return part


def _critical(session: BattleSession, side: int, index: int, part: str) -> None:
    critical(session, side, index, _part(session, side, index, part, "hit"))


def critical(session: BattleSession, side: int, index: int, part: str) -> None:
    """A critical hit on a body part: the mech loses the upgrade there, or its torso takes 1 damage."""
    track = _mech(session, side, index, NO_PARTS)
    mark, said = _as_told(lambda: track.critical(session.mark(side, index), part))
    session.set_mark(side, mark, f"{track.name}: critical hit on {track.part_name(part)}, {said}")


def heated(session: BattleSession, side: int, index: int, amount: int) -> None:
    """The mech's heat up or down as told (never below 0), with no overheat check (`heat` makes one)."""
    track = _mech(session, side, index, NO_HEAT)
    mark = _as_told(lambda: track.heated(session.mark(side, index), amount))
    session.set_mark(side, mark, f"{track.name}: heat {track.state(mark).heat}")


def heat(session: BattleSession, side: int, index: int, amount: int, check: Check | None = None) -> str | None:
    """The heat an action makes, 0 or more (checked for overheating with `check`, else the command line's `--roll`),
    or cooled by hand (negative)."""
    track = _mech(session, side, index, NO_HEAT)
    typed = None if check else session.told.get(ROLL)
    check = check or _check(session, side, index, track)
    said = session.marked(
        side, index, lambda _track, mark: _rolled(track, mark, typed, lambda: generate(track, mark, amount, check))
    )
    return said if ": rolled " in said else None  # the unit's line says the heat: only a check is said beside it


def use_upgrade(
    session: BattleSession, side: int, index: int, typed: str, check: Check | None = None, rockets: int | None = None
) -> str:
    """The mech's upgrade named `typed` (its slot, a part, its id or name; `NAME:N` fires N rockets) used in the turn
    the battle is at, its heat checked for overheating with `check` (else the command line's `--roll`)."""
    track = _mech(session, side, index, "has no upgrades to use: only a mech has them")
    named, _, count = typed.partition(":")
    if count and not (count.isascii() and count.isdigit() and len(count) <= 3):  # a rack fires a few, not 10**4300
        raise LedgerError(f"--use takes UPGRADE or UPGRADE:N (N rockets fired), not {typed[:40]!r}")
    slot = _as_told(lambda: slot_named(track, named))
    if count and slot not in track.rockets:
        raise LedgerError(f"--use {typed[:40]}: only a Rocket Launcher takes :N (rockets fired)")
    fired = int(count) if count else rockets
    typed_roll = None if check else session.told.get(ROLL)
    check = check or _check(session, side, index, track)
    said = session.marked(
        side,
        index,
        lambda _track, mark: _rolled(
            track, mark, typed_roll, lambda: use(track, mark, slot, session.ledger.turn, check, fired)
        ),
    )
    return f"{track.name} {said}"


def _rolled(
    track: MechTrack, mark: UnitMark, typed: object, change: Callable[[], tuple[MechMark, str]]
) -> tuple[MechMark, str]:
    """What `change` did to `mark`; ValueError where the command line gave a `--roll` (`typed`) and no overheat check
    happened to read it."""
    mark = as_mech(mark)
    after, said = change()
    if typed is not None and ": rolled " not in said:
        raise ValueError(no_check(track, mark, after, str(typed)))
    return after, said


def _check(session: BattleSession, side: int, index: int, track: MechTrack) -> Check | None:
    """The overheat check's die as the command line gave it (`--roll`), taken from what it told; None: not given."""
    typed = session.told.pop(ROLL, None)
    if typed is None:
        return None
    return _as_told(lambda: parse_roll(str(typed), track, warbench_dice(session, side, index)))


def warbench_dice(session: BattleSession, side: int, index: int) -> Callable[[], int]:
    """Warbench's dice for the mech's overheat check: from the battle's seed, the moment and the mech's mark, so an
    undo and the same heat again roll the same."""
    battle = session.ledger
    keys = as_mech(session.mark(side, index)).model_dump()
    if not keys["checks"]:  # a mark with no check passed seeds as marks always have
        del keys["checks"]
    mark = json.dumps(SEEDED_MARK | keys, separators=(",", ":"))
    return seeded_dice(f"{battle.seed or ''}/{battle.turn}/{battle.step}/{side}/{index}/{mark}")


SEEDED_MARK: dict[str, Any] = {
    "index": 0,
    "damage": [],
    "models": None,
    "hp": None,
    "lost": {},
    "heat": 0,
    "upgrades_lost": [],
    "shield_lost": {},
    "shield_restored": 0,
    "used": [],
    "shut_down": False,
    "rockets_fired": 0,
    "status": None,
    "returned": 0,
}
"""A mark's keys in the order, and with the blanks, the dice's seed has always read them (when one mark model held
every game's keys): a mech's mark is laid out so, its own filled in, and the same battle and `--roll d6` roll what
they rolled before each game's marks became its own model."""


def _roll(session: BattleSession, _side: int, _index: int, typed: str) -> None:
    """Kept for the mark it goes with (`--heat`, `--use`), which reads it."""
    session.told[ROLL] = typed


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


def _as_told(find: Callable[[], T]) -> T:
    """What `find` finds; its ValueError as one LedgerError line."""
    try:
        return find()
    except ValueError as exc:
        raise LedgerError(str(exc)) from None


NO_PARTS = "has no body parts to hit"
NO_HEAT = "has no heat: only a mech runs hot"
"""How a mark of a mech's is refused on another game's unit ("Catapult has no heat: only a mech runs hot")."""
ROLL = "--roll"
"""The mark that goes with another: the overheat check's die."""
HITS = Bounds(-99, 99, "hits or repairs are at most 99 at a time")
"""The hits one `--hit` takes: a part loses at most the 99 points a battle file keeps (`MechMark.lost`)."""
HEAT = Bounds(-MAX_HEAT, MAX_HEAT, f"a mech's heat is 0 to {MAX_HEAT}")
"""`--heat N` moves the heat up or down by at most the most a battle file keeps."""

MARKS = (
    MarkOption("--hit", "hits on a body part: PART, or PART:N for N (negative repairs)", _hit, metavar="PART[:N]"),
    MarkOption("--crit", "a critical hit on a body part", _critical, metavar="PART"),
    MarkOption(
        "--heat",
        "the mech's heat an action makes (0 too: an overheated mech checks each action), or cooled (negative)",
        heat,
        metavar="N",
        number=True,
        bounds=HEAT,
    ),
    MarkOption(
        "--use",
        "an upgrade used: an Active one's heat, the Heat Exchanger's reset (once a game), an Energy Shield "
        "level restored (once a turn, 1 heat), or a Rocket Launcher's N rockets fired (UPGRADE:N)",
        use_upgrade,
        metavar="UPGRADE[:N]",
    ),
    MarkOption(
        ROLL,
        "with --heat or --use: the overheat check's die (N, or N:PART for the part its hits land on; d6: Warbench "
        "rolls it)",
        _roll,
        metavar="N[:PART]",
        companion=True,
    ),
    MarkOption("--self-destruct", "the pilot self-destructs the mech (scenarios with Respawn)", self_destruct),
)
