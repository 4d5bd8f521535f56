"""Write roster data as readable TOML: header keys first, loadouts as inline tables, units as [[tables]]."""

from __future__ import annotations

from typing import Any

import tomli_w


def _scalar(value: object) -> str:
    """One TOML value (string, number, bool, list of scalars, inline table)."""
    if isinstance(value, dict):
        inner = ", ".join(f"{_key(k)} = {_scalar(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    if isinstance(value, float) and value.is_integer():
        return tomli_w.dumps({"v": value}).split(" = ", 1)[1].strip()
    return tomli_w.dumps({"v": value}).split(" = ", 1)[1].strip()


def _key(key: str) -> str:
    return tomli_w.dumps({key: 0}).split(" = ", 1)[0]


def _is_table_list(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def dumps(data: dict[str, Any], *, table_prefix: str = "") -> str:
    """TOML text for a roster dict: scalars and inline tables first, then sub-tables, then [[arrays]]."""
    lines: list[str] = []
    tables: list[tuple[str, dict[str, Any]]] = []
    arrays: list[tuple[str, list[dict[str, Any]]]] = []
    for key, value in data.items():
        if value is None:
            continue
        if _is_table_list(value):
            arrays.append((key, value))
        elif isinstance(value, dict) and any(isinstance(v, (dict, list)) and _is_table_list(v) for v in value.values()):
            tables.append((key, value))
        else:
            lines.append(f"{_key(key)} = {_scalar(value)}")
    out = "\n".join(lines)
    for key, value in tables:
        name = f"{table_prefix}{_key(key)}"
        out += f"\n\n[{name}]\n" + dumps(value, table_prefix=name + ".")
    for key, items in arrays:
        name = f"{table_prefix}{_key(key)}"
        for item in items:
            out += f"\n\n[[{name}]]\n" + dumps(item, table_prefix=name + ".")
    return out.strip("\n") + ("\n" if not table_prefix else "")
