"""A catalogue entry's values as the editor reads and writes them: by dotted key, checked for what the loader
refuses, blank where a new entry needs one, and the entry rows the editor lists."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import tomli_w

from builder.editing.catalogue_form import FieldSpec
from catalog.errors import WarbenchError
from catalog.overlay import Data
from catalog.toml_input import control_characters


class CatalogueEditError(WarbenchError):
    """An edit the catalogue editor refuses, with the reason (an id in use, a name that makes no id)."""


@dataclass(frozen=True)
class EntryRow:
    """An entry as the editor lists it."""

    index: int
    key: str
    name: str
    inherited: bool = False
    """From the catalogue this one builds on (shown, not editable here)."""


def refuse_hidden(key: str, value: Any) -> None:
    """CatalogueEditError when a typed or pasted value holds what the loader refuses (a control character, a line
    break in a name): a paste from anywhere never reaches the terminal through the entry list."""
    if problems := control_characters({key: value}):
        raise CatalogueEditError(problems[0])


def value_at(entry: Data, key: str) -> Any:
    """The value at a dotted key (`stats.spd`, a row's `weapons.0.pow`), or None."""
    value: Any = entry
    for name in key.split("."):
        if isinstance(value, list) and name.isdigit():
            value = value[int(name)] if int(name) < len(value) else None
        else:
            value = value.get(name) if isinstance(value, dict) else None
    return value


def toml_text(data: Data) -> str:
    """The catalogue's data as the TOML its file holds (before the comments are put back)."""
    return tomli_w.dumps(data)


def blank(spec: FieldSpec) -> Any:
    """A placeholder for a required field of a new entry, for the player to fill in: the smallest number the
    format allows, the first choice, nothing."""
    blanks = {"int": int(spec.minimum), "float": int(spec.minimum), "bool": False, "ids": [], "list": [], "text": ""}
    return (blanks | {"tables": []}).get(spec.shape, spec.choices[0] if spec.choices else "")


def fresh_id(wanted: str, entries: list[Any]) -> str:
    """`wanted` (or "entry"), made unique among the ids of `entries` by a number: "guard", "guard-2", "guard-3"."""
    taken = {str(e.get("id")) for e in entries if isinstance(e, dict)}
    base = wanted or "entry"
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def entry_rows(own: list[Any], base: list[Any], keyed_by: str, text: str = "") -> list[EntryRow]:
    """A kind's entries as the editor lists them, this catalogue's then its base's (inherited), those whose key or
    name contains `text`."""
    needle = text.casefold().strip()
    rows = [EntryRow(i, str(e.get(keyed_by, "")), str(e.get("name", e.get(keyed_by, "")))) for i, e in enumerate(own)]
    mine = {row.key for row in rows}
    rows += [
        EntryRow(-1, str(e.get(keyed_by, "")), str(e.get("name", "")), True)
        for e in base
        if isinstance(e, dict) and str(e.get(keyed_by)) not in mine
    ]
    return [r for r in rows if not needle or needle in r.key.casefold() or needle in r.name.casefold()]
