"""A battle's code: the turn, every roster as its share code holds it, and every mark; read as hostile input.

The first two rosters are written as they always were; a third on follows them after a 0 bit (a scenario trailer
starts with a 1), so a battle of two sides has the code it always had. A battle without a scenario whose players are
named is an extended code (`NAMED_KIND`): its battle as format 6 or 0 writes it, then the names; a code of those
formats ends where its rosters (or what its turns spent) end, so an older Warbench says this one is of a kind it
does not know, not that it is damaged."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from builder.game import game
from catalog.models.common import CatalogueHeader
from exports.share.battle_play import MORE_SIDES, read_play, read_players, seats_of, write_play, write_players
from exports.share.battle_spent import Spent, read_spent, write_spent
from exports.share.bits import BitReader, BitWriter
from exports.share.codec import decode_payload, encode_payload
from exports.share.envelope import (
    BATTLE_FORMAT,
    BATTLE_FORMATS,
    EXTENDED_FORMAT,
    MAX_CODE_CHARS,
    SPENT_FORMAT,
    finish,
    open_any,
    seal,
)
from exports.share.errors import ShareCodeError
from exports.share.kinds import is_kind, open_kind, seal_kind
from exports.share.mark_keys import read_keys, write_keys

if TYPE_CHECKING:
    from builder.roster.files import LoadedRoster
    from exports.share.battle_play import ScenarioPlay

MAX_MARKS = 500
MAX_DAMAGED_MODELS = 200
STATUSES = (None, "reserve", "play", "removed")
"""A Warcaster unit's place by position (None: not recorded)."""
MAX_RETURNED = 999
NAMED_KIND = 1
"""The extended kind of a battle's code without a scenario that names its players."""
MARKS_KIND = 2
"""The extended kind of a battle's code whose marks carry more (a mech's Energy Shield levels lost, the turn it last
restored one, its once-a-game uses): a flag for what it records of its turns' spending, one for the players' names
after it, then the battle as `NAMED_KIND` holds it with each mark's more after its `returned`. Written only where a
mark has more, so every other battle keeps its code."""
HEAT_KIND = 3
"""The extended kind of a battle's code whose marks carry more still (a mech shut down by overheating, the rockets it
has fired): as `MARKS_KIND`, each mark's more followed by those two. Written only where a mark has them, so every
battle a `MARKS_KIND` code holds keeps its code."""
KEYS_KIND = 4
"""The extended kind of a battle's code whose marks carry keys no column holds (a game's own): as `HEAT_KIND`, each
mark's more followed by those keys (`mark_keys`). Written only where a mark has them."""
KINDS_OF_MORE = (NAMED_KIND, MARKS_KIND, HEAT_KIND, KEYS_KIND)
"""The kind of a code by how much more its marks carry (0: none, 1: `MARKS_KIND`'s, 2: `HEAT_KIND`'s, 3: own keys)."""
MAX_MORE = 99
"""The most a mark's shield levels lost or its turn restored is (McWarrior's `MechMark`)."""
BattleSide: TypeAlias = tuple[dict[str, Any], CatalogueHeader, list[dict[str, Any]]]
"""One side of a decoded battle: its roster data, the catalogue it is read against, its marks."""


BLANK_ROW: dict[str, Any] = {"damage": [], "lost": {}, "heat": 0, "models": None, "hp": None}  # the first format's
BLANK_ROW |= {"upgrades_lost": [], "status": None, "returned": 0}  # every later format's
BLANK_ROW |= {"shield_lost": {}, "used": [], "shield_restored": 0}  # a MARKS_KIND code's
BLANK_ROW |= {"shut_down": False, "rockets_fired": 0}  # a HEAT_KIND code's
"""The columns a code gives every mark, named by the battle file's keys, as a mark that records nothing in them has
them. The layout is fixed by the codes already shared, whatever the game: a game's mark model (`Game.mark_model`)
fills the columns it has keys for; the last five are written only in the extended kinds (`MARKS_KIND`, `HEAT_KIND`)."""
MORE_COLUMNS = (("shield_lost", "used", "shield_restored"), ("shut_down", "rockets_fired"))
"""The columns only a `MARKS_KIND` code carries, then those only a `HEAT_KIND` code carries."""


