"""Roster models: what a player built, exactly as the roster file says it (one module per game).

Each game's model is a part of its record in `catalog.games`, imported on first use, so reading one
roster builds only that game's schema. Roster files are read and written by `builder.roster.files`.
"""

from __future__ import annotations

from builder.roster.common import Ref, RosterBase

Roster = RosterBase
"""Any game's roster (each game's model subclasses RosterBase)."""

__all__ = ["Roster", "RosterBase", "Ref"]
