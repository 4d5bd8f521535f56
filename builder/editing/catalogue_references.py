"""Which entries of a catalogue name which: the ids it holds, who uses an entry, and a renamed id followed."""

from __future__ import annotations

from typing import Any

from catalog.overlay import Data, entry_key


def ids_in(data: Data) -> set[str]:
    """Every entry id in the catalogue's own data."""
    return {
        str(e["id"])
        for value in data.values()
        if isinstance(value, list)
        for e in value
        if isinstance(e, dict) and "id" in e
    }


def mentions(value: Any, key: str, top: bool = False) -> bool:
    """Whether an entry's values name `key` (its own id and name aside)."""
    if isinstance(value, dict):
        return any(
            mentions(v, key) or (not top and k == key) for k, v in value.items() if not (top and k in ("id", "name"))
        )
    if isinstance(value, list):
        return any(mentions(v, key) for v in value)
    return isinstance(value, str) and value == key


def replace_references(value: Any, old: str, new: str, skip: Any) -> Any:
    """Every mention of `old` (a value, or a table key) in the catalogue's entries becomes `new`."""
    if value is skip:
        return value
    if isinstance(value, dict):
        for k in list(value):
            if k in ("id", "name", "changes"):
                continue
            value[k] = replace_references(value[k], old, new, skip)
            if k == old:
                value[new] = value.pop(old)
        return value
    if isinstance(value, list):
        return [replace_references(v, old, new, skip) for v in value]
    return new if value == old else value


def users_of(data: Data, kinds: list[str], key: str, skip: tuple[str, int]) -> list[str]:
    """Names of the entries of `kinds` (all but the one at `skip`) that refer to `key`."""
    return [
        str(entry.get("name", entry_key(entry)))
        for kind in kinds
        for i, entry in enumerate(data.get(kind, []))
        if (kind, i) != skip and mentions(entry, key, top=True)
    ]


def refusal_to_remove(data: Data, kinds: list[str], kind: str, index: int) -> str | None:
    """Why the entry at `kind`[`index`] cannot be removed (another entry uses it), or None."""
    gone = data[kind][index]
    users = users_of(data, kinds, str(entry_key(gone)), skip=(kind, index))
    if not users:
        return None
    more = " and more" if len(users) > 5 else ""
    return f"{gone.get('name', entry_key(gone))} is used by {', '.join(users[:5])}{more}: change those first"
