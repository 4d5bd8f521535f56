"""A mark's keys no column of the battle code holds (a game's own, `Game.mark_model`): written after its columns in
a `KEYS_KIND` code as their JSON text, read back bounded; the battle file's model then checks what they hold."""

from __future__ import annotations

import json
from typing import Any

from exports.share.bits import BitReader, BitWriter
from exports.share.errors import ShareCodeError

MAX_KEYS_BYTES = 2_000
"""The most bytes of JSON one mark's own keys take in a code."""


def write_keys(writer: BitWriter, keys: dict[str, Any]) -> None:
    """The keys as compact JSON, its length first (0: none); one that JSON cannot hold is refused."""
    try:
        text = json.dumps(keys, separators=(",", ":"), sort_keys=True).encode() if keys else b""
    except (TypeError, ValueError):
        raise ShareCodeError(f"a battle's code cannot hold a mark's {', '.join(sorted(keys))}") from None
    writer.count(len(text), MAX_KEYS_BYTES, "bytes of a mark's own keys")
    for byte in text:
        writer.bits(byte, 8)


def read_keys(reader: BitReader, columns: dict[str, Any]) -> dict[str, Any]:
    """What `write_keys` wrote: an object of keys the mark's columns do not have, else a ShareCodeError."""
    size = reader.count(MAX_KEYS_BYTES, "bytes of a mark's own keys")
    if 8 * size > reader.remaining:
        raise ShareCodeError("the battle's code ends inside a mark's own keys (damaged code)")
    data = bytes(reader.bits(8) for _ in range(size))
    try:
        found = json.loads(data.decode()) if data else {}
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: arrays nested a thousand deep
        raise ShareCodeError("the battle's code has a mark whose own keys are unreadable (damaged code)") from None
    if not isinstance(found, dict):
        raise ShareCodeError("the battle's code has a mark whose own keys are not keys and values (damaged code)")
    if "index" in found or any(key in columns for key in found):
        raise ShareCodeError("the battle's code has a mark whose own keys repeat its columns (damaged code)")
    return found
