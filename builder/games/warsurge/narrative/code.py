"""A narrative in play as a share code: the narrative it plays (a bundled one by its id; one of the players' own
whole, its file's text deflated), each player's name and roster (as a roster's share code holds it), the whole
log and the play's seed, for another player's Warbench; read back as hostile input."""

from __future__ import annotations

import zlib
from typing import Any, get_args

from builder.games.warsurge.narrative.grid import COLUMNS
from builder.games.warsurge.narrative.model import NarrativeFile
from builder.games.warsurge.narrative.play import SEED_BITS, Entry, NarrativePlay, What
from builder.games.warsurge.narrative.reading import (
    MAX_NARRATIVE_BYTES,
    bundled_narratives,
    parse_narrative,
    read_narrative,
)
from builder.games.warsurge.narrative.state import Party
from catalog.models.common import CatalogueHeader
from exports.share.bits import BitReader, BitWriter
from exports.share.codec import decode_payload, encode_payload
from exports.share.envelope import finish
from exports.share.errors import ShareCodeError
from exports.share.fields import MAX_NAME_CHARS
from exports.share.kinds import open_kind, seal_kind
from exports.share.names import read_name, write_name
from exports.share.profiles import read_blob, write_blob

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


OWN_NARRATIVE = "own-narrative"
"""The id a code gives a narrative of the players' own (no bundled narrative has it), whose text the code carries."""


def encode_play(play: NarrativePlay, party: Party, narrative: NarrativeFile, own_text: str | None = None) -> str:
    """The code of a narrative in play (a NarrativePlay) with its party's rosters as loaded; `own_text`: the file
    of a narrative of the players' own, as written (None for a bundled one)."""
    bundled = play.narrative in bundled_narratives()
    if not bundled and own_text is None:
        raise ShareCodeError("a narrative of your own travels with its file's text: read it to make the code")
    writer = BitWriter()
    writer.slug(play.narrative if bundled else OWN_NARRATIVE, "narrative")
    writer.bits(narrative_hash(narrative), HASH_BITS)
    if not bundled:
        assert own_text is not None
        write_blob(writer, zlib.compress(own_text.encode("utf-8"), 9))
    write_name(writer, play.name, MAX_NAME_CHARS, "the play's name")
    writer.count(len(play.players), MAX_PLAYERS, "players")
    for player, loaded in zip(play.players, party.rosters):
        write_name(writer, player.name, MAX_NAME_CHARS, "a player's name")
        payload = encode_payload(loaded.roster, loaded.catalogue)
        writer.bits(payload.value, payload.length)
    writer.count(len(play.log), MAX_ENTRIES, "log entries")
    for entry in play.log:
        _write_entry(writer, entry)
    if play.seed is not None:  # last, and only there: a code made before seeds reads as it did
        writer.bits(play.seed, SEED_BITS)
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


def decode_play(
    text: str,
) -> tuple[dict[str, Any], list[tuple[dict[str, Any], CatalogueHeader]], tuple[str, NarrativeFile] | None]:
    """The play's data (its players' rosters and an own narrative's file left for the caller to name), each
    player's (roster data, the catalogue it needs), and an own narrative's text and model (None for a bundled one); every
    count bounded, a bundled narrative here and the same version, an own one read as any narrative file is."""
    reader = open_kind(text, NARRATIVE_KIND)
    name = reader.slug("narrative")
    digest = reader.bits(HASH_BITS)
    bundled, own = bundled_narratives(), None
    if name == OWN_NARRATIVE:
        own = _own_narrative(read_blob(reader), digest)
    elif name not in bundled:
        raise ShareCodeError(f"the code plays narrative {name!r}, which this Warbench does not have")
    elif digest != narrative_hash(read_narrative(bundled[name])):
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
    if reader.remaining >= SEED_BITS:  # the play's seed (a code made before seeds ends at its log, padded)
        play["seed"] = reader.bits(SEED_BITS)
    finish(reader)
    return play, rosters, own


def _own_narrative(deflated: bytes, digest: int) -> tuple[str, NarrativeFile]:
    """The text of the narrative a code carries: inflated to at most a narrative file's size, UTF-8, a narrative
    as its file would be checked, and the one the code's log was made with."""
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(deflated, MAX_NARRATIVE_BYTES)
    except zlib.error:
        raise ShareCodeError("the code's narrative does not inflate (damaged code)") from None
    if inflater.unconsumed_tail or not inflater.eof:
        raise ShareCodeError("the code's narrative is larger than a narrative file may be, or cut short")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ShareCodeError("the code's narrative is not UTF-8 text (damaged code)") from None
    narrative = parse_narrative(text, "the code's narrative")
    if narrative_hash(narrative) != digest:
        raise ShareCodeError("the code's narrative is not the one its log was made with (damaged code)")
    return text, narrative


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