class Mark(Protocol):
    """What the code keeps of one entry's mark (a battle file's mark, of its game's model, which sits above exports):
    its entry and its keys."""

    @property
    def index(self) -> int: ...
    def model_dump(self, *, exclude_defaults: bool = False) -> dict[str, Any]: ...


class Battle(Protocol):
    """What the code keeps of a battle file (a BattleFile, which sits above exports)."""

    @property
    def turn(self) -> int: ...
    @property
    def step(self) -> int: ...
    def marks(self, side: int) -> Sequence[Mark]: ...
    @property
    def scenario(self) -> str | None: ...
    @property
    def play(self) -> ScenarioPlay | None: ...
    @property
    def seed(self) -> str | None: ...
    @property
    def spent(self) -> Sequence[Spent]: ...
    @property
    def first_player(self) -> int | None: ...


def encode_battle(battle: Battle, rosters: Sequence[LoadedRoster | None]) -> str:
    """The battle's code: `rosters` are the LoadedRosters it names, side by side (ours first; a None opponent:
    none named yet)."""
    present = [loaded for loaded in rosters if loaded is not None]
    more = max((_more_of(*_row(mark)) for side in range(len(present)) for mark in battle.marks(side)), default=0)
    writer = BitWriter()
    writer.number(battle.turn - 1, "turn")
    writer.flag(len(present) > 1)
    for side, loaded in enumerate(present):
        if side == 2:
            writer.flag(False)  # more sides, where a trailer would start with a 1
            writer.count(len(present) - 2, MORE_SIDES - 2, "more sides")
        payload = encode_payload(loaded.roster, loaded.catalogue)
        writer.bits(payload.value, payload.length)
        _write_marks(writer, battle.marks(side), loaded.catalogue, more)
    # a game that tracks nothing a turn spends has no use for a seed (one a hand-edited file gives it is left out)
    spending = (
        bool(present) and bool(battle.seed or battle.spent) and game(present[0].roster.game).resources is not None
    )
    if spending:
        seats = seats_of(len(present))
        write_spent(
            writer,
            present[0].roster.game,
            battle.seed,
            battle.spent,
            seats,
            battle.step,
            battle.first_player,
            len(present),
        )
    named = battle.scenario is None and battle.play is not None and bool(battle.play.players)
    if battle.scenario is not None:
        write_play(writer, battle.scenario, battle.play, len(present), battle.step)
    if named or more:
        wrapped = BitWriter()
        wrapped.flag(spending)  # the format its battle is written in: 0 when it records what turns spent, else 6
        if more:
            wrapped.flag(named)
        wrapped.bits(writer.value, writer.length)
        if named and battle.play is not None:
            wrapped.flag(True)  # where a battle of two sides reads a 0 as more sides
            write_players(wrapped, battle.play.players, len(present))
        return seal_kind(wrapped, KINDS_OF_MORE[more])
    code = seal(writer, SPENT_FORMAT if spending else BATTLE_FORMAT)
    if len(code) > MAX_CODE_CHARS:
        raise ShareCodeError(f"the battle is too large for a code ({len(code)} characters; at most {MAX_CODE_CHARS})")
    return code


def open_battle(text: object) -> tuple[BitReader, bool, int]:
    """A reader over a battle's code, in the format its battle is written in, whether the players' names follow it
    (a battle without a scenario that names them) and how much more its marks carry (`KINDS_OF_MORE`); any other code
    is refused naming what it is."""
    version, reader = open_any(text, (*BATTLE_FORMATS, EXTENDED_FORMAT))
    if version != EXTENDED_FORMAT:
        return reader, False, 0
    more = next((n for n in (3, 2, 1) if is_kind(str(text), KINDS_OF_MORE[n])), 0)
    reader = open_kind(text, KINDS_OF_MORE[more])
    reader.version = SPENT_FORMAT if reader.flag() else BATTLE_FORMAT
    return reader, reader.flag() if more else True, more


def is_battle(text: str) -> bool:
    """Whether a text (a QR code's, or pasted) is a battle's whole code."""
    try:
        open_battle(text)
    except ShareCodeError:
        return False
    return True


def _parts(catalogue: CatalogueHeader) -> list[str]:
    """McWarrior's body parts by position (other catalogues have none)."""
    return [part.id for part in getattr(catalogue, "parts", [])]


