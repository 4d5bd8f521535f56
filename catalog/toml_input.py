"""Read TOML input from disk with a size bound and one-line errors (the one place that parses TOML)."""

from __future__ import annotations

import os
import re
import stat
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from catalog.access import admit, refusal, shared_roots
from catalog.errors import WarbenchError
from catalog.file_kinds import not_toml
from catalog.slug import SLUG_PATTERN, slugify
from catalog.wording import escaped, hidden_character, shown, visible

if TYPE_CHECKING:
    from pydantic import ValidationError

MAX_INPUT_BYTES = 2 * 1024 * 1024
"""No catalogue or roster is near this; anything larger is refused before parsing."""
MAX_NESTING = 20
"""Tables and arrays nested deeper than this are refused before parsing (no Warbench file nests past 4)."""
MAX_DIGITS = 30
"""Whole numbers longer than this are refused, located, once parsed: no Warbench file needs one."""
LONG_NUMBER = 10**MAX_DIGITS
RUN_OF_DIGITS = re.compile(r"\d[\d_]{4100}")
"""A run of digits longer than any note is refused before parsing, wherever it is (Python's int parsing slows with length);
a shorter run in a string or a comment is text like any other."""


def read_bounded(path: Path, limit: int, error: type[WarbenchError], what: str) -> bytes:
    """A regular file's bytes, at most `limit` of them (counted while reading, not trusted from its size): a FIFO
    (never opened: that would wait for a writer), a device, a directory or a larger file is `error`, one line; a
    file a served builder may not read is OutsideSharedFolders."""
    admit(path)
    try:
        _regular(path.stat().st_mode, path, error, what)
        # Opened without waiting (a FIFO swapped in after the check above opens at once) and checked again as opened.
        fd = os.open(
            path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
        )
        with os.fdopen(fd, "rb") as handle:
            _regular(os.fstat(handle.fileno()).st_mode, path, error, what)
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise error(f"{path}: no such {what} file") from None
    except OSError as exc:
        raise error(f"{path}: cannot read {what} file ({exc.strerror})") from None
    if len(data) > limit:
        raise error(f"{path}: too large for a {what} file (limit {limit // 1024} KB)")
    return data


def _regular(mode: int, path: Path, error: type[WarbenchError], what: str) -> None:
    """`error` unless `mode` is a regular file's."""
    if stat.S_ISDIR(mode):
        raise error(f"{path}: is a directory, not a {what} file")
    if not stat.S_ISREG(mode):
        raise error(f"{path}: not a regular file, so not read as a {what} file")


def read_toml_text(path: Path, error: type[WarbenchError], what: str) -> str:
    """The file's text, or `error` with one line saying why it cannot be read."""
    data = read_bounded(path, MAX_INPUT_BYTES, error, what)
    if not data.strip():
        raise error(f"{path}: the {what} file is empty")
    if other := not_toml(data):
        raise error(f"{path}: not a {what} file: {other}")
    if b"\x00" in data:
        raise error(f"{path}: not a text file (binary data)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (bad byte at offset {exc.start})") from None


HEADER_BYTES = 64 * 1024
"""How much of a file `header_keys` reads: a file's header keys come first."""


def header_keys(path: Path) -> dict[str, Any] | None:
    """The keys before a TOML file's first table, read from its start only; None for anything but a regular,
    readable UTF-8 TOML file (a FIFO or a device is never opened), or one a served builder may not read."""
    if refusal(path, shared_roots(), writing=False):
        return None
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return None
        with path.open("rb") as handle:
            text = handle.read(HEADER_BYTES).decode("utf-8", errors="strict")
    except (OSError, UnicodeDecodeError):
        return None
    lines = []
    for line in text.splitlines(keepends=True):
        if line.lstrip().startswith("["):
            break
        lines.append(line)
    try:
        return tomllib.loads("".join(lines))
    except tomllib.TOMLDecodeError:
        return None


BRACKETS_AND_QUOTES = re.compile("[\\[\\]{}\"']")


