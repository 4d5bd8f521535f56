"""Writing TOML into the file it replaces so that what did not change keeps its comments and layout (tomlkit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w

from catalog.errors import WarbenchError
from catalog.overlay import entry_key
from catalog.toml_input import MAX_INPUT_BYTES, read_bounded

Data = dict[str, Any]


class NothingToKeep(WarbenchError):
    """The file a save replaces is not there or cannot be read: there are no comments to keep."""


def with_comments(target: Path, data: Data, renamed_from: dict[str, str]) -> str:
    """`data` as TOML laid into the file it replaces, so that the comments and layout of unchanged parts stay
    (`renamed_from`: new id → old id, so a renamed entry keeps its place and layout)."""
    try:  # read as every input is (a served builder refuses a file outside its folders before reading it)
        old_text = read_bounded(target, MAX_INPUT_BYTES, NothingToKeep, "catalogue").decode("utf-8")
    except (NothingToKeep, UnicodeDecodeError):  # no file, or none worth keeping the layout of
        return tomli_w.dumps(data)
    import tomlkit

    try:
        document = tomlkit.parse(old_text)
    except Exception:  # tomlkit's own errors: the old file was not TOML, so there are no comments to keep
        return tomli_w.dumps(data)
    _update(document, data, renamed_from)
    return tomlkit.dumps(document)


def _update(table: Any, data: Data, renamed_from: dict[str, str]) -> None:
    """Make a tomlkit table equal to `data`, touching only what differs."""
    import tomlkit

    for key in [k for k in table if k not in data]:
        del table[key]
    for key, value in data.items():
        old = table.get(key)
        if old is not None and _unwrap(old) == value:
            continue
        if isinstance(value, dict) and isinstance(old, dict):
            _update(old, value, renamed_from)
        elif (
            isinstance(value, list)
            and value
            and all(isinstance(v, dict) for v in value)
            and isinstance(old, tomlkit.items.AoT)
        ):
            _update_entries(old, value, renamed_from)
        else:
            table[key] = value


def _update_entries(array: Any, entries: list[Data], renamed_from: dict[str, str]) -> None:
    """An array of tables made equal to `entries`, in order: each kept table (found by its entry's key, the old
    id of a renamed entry, or for entries without a key by position) is updated where it stands."""
    import tomlkit

    for i, entry in enumerate(entries):
        key = entry_key(entry)
        wanted = {key, renamed_from.get(str(key))} - {None}
        found = next((j for j in range(i, len(array)) if entry_key(_unwrap(array[j])) in wanted), None)
        if found is None and key is None and i < len(array) and entry_key(_unwrap(array[i])) is None:
            found = i
        if found is None:
            array.insert(i, tomlkit.table())
        elif found != i:
            array.insert(i, array.pop(found))
        _update(array[i], entry, renamed_from)
        if found is None:
            array[i].add(tomlkit.nl())
            if i == len(array) - 1 and i > 0:
                _move_trailing_lines(array[i - 1], array[i])
    while len(array) > len(entries):
        array.pop()


def _move_trailing_lines(previous: Any, new: Any) -> None:
    """Comments and blank lines at the end of a table introduce what follows it in the file: a table appended
    after it takes them over, so that the next section's heading stays above that section."""
    import tomlkit

    body = previous.value.body
    cut = len(body)
    while cut > 0 and body[cut - 1][0] is None:
        cut -= 1
    if cut < len(body) and isinstance(body[cut][1], tomlkit.items.Whitespace):
        cut += 1  # the blank line that ends the table stays with it
    if cut < len(body):
        new.value.body.extend(body[cut:])
        del body[cut:]


def _unwrap(value: Any) -> Any:
    return value.unwrap() if hasattr(value, "unwrap") else value
