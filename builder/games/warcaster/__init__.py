"""Warcaster: Neo-Mechanika: every part of the game, named once in its `Game` value (found through the `warbench.games` entry point)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.game import CardsWriter, Game, ShareCodec, TextWriter, TrackMaker

if TYPE_CHECKING:
    from builder.editing.base import GameAdapter
    from builder.roster.common import RosterBase
    from builder.rules.registry import RuleSet
    from builder.tui.screens.battle import BattleScreen
    from builder.tui.screens.editor import RosterEditor
    from catalog.models.common import CatalogueHeader


class Warcaster(Game):
    id, name, short_name = "warcaster", "Warcaster: Neo-Mechanika", "Warcaster"
    catalogue, code_number = "warcaster-nm", 1

    @property
    def catalogue_model(self) -> type[CatalogueHeader]:
        from catalog.models.warcaster import WarcasterCatalogue

        return WarcasterCatalogue

    @property
    def roster_model(self) -> type[RosterBase]:
        from builder.roster.warcaster import WarcasterRoster

        return WarcasterRoster

    @property
    def rules(self) -> RuleSet:
        from builder.rules.warcaster import RULES

        return RULES

    @property
    def edits(self) -> type[GameAdapter]:
        from builder.editing.warcaster import WarcasterAdapter

        return WarcasterAdapter

    @property
    def codec(self) -> ShareCodec:
        from exports.share import warcaster

        return warcaster

    @property
    def cards(self) -> CardsWriter:
        from exports.pdf.warcaster import content

        return content

    @property
    def text(self) -> TextWriter:
        from exports.text import warcaster_lines

        return warcaster_lines

    @property
    def battle(self) -> TrackMaker:
        from builder.battles.game_tracks import warcaster_tracks

        return warcaster_tracks

    @property
    def editor(self) -> type[RosterEditor]:
        from builder.tui.screens.warcaster import WarcasterEditor

        return WarcasterEditor

    @property
    def battle_screen(self) -> type[BattleScreen]:
        from builder.tui.screens.battle_warcaster import WarcasterBattle

        return WarcasterBattle


GAME = Warcaster()
"""The game, as its entry point names it."""
