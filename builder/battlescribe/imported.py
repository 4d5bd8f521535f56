"""A BattleScribe roster read into Warbench, as every game's BattleScribe mapping hands it to the import command."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from builder.roster.files import LoadedRoster
from catalog.wording import visible

NOTES_ROOM = 4000
"""The most characters a roster's notes hold (builder.roster.common's Notes)."""


@dataclass(frozen=True)
class BattlescribeImport:
    """The roster, and what the import has to say about it."""

    loaded: LoadedRoster
    said: list[str]
    """Notes, everything left out, weapon points counted differently ("note: …", "not imported: …")."""
    left_out: int
    """How many parts of the file are not in the roster."""


def noted_left_out(notes: str, source: str, left_out: Sequence[str]) -> str:
    """The roster's notes with what an import left out at their end ("Not imported from army.ros:", a line each, as
    many as the notes have room for), where the player finds them again (F3) and they stay when the roster is kept;
    the notes as they were when nothing was left out, or when they have no room left."""
    if not left_out:
        return notes
    kept = notes.rstrip()
    head = f"{kept}\n\n" if kept else ""
    head += f"Not imported from {visible(Path(source).name)}:"
    lines: list[str] = []
    used = len(head)
    for n, line in enumerate(left_out):
        shown = f"\n- {visible(line)}"
        room = NOTES_ROOM - used - (len(f"\n- … and {len(left_out) - n - 1} more") if n < len(left_out) - 1 else 0)
        if len(shown) > room:
            break
        lines.append(shown)
        used += len(shown)
    more = len(left_out) - len(lines)
    if not lines and more:
        return notes if len(head) + len(f"\n- … and {more} more") > NOTES_ROOM else head + f"\n- … and {more} more"
    return head + "".join(lines) + (f"\n- … and {more} more" if more else "")
