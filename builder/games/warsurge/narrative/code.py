"""A narrative in play as a share code: the bundled narrative it plays, each player's name and roster (as a roster's
share code holds it) and the whole log, for another player's Warbench; read back as hostile input."""

from __future__ import annotations

import zlib
from typing import Any, get_args

from builder.games.warsurge.narrative.grid import COLUMNS
from builder.games.warsurge.narrative.model import NarrativeFile
from builder.games.warsurge.narrative.play import Entry, NarrativePlay, What
from builder.games.warsurge.narrative.reading import bundled_narratives, read_narrative
from builder.games.warsurge.narrative.state import Party
from catalog.models.common import CatalogueHeader
from exports.share.bits import BitReader, BitWriter
from exports.share.codec import decode_payload, encode_payload
from exports.share.envelope import finish
from exports.share.errors import ShareCodeError
from exports.share.fields import MAX_NAME_CHARS
from exports.share.kinds import open_kind, seal_kind
from exports.share.names import read_name, write_name

NARRATIVE_KIND = 0
"""The extended kind of a narrative's code (`exports.share.envelope.KINDS`)."""
HASH_BITS = 32
MAX_PLAYERS, MAX_ENTRIES, MAX_TEXT = 8, 20_000, 120
WHATS: tuple[str, ...] = get_args(What)
OUTCOMES = (None, "passed", "failed", "won", "lost")
TEXTS = ("perk", "event", "choice", "challenge")
"""The log's free-text fields, in the order a code holds them."""


def narrative_hash(narrative: NarrativeFile) -> int:
    """32 bits that tell one version of a narrative from another (the code's log only fits its own)."""
    return zlib.crc32(narrative.model_dump_json().encode("utf-8"))


def encode_play(play: NarrativePlay, party: Party, narrative: NarrativeFile) -> str:
    """The code of a narrative in play (a NarrativePlay) with its party's rosters as loaded."""
    if play.narrative not in bundled_narratives():
        raise ShareCodeError(
            "only a narrative bundled with Warbench has a code: this one is a file of your own; "
            "send it with the play file and the rosters"
        )
    writer = BitWriter()
    writer.slug(play.narrative, "narrative")
    writer.bits(narrative_hash(narrative), HASH_BITS)
    write_name(writer, play.name, MAX_NAME_CHARS, "the play's name")
    writer.count(len(play.players), MAX_PLAYERS, "players")
    for player, loaded in zip(play.players, party.rosters):
        write_name(writer, player.name, MAX_NAME_CHARS, "a player's name")
        payload = encode_payload(loaded.roster, loaded.catalogue)
        writer.bits(payload.value, payload.length)
    writer.count(len(play.log), MAX_ENTRIES, "log entries")
    for entry in play.log:
        _write_entry(writer, entry)
    return seal_kind(writer, NARRATIVE_KIND)


def _write_entry(writer: BitWriter, entry: Entry) -> None:
    writer.choice(WHATS.index(entry.what), len(WHATS))
    for ref in (entry.unit, entry.by):
        writer.flag(ref is not None)
        if ref is not None:
            _write_ref(writer, ref)
    writer.flag(entry.amount is not None)
    if entry.amount is not None:
        writer.signed(entry.amount, "damage")
    for key in TEXTS:
        text: str | None = getattr(entry, key)
        writer.flag(text is not None)
        if text is not None:
            write_name(writer, text, MAX_TEXT, key)
    writer.choice(OUTCOMES.index(entry.outcome), len(OUTCOMES))
    writer.flag(entry.square is not None)
    if entry.square is not None:
        writer.choice(COLUMNS.index(entry.square[0]), len(COLUMNS))
        writer.number(int(entry.square[1:]) - 1, "row")


def _write_ref(writer: BitWriter, ref: str) -> None:
    """A player's unit ("2:3") or an enemy unit ("L2")."""
    writer.flag(":" in ref)
    if ":" in ref:
        player, unit = ref.split(":")
        writer.number(int(player) - 1, "player")
        writer.number(int(unit) - 1, "unit")
    else:
        writer.choice(COLUMNS.index(ref[0]), len(COLUMNS))
        writer.number(int(ref[1:]) - 1, "enemy unit")


def decode_play(text: str) -> tuple[dict[str, Any], list[tuple[dict[str, Any], CatalogueHeader]]]:
    """The play's data (its players' rosters left for the caller to name) and each player's (roster data, the
    catalogue it needs); every count bounded, the narrative bundled here and the same version."""
    reader = open_kind(text, NARRATIVE_KIND)
    name = reader.slug("narrative")
    bundled = bundled_narratives()
    if name not in bundled:
        raise ShareCodeError(f"the code plays narrative {name!r}, which this Warbench does not have")
    if reader.bits(HASH_BITS) != narrative_hash(read_narrative(bundled[name])):
        raise ShareCodeError(f"the code was made with another version of narrative {name!r}: its log may not fit")
    play: dict[str, Any] = {"warbench": 1, "kind": "narrative-play", "game": "warsurge", "narrative": name}
    play["name"] = read_name(reader, MAX_NAME_CHARS, "name")
    players, rosters = [], []
    for _ in range(reader.count(MAX_PLAYERS, "players")):
        players.append({"name": read_name(reader, MAX_NAME_CHARS, "player's name")})
        rosters.append(decode_payload(reader))
    if not players:
        raise ShareCodeError("the code names no player (damaged code)")
    play["players"] = players
    play["log"] = [_read_entry(reader) for _ in range(reader.count(MAX_ENTRIES, "log entries"))]
    finish(reader)
    return play, rosters


def _read_entry(reader: BitReader) -> dict[str, Any]:
    entry: dict[str, Any] = {"what": WHATS[reader.choice(len(WHATS), "entry")]}
    for key in ("unit", "by"):
        if reader.flag():
            entry[key] = _read_ref(reader)
    if reader.flag():
        entry["amount"] = reader.signed("damage")
    for key in TEXTS:
        if reader.flag():
            entry[key] = read_name(reader, MAX_TEXT, key)
    outcome = OUTCOMES[reader.choice(len(OUTCOMES), "outcome")]
    if outcome is not None:
        entry["outcome"] = outcome
    if reader.flag():
        entry["square"] = f"{COLUMNS[reader.choice(len(COLUMNS), 'column')]}{reader.number('row') + 1}"
    return entry


def _read_ref(reader: BitReader) -> str:
    if reader.flag():
        return f"{reader.number('player') + 1}:{reader.number('unit') + 1}"
    return f"{COLUMNS[reader.choice(len(COLUMNS), 'enemy letter')]}{reader.number('enemy unit') + 1}"