def _nesting(text: str) -> int:
    """The deepest run of open brackets and braces outside strings (an upper bound of TOML's nesting)."""
    depth = deepest = 0
    quote = ""
    for char in BRACKETS_AND_QUOTES.findall(text):
        if quote:
            if char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth = max(depth - 1, 0)
    return deepest


def parse_toml(text: str, source: str, error: type[WarbenchError], what: str) -> dict[str, Any]:
    """Parse TOML text, or raise `error` naming the line and column of the mistake."""
    if len(text) > MAX_INPUT_BYTES:
        raise error(f"{source}: too large for a {what} (limit {MAX_INPUT_BYTES // 1024} KB)")
    if _nesting(text) > MAX_NESTING:
        raise error(f"{source}: nested more than {MAX_NESTING} levels deep, which no {what} needs")
    if RUN_OF_DIGITS.search(text):
        raise error(f"{source}: a number of more than {MAX_DIGITS} digits, which no {what} needs")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{source}: not valid TOML: {exc}") from None
    except ValueError:  # Python's own limit on an int's digits, reached by one written with underscores
        raise error(f"{source}: a number of more than {MAX_DIGITS} digits, which no {what} needs") from None
    if where := long_number(data):
        raise error(f"{source}: {where}: a number of more than {MAX_DIGITS} digits, which no {what} needs")
    return data


def long_number(data: object, where: str = "") -> str | None:
    """The key path of the first whole number of more than MAX_DIGITS digits in parsed data, or None (a path is
    built only for data that holds one: most data is asked and holds none)."""
    if not _holds_long_number(data):
        return None
    if isinstance(data, dict):
        return next((w for key, value in data.items() if (w := long_number(value, _at(where, key)))), None)
    if isinstance(data, list):
        return next((w for i, value in enumerate(data) if (w := long_number(value, f"{where}[{i}]"))), None)
    if isinstance(data, int) and not isinstance(data, bool) and abs(data) >= LONG_NUMBER:
        return where or "(top level)"
    return None


def _holds_long_number(data: object) -> bool:
    if isinstance(data, dict):
        data = data.values()
    elif not isinstance(data, list):
        return isinstance(data, int) and abs(data) >= LONG_NUMBER  # True and False are far below it
    return any(map(_holds_long_number, data))


MAX_KEY_SHOWN = 80
"""The most characters of a key a key path says (the longest id); a longer key from a file is cut to them."""


