"""Catalogue content inside a code: a whole catalogue, or only the entries a roster uses, packed and read safely.

The content is the catalogue's data as compact JSON, deflated against a fixed dictionary of the words catalogue
files are made of (so even a few entries pack small). Unpacking is bounded: the packed size is checked before
inflating, inflating stops at a limit whatever the data claims, and the JSON may not nest deeper than a
catalogue file may.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from catalog.models.common import CatalogueHeader
from catalog.slug import slugify
from catalog.toml_input import MAX_INPUT_BYTES, MAX_NESTING
from exports.share.bits import BitReader, BitWriter
from exports.share.errors import ShareCodeError

DICTIONARY = (
    b'"illustrative":true,"notes":["","changes":[{"revision":,"note":"","source":"'
    b'"formats":[{"id":"standard","name":"Standard","max_units":,"max_heroes":,"max_mantlets":,"max_per_unit":,'
    b'"rack_min":,"rack_max":,"rack_min_per_type":},"factions":[{"id":"","summary":"","cyphers":[{"type":"fury",'
    b'"type":"geometric","type":"harmonic","type":"overdrive","cortexes":[{"bs_ids":["","bs_id":"",'
    b'"hardpoints":[{"id":"left-arm","name":"Left Arm","options":[{"weapon":"","cost":,"rules":["ranged","melee"'
    b'"stats":{"spd":,"str":,"mat":,"rat":,"foc":,"def":,"arm":},"dc":,"dc_modifier":,"health":,"weight":"heavy",'
    b'"weapon_points":,"joins":["","serves":[""],"unique":true,"limit":,"rng":,"pow":,"parts":["'
    b'"kind":"ranged","kind":"melee","rof":,"keywords":["","fa":,"points":,"grid":,"boxes":,"leader":true,'
    b'"type":"warjack","type":"squad","type":"solo","type":"hero","type":"vehicle","type":"attachment",'
    b'"parts":{"head":,"torso":,"upgrades":[{"skills":[{"level":,"cost":'
    b'"game":"warsurge","game":"warcaster","game":"warmachine","game":"mcwarrior",'
    b'"rules":{"unit_minimum":,"model_minimum":,"transport_depth":,"default_point_limit":,"cp_dice_per":},'
    b'"perks":[{"name":"","summary":"'
    b'"units":[{"id":"","name":"","faction":"","move":,"dash":,"defence":,"hp":,"armour":,"aegis":,'
    b'"transport":,"fire_points":true,"perks":[""],"points":,"min_models":,"max_models":,"weapons":["",""]},'
    b'"weapons":[{"id":"","name":"","armoury":"","range":,"attacks":,"power":,"ap":,"type":"heavy",'
    b'"type":"battle","type":"assault","deflect":,"ward":,"parry":,"perks":["'
)
"""Preset deflate dictionary: the keys and values catalogue files repeat. Never change it: codes in the wild were
packed against it (a new dictionary needs a new code format)."""
HEADER_ONLY = ("id", "revision", "source", "notes", "changes", "extends")
"""Keys a roster's profiles leave out: the code's header names the catalogue, the installed copy says its source
(and holds its entries itself: a catalogue that builds on another travels with that one's entries merged in)."""
MAX_PROFILE_BYTES = MAX_INPUT_BYTES
"""Largest catalogue data a code may unpack to (a catalogue file's own limit)."""


def catalogue_data(catalogue: CatalogueHeader) -> dict[str, Any]:
    """The catalogue as plain data, defaults left out (what a code carries and a catalogue file holds)."""
    data: dict[str, Any] = _without_none(catalogue.model_dump(mode="json", by_alias=True, exclude_defaults=True))
    return data


def _without_none(value: Any) -> Any:
    """The data without None values (a catalogue file has no null: the key is left out)."""
    if isinstance(value, dict):
        return {key: _without_none(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_without_none(item) for item in value if item is not None]
    return value


def _strings(value: Any, found: set[str]) -> set[str]:
    """Every string in a value, dict keys included."""
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            found.add(key)
            _strings(item, found)
    elif isinstance(value, list):
        for item in value:
            _strings(item, found)
    return found


def _is_table(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(row, dict) for row in value)


def used_entries(data: dict[str, Any], roster_data: dict[str, Any]) -> dict[str, Any]:
    """The catalogue data cut down to the entries the roster names, and everything those entries name in turn
    (weapons, rules, factions …); entries without an id (explained perks) stay when a kept entry names them."""
    tables = {key: rows for key, rows in data.items() if _is_table(rows)}
    named = _strings(roster_data, set())
    kept: dict[str, set[int]] = {key: set() for key in tables}
    grown = True
    while grown:
        grown = False
        for key, rows in tables.items():
            for index, row in enumerate(rows):
                if index in kept[key] or "id" not in row or row["id"] not in named:
                    continue
                kept[key].add(index)
                _strings(row, named)
                grown = True
    for key, rows in tables.items():
        for index, row in enumerate(rows):
            name = row.get("name")
            if "id" not in row and isinstance(name, str) and any(s == name or s.startswith(name + " ") for s in named):
                kept[key].add(index)
    cut = {key: value for key, value in data.items() if key not in tables and key not in HEADER_ONLY}
    for key, rows in tables.items():
        cut[key] = [row for index, row in enumerate(rows) if index in kept[key]]
    return cut


def _ids(value: Any, *, short: bool) -> Any:
    """Every entry whose id is the slug of its name with the id written as "" (short), or filled back in."""
    if isinstance(value, list):
        return [_ids(item, short=short) for item in value]
    if not isinstance(value, dict):
        return value
    out = {key: _ids(item, short=short) for key, item in value.items()}
    name = out.get("name")
    if isinstance(name, str) and isinstance(out.get("id"), str):
        if short and out["id"] == slugify(name):
            out["id"] = ""
        elif not short and out["id"] == "":
            out["id"] = slugify(name)
    return out


def pack(data: dict[str, Any]) -> bytes:
    """Compact JSON (ids that are the slug of the name left empty), deflated against DICTIONARY (raw deflate: no
    header, no second checksum)."""
    text = json.dumps(_ids(data, short=True), separators=(",", ":"), ensure_ascii=False, sort_keys=False).encode(
        "utf-8"
    )
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, zdict=DICTIONARY)
    return packer.compress(text) + packer.flush()


def unpack(blob: bytes, limit: int = MAX_PROFILE_BYTES) -> dict[str, Any]:
    """The data packed in `blob`: inflated to at most `limit` bytes, whole, one JSON object, nested no deeper
    than a catalogue file may be; anything else is a ShareCodeError."""
    unpacker = zlib.decompressobj(-15, zdict=DICTIONARY)
    try:
        text = unpacker.decompress(blob, limit)
    except zlib.error:
        raise ShareCodeError("the code's catalogue data is damaged (it does not inflate)") from None
    if unpacker.unconsumed_tail:
        raise ShareCodeError(f"the code's catalogue data unpacks to over {limit // 1024} KB; refused")
    if not unpacker.eof or unpacker.unused_data:
        raise ShareCodeError("the code's catalogue data is damaged (it ends too soon or has bytes after its end)")
    try:
        data = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ShareCodeError("the code's catalogue data is damaged (not JSON text)") from None
    if not isinstance(data, dict):
        raise ShareCodeError("the code's catalogue data is damaged (not a catalogue)")
    if _depth(data) > MAX_NESTING:
        raise ShareCodeError(f"the code's catalogue data nests more than {MAX_NESTING} levels deep; refused")
    restored: dict[str, Any] = _ids(data, short=False)
    return restored


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in parsed JSON (walked without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            stack += [(child, depth + 1) for child in (item.values() if isinstance(item, dict) else item)]
    return deepest


def write_blob(writer: BitWriter, blob: bytes) -> None:
    """Length in bytes, then the bytes."""
    writer.number(len(blob), "catalogue data")
    writer.bits(int.from_bytes(blob, "big"), 8 * len(blob))


def read_blob(reader: BitReader) -> bytes:
    size = reader.number("catalogue data")
    if 8 * size > reader.remaining:
        raise ShareCodeError("the share code's catalogue data is longer than the code itself (damaged code)")
    return reader.bits(8 * size).to_bytes(size, "big")