def _slots(catalogue: CatalogueHeader) -> list[str]:
    """McWarrior's upgrade slots by position (other catalogues have none)."""
    return list(getattr(catalogue, "slots", []))


def _row(mark: Mark) -> tuple[dict[str, Any], dict[str, Any]]:
    """The mark's columns (`BLANK_ROW`), and its own keys that no column holds (written in a `KEYS_KIND` code)."""
    found = mark.model_dump(exclude_defaults=True)
    found.pop("index", None)
    own = {key: value for key, value in found.items() if key not in BLANK_ROW}
    return BLANK_ROW | {key: value for key, value in found.items() if key in BLANK_ROW}, own


def _more_of(row: dict[str, Any], own: dict[str, Any]) -> int:
    """How much more than a plain code a mark holds: 3 its own keys, 2 what only a `HEAT_KIND` code carries, 1 a
    `MARKS_KIND`'s."""
    return 3 if own else next((n for n in (2, 1) if any(row[key] for key in MORE_COLUMNS[n - 1])), 0)


def _write_marks(writer: BitWriter, marks: Sequence[Mark], catalogue: CatalogueHeader, more: int = 0) -> None:
    writer.count(len(marks), MAX_MARKS, "marks")
    parts = _parts(catalogue)
    for mark in marks:
        row, own = _row(mark)
        writer.number(mark.index, "marked entry")
        writer.count(len(row["damage"]), MAX_DAMAGED_MODELS, "damaged models")
        for damage in row["damage"]:
            writer.number(damage, "damage")
        writer.count(len(row["lost"]), len(parts), "parts hit")
        for part, lost in row["lost"].items():
            if part not in parts:
                raise ShareCodeError(f"the battle marks a part {part!r} its catalogue does not have")
            writer.choice(parts.index(part), len(parts))
            writer.number(lost, "points lost")
        writer.number(row["heat"], "heat")
        for left in (row["models"], row["hp"]):  # what the unit has left, when it is marked
            writer.flag(left is not None)
            if left is not None:
                writer.number(left, "left")
        slots = _slots(catalogue)
        writer.count(len(row["upgrades_lost"]), len(slots), "upgrades lost")
        for slot in row["upgrades_lost"]:
            if slot not in slots:
                raise ShareCodeError(f"the battle marks an upgrade slot {slot!r} its catalogue does not have")
            writer.choice(slots.index(slot), len(slots))
        writer.choice(STATUSES.index(row["status"]), len(STATUSES))
        writer.number(row["returned"], "times back in reserve")
        if more:
            _write_more(writer, row, slots)
        if more > 1:
            writer.flag(row["shut_down"])
            writer.number(row["rockets_fired"], "rockets fired")
        if more > 2:
            write_keys(writer, own)


def _write_more(writer: BitWriter, row: dict[str, Any], slots: list[str]) -> None:
    """A mech's shield levels lost by slot, the turn it last restored one, and its once-a-game uses by slot."""
    for counted in (row["shield_lost"], row["used"]):
        writer.count(len(counted), len(slots), "upgrade slots")
        for slot in counted:
            if slot not in slots:
                raise ShareCodeError(f"the battle marks an upgrade slot {slot!r} its catalogue does not have")
            writer.choice(slots.index(slot), len(slots))
            if isinstance(counted, dict):
                writer.number(counted[slot], "shield levels lost")
    writer.number(row["shield_restored"], "turn a shield level was restored")


def _read_more(reader: BitReader, slots: list[str]) -> dict[str, Any]:
    """What `_write_more` wrote, bounded as the battle file bounds it."""
    lost: dict[str, int] = {}
    for _ in range(reader.count(len(slots), "upgrade slots")):
        slot = slots[reader.choice(len(slots), "upgrade slot")]
        lost[slot] = reader.number("shield levels lost")
    used = [slots[reader.choice(len(slots), "upgrade slot")] for _ in range(reader.count(len(slots), "upgrade slots"))]
    restored = reader.number("turn a shield level was restored")
    if restored > MAX_MORE or any(n > MAX_MORE for n in lost.values()):
        raise ShareCodeError("the battle's code has a shield beyond what a battle keeps (damaged code)")
    found = {"shield_lost": lost, "used": used, "shield_restored": restored}
    return {key: value for key, value in found.items() if value}


