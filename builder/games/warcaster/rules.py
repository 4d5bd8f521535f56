"""Warcaster: Neo-Mechanika rules: every `warcaster/…` code of RULES.md (plus the no-weapons warning), one function per code.

The rules live in three modules by topic and register themselves on the one rule set when imported:
`warcaster_force` (faction, force-size, hero-limit, mantlet-limit, unit-limit, unique),
`warcaster_loadout` (cortex, hardpoint, weapon-points, unused-weapon-points, no-weapons, attachment-target,
attachment-duplicate) and `warcaster_rack` (rack-size, rack-unique, rack-types, rack-faction);
`warcaster_totals` documents and computes the totals. Every limit comes from the catalogue's
Format (picked by `roster.format`) and `Unit.limit`.
"""

from __future__ import annotations

from builder.games.warcaster import force as warcaster_force
from builder.games.warcaster import loadout as warcaster_loadout
from builder.games.warcaster import rack as warcaster_rack
from builder.games.warcaster import totals as warcaster_totals
from builder.games.warcaster.rules_base import RULES

__all__ = ["RULES", "warcaster_force", "warcaster_loadout", "warcaster_rack", "warcaster_totals"]
