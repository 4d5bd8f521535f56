"""Save as for a league or campaign: where each army it names goes, so that the new file opens on its own.

An army that ships with Warbench (beside a bundled example, or `../` from it) is copied next to the new file, under
the same relative name when it sat in the ledger's folder or below, else under its file name; the ledger's path to it
is rewritten to the copy. A player's own army stays where it is (a copy would be a second army to keep up to date):
its path is rewritten to reach the same file from the new folder, as a roster saved elsewhere keeps its catalogue.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from builder.roster.files import catalogue_ref_from, read_roster, roster_text
from catalog.access import shipped


@dataclass(frozen=True)
class Moved:
    """The ledger's roster paths as the new file names them, and the army copies to write with it."""

    paths: dict[str, str] = field(default_factory=dict)
    """Each path the ledger names → the path the new file names."""
    copies: dict[Path, bytes | str] = field(default_factory=dict)
    """Each army copied → its text (the shipped file's bytes, or its text with the catalogue path rewritten)."""


def moved_armies(named: Iterable[str], base: Path, target: Path) -> Moved:
    """Where the armies `named` (paths relative to `base`, the ledger's folder) go when the ledger is saved as
    `target`; a shipped army that cannot be read is its one-line RosterFileError."""
    folder = target.parent
    moved = Moved()
    taken = {_key(target)}  # no copy lands on the ledger, nor two copies on one file
    copied: dict[Path, str] = {}  # one army named twice (several players, several rounds) is copied once
    for text in dict.fromkeys(named):
        source = _source(text, base).resolve()
        if shipped(source) is None:
            moved.paths[text] = reach(text, base, folder)
        elif source in copied:
            moved.paths[text] = copied[source]
        else:
            wanted = _wanted(text, source)
            data = army_copy(source, folder / wanted)  # the same under any name in that folder
            name = _free(folder, wanted, taken, data)
            taken.add(_key(folder / name))
            moved.copies[folder / name] = data
            moved.paths[text] = copied[source] = name
    return moved


def reach(text: str, base: Path, folder: Path) -> str:
    """A roster path of a ledger in `base` as the same ledger names it from `folder` (an absolute one stays)."""
    if Path(text).expanduser().is_absolute():
        return text
    return os.path.relpath(_source(text, base).resolve(), folder.resolve()).replace(os.sep, "/")


def army_copy(source: Path, copy: Path) -> bytes | str:
    """The text of a copy of the army at `source` written as `copy`: the file as it is, unless its catalogue is a
    relative path, which is rewritten to name the same catalogue from the copy's folder."""
    loaded = read_roster(source)
    ref = catalogue_ref_from(loaded.roster.catalogue, source.parent, copy.parent)
    if ref == loaded.roster.catalogue:
        return source.read_bytes()
    loaded.roster.catalogue = ref
    return roster_text(loaded.roster, preface=loaded.preface)


def _source(text: str, base: Path) -> Path:
    path = Path(text).expanduser()
    return path if path.is_absolute() else base / path


def _wanted(text: str, source: Path) -> PurePosixPath:
    """The copy's name as the ledger had it when the army sat in its folder or below (`league/stage1.toml`), else the
    army's file name (`../warband.toml` → `warband.toml`)."""
    relative = PurePosixPath(os.path.normpath(text).replace(os.sep, "/"))
    if Path(text).expanduser().is_absolute() or relative.parts[:1] == ("..",):
        return PurePosixPath(source.name)
    return relative


def _free(folder: Path, wanted: PurePosixPath, taken: set[Path], data: bytes | str) -> str:
    """`wanted`, or `name-2.toml`, `name-3.toml`… when another file of this save has the name already, or a file
    there holds something else (the player's army, made from an earlier copy and edited since: never replaced)."""
    name, n = wanted, 1
    while _key(folder / name) in taken or holds_other(folder / name, data):
        n += 1
        name = wanted.with_name(f"{wanted.stem}-{n}{wanted.suffix}")
    return str(name)


def holds_other(path: Path, data: bytes | str) -> bool:
    """Whether a file (or a folder) at `path` holds something else than `data`: writing there would replace it."""
    if not path.exists():
        return False
    try:
        return path.read_bytes() != (data.encode("utf-8") if isinstance(data, str) else data)
    except OSError:
        return True  # a folder, or a file this save cannot read: not one to write over


def _key(path: Path) -> Path:
    return Path(os.path.normcase(path.expanduser().resolve()))
