"""Read TOML input from disk with a size bound and one-line errors (the one place that parses TOML)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from catalog.errors import WarbenchError

MAX_INPUT_BYTES = 2 * 1024 * 1024
"""No catalogue or roster is near this; anything larger is refused before parsing."""


def read_toml_text(path: Path, error: type[WarbenchError], what: str) -> str:
    """The file's text, or `error` with one line saying why it cannot be read."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise error(f"{path}: no such {what} file") from None
    except OSError as exc:
        raise error(f"{path}: cannot read {what} file ({exc.strerror})") from None
    if path.is_dir():
        raise error(f"{path}: is a directory, not a {what} file")
    if size > MAX_INPUT_BYTES:
        raise error(f"{path}: {size // 1024} KB is too large for a {what} file (limit {MAX_INPUT_BYTES // 1024} KB)")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise error(f"{path}: cannot read {what} file ({exc.strerror})") from None
    if not data.strip():
        raise error(f"{path}: the {what} file is empty")
    if b"\x00" in data:
        raise error(f"{path}: not a text file (binary data)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (bad byte at offset {exc.start})") from None


def parse_toml(text: str, source: str, error: type[WarbenchError], what: str) -> dict:
    """Parse TOML text, or raise `error` naming the line and column of the mistake."""
    if len(text) > MAX_INPUT_BYTES:
        raise error(f"{source}: too large for a {what} (limit {MAX_INPUT_BYTES // 1024} KB)")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{source}: not valid TOML: {exc}") from None


def format_loc(loc: tuple) -> str:
    """A pydantic error location as a key path: ('units', 3, 'hardpoints') -> 'units[3].hardpoints'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in {"int", "str", "float", "bool", "none", "function-after", "function-before"} or "[" in str(part):
            continue  # union branch names say nothing to a user
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"


def pydantic_problems(exc) -> list[str]:
    """One 'key.path: what was expected' line per distinct location of a pydantic ValidationError."""
    seen: dict[str, str] = {}
    for err in exc.errors(include_url=False):
        where = format_loc(err["loc"])
        if where in seen:
            continue
        message = err["msg"]
        if err["type"] == "extra_forbidden":
            message = "unknown key"
        elif err["type"] == "missing":
            message = "required key is missing"
        elif "input" in err and err["type"] not in {"literal_error"}:
            got = err["input"]
            if isinstance(got, (str, int, float, bool)):
                message = f"{message}, got {got!r}"
        seen[where] = message
    return [f"{where}: {message}" for where, message in seen.items()]
