"""A catalogue that builds on another (`extends = "warcaster-nm"`): the base's entries with the player's own on top."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from catalog.errors import CatalogueError

MAX_DEPTH = 4
"""How many catalogues one may stack (a base that extends another, and so on)."""
OWN_KEYS = ("id", "name", "revision", "source", "notes", "illustrative", "changes", "extends")
"""Header keys that always belong to the extending catalogue, never taken from its base."""

Data = dict[str, Any]


def entry_key(entry: object) -> object:
    """What identifies an entry of a list: its `id`, else its `name` (Warsurge perk explanations)."""
    if isinstance(entry, dict):
        return entry.get("id", entry.get("name"))
    return None


def merge_onto(base: Data, own: Data) -> Data:
    """`own` laid over `base`: an entry with an id the base has replaces that entry where it stands, a new id
    is added after the base's; tables merge key by key; any other value of `own` replaces the base's."""
    merged: Data = {key: value for key, value in base.items() if key not in OWN_KEYS}
    for key, value in own.items():
        old = merged.get(key)
        if isinstance(value, list) and isinstance(old, list) and _entries(value) and _entries(old):
            merged[key] = _merge_entries(old, value)
        elif isinstance(value, dict) and isinstance(old, dict) and key not in OWN_KEYS:
            merged[key] = {**old, **value}
        else:
            merged[key] = value
    return merged


def _entries(items: list[Any]) -> bool:
    return all(isinstance(item, dict) and entry_key(item) is not None for item in items)


def _merge_entries(base: list[Data], own: list[Data]) -> list[Data]:
    replacing = {entry_key(entry): entry for entry in own}
    merged = [replacing.pop(entry_key(entry), entry) for entry in base]
    return merged + [entry for entry in own if entry_key(entry) in replacing]


def resolve_extends(data: Data, source: str, load_base: Callable[[str], Data], depth: int = 0) -> Data:
    """The catalogue `data` describes, its base (found by `load_base(ref)`, which returns the base's own
    resolved data) merged under it; a catalogue without `extends` is returned as it is."""
    ref = data.get("extends")
    if ref is None:
        return data
    if not isinstance(ref, str) or not ref.strip():
        raise CatalogueError(f"{source}: extends: expected the id or path of the catalogue this one builds on")
    if depth >= MAX_DEPTH:
        raise CatalogueError(f"{source}: extends: catalogues stacked more than {MAX_DEPTH} deep (a loop?)")
    base = load_base(ref)
    if data.get("game") != base.get("game"):
        raise CatalogueError(
            f"{source}: game: {data.get('game')!r} cannot build on {ref!r}, a {base.get('game')!r} catalogue"
        )
    merged = merge_onto(base, data)
    merged["extends"] = f"{ref}@{base.get('revision')}"
    return merged


ENTRY_PATH = re.compile(r"^(?P<kind>[a-z_]+)\[(?P<index>\d+)\]")
"""A key path that begins in an entry of a list ("units[13].move")."""


def own_index(kind: str, index: int, own: Data, merged: Data) -> int | None:
    """Where entry `index` of the merged catalogue's `kind` stands in the catalogue's own entries (found by its key:
    the merged list holds the base's first); None for an entry only the base holds."""
    own_list, merged_list = own.get(kind), merged.get(kind)
    if (
        own_list is merged_list and own_list is not None
    ):  # not a list of entries: the catalogue's own replaced the base's whole
        return index
    if not isinstance(own_list, list) or not isinstance(merged_list, list) or index >= len(merged_list):
        return None
    key = entry_key(merged_list[index])
    return next((n for n, entry in enumerate(own_list) if key is not None and entry_key(entry) == key), None)


def own_place(where: str, own: Data, merged: Data) -> tuple[str, str]:
    """A key path into a catalogue merged over its base ("units[13].move") in the catalogue's own terms
    ("units[0].move") with the name of the entry it lies in ("Giant"); an entry only the base holds keeps its path,
    its name saying whose it is ("Catapult, of warsurge-examples"); a path in no entry is as it was, with no name."""
    found = ENTRY_PATH.match(where)
    merged_list = merged.get(found["kind"]) if found else None
    if found is None or not isinstance(merged_list, list) or int(found["index"]) >= len(merged_list):
        return where, ""
    kind, index = found["kind"], int(found["index"])
    entry = merged_list[index]
    name = str(entry.get("name") or entry_key(entry) or "") if isinstance(entry, dict) else ""
    mine = own_index(kind, index, own, merged)
    if mine is None:
        return where, f"{name}, of {own.get('extends')}" if name else f"of {own.get('extends')}"
    return f"{kind}[{mine}]{where[found.end() :]}", name


def in_own_terms(problem: str, own: Data, merged: Data) -> str:
    """A problem found in the merged catalogue ("units[13].move: …") said in the catalogue's own terms
    ("units[0].move (Giant): …"), as `own_place` places it."""
    where, sep, message = problem.partition(": ")
    if not sep or " " in where:
        return problem
    path, name = own_place(where, own, merged)
    return f"{path} ({name}): {message}" if name else f"{path}: {message}"
