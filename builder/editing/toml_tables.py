"""A list of tables (a Warmachine entry's weapons or hardpoints) as TOML lines, one key a line under a `[[key]]`
header per table: a field too big to type as one line of inline TOML."""

from __future__ import annotations

from typing import Any

from builder.editing.catalogue_form import BARE_KEY, FieldSpec, FieldValueError, inline_toml
from catalog.toml_input import parse_toml
from catalog.wording import shown


def is_table_list(value: Any) -> bool:
    """Whether a field's value is a list of tables (what the lines below write)."""
    return isinstance(value, list) and all(isinstance(item, dict) for item in value)


def table_lines(key: str, value: list[dict[str, Any]]) -> str:
    """The tables as TOML lines: a `[[key]]` header each, then its keys (a nested list stays inline)."""
    name = key if BARE_KEY.match(key) else inline_toml(key)
    blocks = []
    for table in value:
        lines = [f"[[{name}]]"]
        lines += [f"{k if BARE_KEY.match(k) else inline_toml(k)} = {inline_toml(v)}" for k, v in table.items()]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def parse_table_lines(spec: FieldSpec, text: str) -> list[dict[str, Any]]:
    """The tables the lines hold (none when they are empty); FieldValueError naming the line of a mistake."""
    data = parse_toml(text, spec.key, FieldValueError, "catalogue")  # as the loader reads it: no 5,000-digit number
    other = [k for k in data if k != spec.key]
    if other:
        raise FieldValueError(f"{spec.key}: each table starts with [[{spec.key}]] (found {shown(other[0])})")
    found = data.get(spec.key, [])
    if not is_table_list(found):
        raise FieldValueError(f"{spec.key}: tables under [[{spec.key}]] headers")
    return [dict(table) for table in found]
