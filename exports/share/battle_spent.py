"""A battle code's record of what each turn spent (format SPENT_FORMAT): the seed, the player turn in progress, who
goes first, and every resource event with its side and moment, its kind and fields named by their place in the
game's own event classes (`Game.resources.kinds`), so both players' Warbench deal and replay the same. Each word an
event names (a Cypher, a rule) is written once, in a table before the events, which name it by its place; each
event's round is written as the rounds since the one before."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol

from builder.game import game
from exports.share.bits import BitReader, BitWriter
from exports.share.errors import ShareCodeError
from exports.share.names import read_name, write_name

MAX_SPENT = 5_000
MAX_LIST = 200
MAX_WORDS = 2_000
SEED_CHARS, TEXT_CHARS = 32, 80
INT, BOOL, TEXT, LIST = range(4)


class Spent(Protocol):
    """What the code keeps of one resource event (a battle file's SpentMark, which sits above exports)."""

    @property
    def side(self) -> int | None: ...
    @property
    def round(self) -> int: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def step(self) -> int | None: ...
    @property
    def event(self) -> Mapping[str, Any]: ...


def _kinds(game_id: str) -> list[tuple[str, list[str], list[str]]]:
    """The game's event kinds in order, each with its field names (its `kind` left out), then those added since
    codes first carried it (`ResourceEvent.added`)."""
    book = game(game_id).resources
    if book is None:
        raise ShareCodeError(f"a {game_id} battle tracks nothing spent: its code carries no events")
    return [
        (
            cls.model_fields["kind"].default,
            [f for f in cls.model_fields if f != "kind" and f not in cls.added],
            list(cls.added),
        )
        for cls in book.kinds
    ]


def write_spent(
    w: BitWriter,
    game_id: str,
    seed: str | None,
    spent: Sequence[Spent],
    seats: int,
    step: int,
    first: int | None,
    players: int,
) -> None:
    """The record, after the rosters (a 1 bit first: a battle of two sides reads a 0 there as more sides); `seats`
    is how many sides a side field can name, `players` how many sit at the table (whose turns make a round)."""
    kinds = _kinds(game_id)
    names = [kind for kind, _, _ in kinds]
    cycles = game(game_id).turns.cycles
    w.flag(True)
    write_name(w, seed or "", SEED_CHARS, "the battle's seed")
    w.number(step, "player turn")
    w.flag(first is not None)
    if first is not None:
        w.choice(first, seats)
    words = sorted({text for mark in spent for text in _texts(mark.event)})
    w.count(len(words), MAX_WORDS, "words of the events")
    for word in words:
        write_name(w, word, TEXT_CHARS, "a word of an event")
    w.count(len(spent), MAX_SPENT, "events spent")
    last = 1
    for mark in spent:
        w.flag(mark.side is not None)
        if mark.side is not None:
            w.choice(mark.side, seats)
        w.signed(mark.round - last, "round")
        last = mark.round
        w.choice(0 if mark.turn is None else mark.turn + 1, seats + 1)
        if cycles > 1:  # which of the side's turns in the round (Warcaster's five a Pulse round)
            w.choice(0 if mark.step is None else mark.step // players + 1, cycles + 1)
        event = dict(mark.event)
        kind = event.pop("kind", None)
        if kind not in names:
            raise ShareCodeError(f"the battle records an event {str(kind)[:40]!r} its game does not know")
        w.choice(names.index(kind), len(names))
        _, fields, added = kinds[names.index(kind)]
        if unknown := [key for key in event if key not in fields and key not in added]:
            raise ShareCodeError(f"the battle's {kind} event has a field {unknown[0][:40]!r} its game does not know")
        kept = {key: value for key, value in event.items() if key in fields}
        later = {key: value for key, value in event.items() if key in added}
        w.count(len(kept) + (len(fields) + 1) * len(later), _most(fields, added), "event fields")
        for key, value in kept.items():
            w.choice(fields.index(key), len(fields))
            _write_value(w, value, words, nested=False)
        for key, value in later.items():
            w.choice(added.index(key), len(added))
            _write_value(w, value, words, nested=False)


NEWER = "it was made by a newer Warbench, which this one must be updated to read"


def _most(fields: list[str], added: list[str]) -> int:
    """The largest count of an event's fields: those it had first, and the added ones counted in steps one past them
    (a code written before counts none, and a Warbench before them refuses the count as too many)."""
    return len(fields) + (len(fields) + 1) * len(added)


def _texts(event: Mapping[str, Any]) -> Iterator[str]:
    """The words an event names (its kind aside)."""
    for key, value in event.items():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and key != "kind":
                yield item


def _write_value(w: BitWriter, value: Any, words: list[str], nested: bool) -> None:
    if isinstance(value, bool):
        w.choice(BOOL, 4)
        w.flag(value)
    elif isinstance(value, int):
        w.choice(INT, 4)
        w.signed(value, "a number")
    elif isinstance(value, str):
        w.choice(TEXT, 4)
        w.choice(words.index(value), len(words))
    elif isinstance(value, list) and not nested:
        w.choice(LIST, 4)
        w.count(len(value), MAX_LIST, "a list of an event")
        for item in value:
            _write_value(w, item, words, nested=True)
    else:
        raise ShareCodeError(f"an event's value {str(value)[:40]!r} is none a code holds")


def read_spent(r: BitReader, game_id: str, seats: int, players: int) -> dict[str, Any]:
    """`{"seed", "step", "spent"}` (and `"first"`); the battle file's model and the game check the rest. (A code
    written before 2026-11-29 counted a Pulse round's turns in fours whatever the table: an event of a two-player
    turn x.2 or later read back a turn early, and no reading can place it again.)"""
    kinds = _kinds(game_id)
    cycles = game(game_id).turns.cycles
    if not r.flag():
        raise ShareCodeError("the share code has trailing data after the battle (damaged code)")
    found: dict[str, Any] = {}
    if seed := read_name(r, SEED_CHARS, "seed"):
        found["seed"] = seed
    if step := r.number("player turn"):
        found["step"] = step
    if r.flag():
        found["first"] = r.choice(seats, "side")
    words = [read_name(r, TEXT_CHARS, "a word of an event") for _ in range(r.count(MAX_WORDS, "words"))]
    spent = []
    last = 1
    for _ in range(r.count(MAX_SPENT, "events spent")):
        mark: dict[str, Any] = {}
        if r.flag():
            mark["side"] = r.choice(seats, "side")
        last = mark["round"] = last + r.signed("round")
        if turn := r.choice(seats + 1, "player turn"):
            mark["turn"] = turn - 1
        if cycles > 1 and (cycle := r.choice(cycles + 1, "turn of the round")) and "turn" in mark:
            mark["step"] = (cycle - 1) * players + (mark["turn"] - found.get("first", 0)) % players
        kind, fields, added = kinds[r.choice(len(kinds), "event kind")]
        event: dict[str, Any] = {"kind": kind}
        if (count := r.number("event fields")) > _most(fields, added):  # fields added after this Warbench
            raise ShareCodeError(f"the code's {kind} event has fields this Warbench does not know: {NEWER}")
        later, kept = divmod(count, len(fields) + 1)
        for _ in range(kept):
            key = fields[r.choice(len(fields), "event field")]  # read before its value (the order it was written)
            event[key] = _read_value(r, words, nested=False)
        for _ in range(later):
            key = added[r.choice(len(added), "event field")]  # none where the kind has none added: `_most`
            event[key] = _read_value(r, words, nested=False)
        mark["event"] = event
        spent.append(mark)
    found["spent"] = spent
    return found


def _read_value(r: BitReader, words: list[str], nested: bool) -> Any:
    tag = r.choice(4, "value")
    if tag == BOOL:
        return r.flag()
    if tag == INT:
        return r.signed("a number")
    if tag == TEXT:
        if not words:
            raise ShareCodeError("the share code names a word of an event it does not hold (damaged code)")
        return words[r.choice(len(words), "word")]
    if nested:
        raise ShareCodeError("the share code has a list inside a list (damaged code)")
    return [_read_value(r, words, nested=True) for _ in range(r.count(MAX_LIST, "a list of an event"))]