def format_loc(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location as a key path: ('units', 3, 'hardpoints') -> 'units[3].hardpoints'; a key from the
    file holding a control character or a line break is shown escaped, so the path stays on its line, and a key
    longer than `MAX_KEY_SHOWN` by its prefix and size, so a 100,000-character key makes a short line."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in {"int", "str", "float", "bool", "none", "function-after", "function-before"} or "[" in str(part):
            continue  # union branch names say nothing to a user
        else:
            key = shown(str(part), MAX_KEY_SHOWN, quoted=False)
            out += f".{key}" if out else key
    return out or "(top level)"


def pydantic_problems(exc: ValidationError) -> list[str]:
    """One 'key.path: what was expected' line per distinct location of a pydantic ValidationError."""
    seen: dict[str, str] = {}
    for err in exc.errors(include_url=False):
        where = format_loc(err["loc"])
        if where in seen:
            continue
        message = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            message = "unknown key"
        elif err["type"] == "missing":
            message = "required key is missing"
        elif err["type"] == "string_pattern_mismatch" and err.get("ctx", {}).get("pattern") == SLUG_PATTERN:
            message = slug_problem(err["loc"], err.get("input"))
        elif bounded := within_bounds(err):
            message = bounded
        elif "input" in err and err["type"] not in {"literal_error"}:
            got = err["input"]
            if isinstance(got, (str, int, float, bool)):
                message = f"{message}, got {shown(got)}"
        seen[where] = message
    return [f"{where}: {message}" for where, message in seen.items()]


BOUND_WORDS = {"less_than_equal": ("le", "at most"), "greater_than_equal": ("ge", "at least")}
"""pydantic's range errors, said as a player says them: the bound's key and its words."""


def within_bounds(err: Any) -> str | None:
    """A pydantic error of a text too long or a number out of range in a player's words ("at most 80 characters, not
    5,000", "at most 10,000, not 99999999999999999999"); None for any other error."""
    ctx, got = err.get("ctx") or {}, err.get("input")
    if err["type"] == "string_too_long" and isinstance(got, str):
        return f"at most {ctx['max_length']:,} characters, not {len(got):,}"
    if err["type"] in BOUND_WORDS and isinstance(got, int) and not isinstance(got, bool):
        key, words = BOUND_WORDS[err["type"]]
        bound = ctx[key]
        bound = int(bound) if isinstance(bound, float) and bound.is_integer() else bound  # a float field's "at least 0"
        return f"{words} {bound:,}, not {shown(str(got), quoted=False)}"
    return None


def slug_problem(loc: tuple[int | str, ...], got: object) -> str:
    """What is wrong with a value that should be an id ("faction is required", "faction must be an id like
    'iron-star-alliance' …"), the key named and the id its text would make suggested."""
    key = next((part for part in reversed(loc) if isinstance(part, str)), "id")
    if not isinstance(got, str) or not got.strip():
        return f"{key} is required"
    like = slugify(got) or "iron-star-alliance"
    return f"{key} must be {'' if key == 'id' else 'an id '}like {shown(like)} (lowercase letters, digits and dashes), got {shown(got)}"


def long_strings(data: object, limit: int, where: str = "", what: str = "catalogue text") -> list[str]:
    """Every string in parsed data longer than `limit`, located by key path (what names it says it is too long)."""
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in long_strings(value, limit, _at(where, key), what)]
    if isinstance(data, list):
        return [p for i, value in enumerate(data) for p in long_strings(value, limit, f"{where}[{i}]", what)]
    if isinstance(data, str) and len(data) > limit:
        return [f"{where}: {len(data):,} characters, more than any {what} holds (at most {limit:,})"]
    return []


def _at(where: str, key: str) -> str:
    return f"{where}.{visible(key)}" if where else visible(key)


ONE_LINE_KEYS = frozenset({"name", "id", "extends", "game", "faction"})
"""Keys whose text is always one line (a name heads a line of `export text` and `validate`): no line break or tab
either, wherever in a file they are."""


def control_characters(data: object, where: str = "", allowed: str = "\n\t", what: str = "catalogue text") -> list[str]:
    """Every key or string in parsed data holding a control or bidi character (other than those `allowed`, and none
    at all under a key of ONE_LINE_KEYS), located by key path: text from a player's file is shown in terminals, so
    none may drive one or break a line."""
    if not where:  # the whole data asked: most holds nothing, found in two searches without building a key path
        strict: list[str] = []
        loose: list[str] = []
        _texts(data, strict, loose, not allowed)
        if hidden_character(" ".join(strict)) is None and hidden_character(" ".join(loose), allowed) is None:
            return []
    if isinstance(data, dict):
        found: list[str] = []
        for key, value in data.items():
            at = f"{where}.{visible(key)}" if where else visible(key)
            if (char := hidden_character(key)) is not None:
                found.append(f"{at}: the key holds the control character {escaped(char)}, which no {what} needs")
            found += control_characters(value, at, "" if key in ONE_LINE_KEYS else allowed, what)
        return found
    if isinstance(data, list):
        return [p for i, value in enumerate(data) for p in control_characters(value, f"{where}[{i}]", allowed, what)]
    if isinstance(data, str) and (char := hidden_character(data, allowed)) is not None:
        return [f"{where}: holds the control character {escaped(char)}, which no {what} needs"]
    return []


def _texts(data: object, strict: list[str], loose: list[str], one_line: bool) -> None:
    """Every key of parsed data and every string under a key of ONE_LINE_KEYS into `strict`, the other strings into
    `loose` (which may hold the characters `control_characters` allows)."""
    if isinstance(data, dict):
        for key, value in data.items():
            strict.append(key)
            _texts(value, strict, loose, one_line or key in ONE_LINE_KEYS)
    elif isinstance(data, list):
        for value in data:
            _texts(value, strict, loose, one_line)
    elif isinstance(data, str):
        (strict if one_line else loose).append(data)
