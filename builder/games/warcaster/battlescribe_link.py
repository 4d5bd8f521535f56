"""Warcaster's way to and from BattleScribe, as one value: its rosters read and written, its data files converted."""

from __future__ import annotations

from builder.game_parts import BattleScribe, CatalogueFromData
from builder.games.warcaster import bsdata_catalogue as data
from builder.games.warcaster.battlescribe import describe
from builder.games.warcaster.battlescribe_choosing import import_roster
from builder.games.warcaster.battlescribe_export import roster_xml

BATTLESCRIBE = BattleScribe(
    data.GAME_SYSTEM_ID,
    import_roster,
    roster_xml,
    describe,
    CatalogueFromData(data.IMPORT_ID, data.IMPORT_NAME, data.IMPORT_COMMENT, data.read_data, data.convert),
)
"""What the game's `battlescribe` part names."""
