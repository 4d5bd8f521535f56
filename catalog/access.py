"""The one place that decides which files Warbench may read and write: any in a terminal; in a served builder
(`warbench serve`) only those inside the folders it shares, however the path came (typed, or named in a file).
Every read asked about here is also noted, so that a command knows every file it read and never writes over one."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from catalog.errors import WarbenchError
from catalog.paths import BUNDLED_DIR, SHIPPED_DIRS

ROOTS_VARIABLE = "WARBENCH_SERVE_ROOTS"
"""Set for the builder a browser drives: the only folders (os.pathsep-separated) it may read or write files in."""

_reads: ContextVar[list[Path] | None] = ContextVar("warbench_reads", default=None)


class OutsideSharedFolders(WarbenchError):
    """A served builder was asked for a file outside the folders it shares (typed, or named inside a file)."""


class ShippedFile(WarbenchError):
    """A write was asked into the files that ship with Warbench (its bundled catalogues and examples)."""


def shipped(path: Path | str) -> str | None:
    """Why Warbench will not write `path` (one of the files it ships with, which stay as shipped), or None."""
    try:
        resolved = Path(path).expanduser().resolve()
    except (OSError, ValueError, RuntimeError):
        return None
    if any(resolved.is_relative_to(folder) for folder in SHIPPED_DIRS):
        return (
            f"{Path(path).name}: is in Warbench's own folder of bundled catalogues and examples, which stay as "
            "shipped; write to another folder"
        )
    return None


def shared_roots() -> tuple[Path, ...] | None:
    """The folders a served builder may use (symbolic links resolved), or None in a terminal (no limit)."""
    value = os.environ.get(ROOTS_VARIABLE)
    return None if value is None else _roots(value)


@lru_cache(maxsize=4)
def _roots(value: str) -> tuple[Path, ...]:
    return tuple(Path(part).resolve() for part in value.split(os.pathsep) if part)


def refusal(path: Path | str, roots: tuple[Path, ...] | None, *, writing: bool = True) -> str | None:
    """Why `path` may not be used (it resolves, symbolic links followed, outside every one of `roots`), or None.
    Reading may also reach Warbench's bundled catalogues, which belong to the program, not to anyone's files."""
    if roots is None:
        return None
    try:
        resolved = Path(path).expanduser().resolve()
    except (OSError, ValueError, RuntimeError):
        return f"{str(path)!r}: not a usable file path"
    allowed = roots if writing else (*roots, BUNDLED_DIR.resolve())
    if any(resolved == root or root in resolved.parents for root in allowed):
        return None
    return f"{path}: outside the folders this server shares ({', '.join(str(r) for r in roots)})"


def admit(path: Path | str, *, writing: bool = False) -> Path:
    """`path`, if this process may read it (or write it); else OutsideSharedFolders, or ShippedFile for a write
    into Warbench's own files, with the reason. A read is noted for `reads_recorded`."""
    if reason := refusal(path, shared_roots(), writing=writing):
        raise OutsideSharedFolders(reason)
    if writing and (reason := shipped(path)):
        raise ShippedFile(reason)
    if not writing and (noted := _reads.get()) is not None and Path(path) not in noted:
        noted.append(Path(path))
    return Path(path)


@contextmanager
def reads_recorded() -> Iterator[list[Path]]:
    """Every file read inside the block (the files named inside other files too), each once, in the order read."""
    noted: list[Path] = []
    token = _reads.set(noted)
    try:
        yield noted
    finally:
        _reads.reset(token)