def _read_heat(reader: BitReader) -> dict[str, Any]:
    """A `HEAT_KIND` mark's shut-down flag and rockets fired, bounded as the battle file bounds them."""
    found = {"shut_down": reader.flag(), "rockets_fired": reader.number("rockets fired")}
    if found["rockets_fired"] > MAX_MORE:
        raise ShareCodeError("the battle's code has more rockets fired than a battle keeps (damaged code)")
    return {key: value for key, value in found.items() if value}


def _read_marks(reader: BitReader, catalogue: CatalogueHeader, more: int = 0) -> list[dict[str, Any]]:
    parts, slots = _parts(catalogue), _slots(catalogue)
    marks: list[dict[str, Any]] = []
    for _ in range(reader.count(MAX_MARKS, "marks")):
        index = reader.number("marked entry")
        damage = [reader.number("damage") for _ in range(reader.count(MAX_DAMAGED_MODELS, "damaged models"))]
        lost: dict[str, int] = {}
        for _ in range(reader.count(len(parts), "parts hit")):
            part = parts[reader.choice(len(parts), "part")]  # read before its points (the order they were written)
            lost[part] = reader.number("points lost")
        mark: dict[str, Any] = {"index": index, "damage": damage, "lost": lost, "heat": reader.number("heat")}
        mark = {key: value for key, value in mark.items() if value or key == "index"}
        for key in ("models", "hp"):
            if reader.flag():
                mark[key] = reader.number(key)
        if reader.version != BATTLE_FORMATS[0]:  # the first format ended here
            slots_lost = [
                slots[reader.choice(len(slots), "upgrade slot")]
                for _ in range(reader.count(len(slots), "upgrades lost"))
            ]
            status = STATUSES[reader.choice(len(STATUSES), "status")]
            returned = reader.number("times back in reserve")
            if returned > MAX_RETURNED:
                raise ShareCodeError(f"the battle's code has a unit back in reserve {returned} times (damaged code)")
            mark.update(
                {
                    key: value
                    for key, value in (("upgrades_lost", slots_lost), ("status", status), ("returned", returned))
                    if value
                }
            )
        if more:
            mark.update(_read_more(reader, slots))
        if more > 1:
            mark.update(_read_heat(reader))
        if more > 2:
            mark.update(read_keys(reader, BLANK_ROW))
        marks.append(mark)
    return marks


def decode_battle(text: str) -> tuple[int, list[BattleSide]]:
    """The turn and, per side, (roster data, its catalogue, its marks) — every field bounded and checked; the
    caller builds the roster models and the battle file, which check the rest."""
    turn, sides, _scenario = decode_battle_code(text)
    return turn, sides


def decode_battle_code(text: str) -> tuple[int, list[BattleSide], dict[str, Any]]:
    """As `decode_battle`, with the scenario trailer's `{"scenario", "play"}` and the player turn in progress
    (`"step"`, when there is one): empty for a battle without a scenario."""
    reader, named, more = open_battle(text)
    turn = reader.number("turn") + 1
    sides: list[BattleSide] = []
    count = 2 if reader.flag() else 1
    while len(sides) < count:
        data, catalogue = decode_payload(reader)
        sides.append((data, catalogue, _read_marks(reader, catalogue, more)))
        if len(sides) == 2 == count and reader.remaining >= 5 and not reader.peek():
            reader.flag()
            count += reader.count(MORE_SIDES - 2, "more sides")
    spent = (
        read_spent(reader, sides[0][1].game, seats_of(len(sides)), len(sides)) if reader.version == SPENT_FORMAT else {}
    )
    if named:
        if not reader.flag():
            raise ShareCodeError("the share code has trailing data after the battle (damaged code)")
        scenario: dict[str, Any] = {"play": {"players": read_players(reader, len(sides))}}
    else:
        scenario = read_play(reader, len(sides)) if reader.remaining >= 5 else {}
    finish(reader)
    first = spent.pop("first", None)
    if first is not None and "scenario" not in scenario:  # a battle without a scenario names who goes first
        key = "attacker" if game(sides[0][1].game).turns.first == "attacker" else "first"
        scenario.setdefault("play", {})[key] = first
    return turn, sides, {**spent, **scenario}
