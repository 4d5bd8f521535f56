"""A BattleScribe roster read into Warbench, as every game's BattleScribe mapping hands it to the import command."""

from __future__ import annotations

from dataclasses import dataclass

from builder.roster.files import LoadedRoster


@dataclass(frozen=True)
class BattlescribeImport:
    """The roster, and what the import has to say about it."""

    loaded: LoadedRoster
    said: list[str]
    """Notes, everything left out, weapon points counted differently ("note: …", "not imported: …")."""
    left_out: int
    """How many parts of the file are not in the roster."""
