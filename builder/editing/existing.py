"""What an existing file holds, said to a player about to save over it ("koth.toml is a McWarrior battle file")."""

from __future__ import annotations

from pathlib import Path

from builder.game import short_name_of
from catalog.file_kinds import FILE_KINDS, kind_of
from catalog.toml_input import header_keys


def what_it_holds(path: Path) -> str:
    """What an existing file is ("a McWarrior battle file", "a journeyman league file", "a folder"); "" for a file
    that is no Warbench file."""
    if path.is_dir():
        return "a folder"
    header = header_keys(path) or {}
    kind = kind_of(header) if header else None
    if not isinstance(kind, str) or kind not in FILE_KINDS or (kind == "roster" and "game" not in header):
        return ""
    name = short_name_of(header.get("game"))
    return f"a {name + ' ' if name else ''}{FILE_KINDS[kind].noun}"


def replacing(path: Path, shown: str | None = None) -> str:
    """An existing file a save replaces, named (`shown`, else its file name) with what it holds."""
    held = what_it_holds(path)
    name = shown if shown is not None else path.name
    return f"{name} is {held}" if held else f"{name} already exists"
