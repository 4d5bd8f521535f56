"""Warcaster: Neo-Mechanika: every part of the game, named once in its `Game` value (found through the `warbench.games` entry point)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.game import Game
from builder.game_parts import (
    BattleScribe,
    CardsWriter,
    CatalogueFromData,
    MarkOption,
    Resources,
    ShareCodec,
    SpendCommand,
    TextWriter,
    TrackMaker,
)
from builder.turns import Turns

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
    turns = Turns(player_turns=True, first="chosen", cycles=5)  # a Pulse round: five turns of each player

    @property
    def catalogue_model(self) -> type[CatalogueHeader]:
        from builder.games.warcaster.catalogue import WarcasterCatalogue

        return WarcasterCatalogue

    @property
    def roster_model(self) -> type[RosterBase]:
        from builder.games.warcaster.roster import WarcasterRoster

        return WarcasterRoster

    @property
    def rules(self) -> RuleSet:
        from builder.games.warcaster.rules import RULES

        return RULES

    @property
    def edits(self) -> type[GameAdapter]:
        from builder.games.warcaster.editing import WarcasterAdapter

        return WarcasterAdapter

    @property
    def codec(self) -> ShareCodec:
        from builder.games.warcaster import share as warcaster

        return warcaster

    @property
    def cards(self) -> CardsWriter:
        from builder.games.warcaster.cards import content

        return content

    @property
    def text(self) -> TextWriter:
        from builder.games.warcaster.text import lines

        return lines

    @property
    def battle(self) -> TrackMaker:
        from builder.games.warcaster.battle import tracks

        return tracks

    @property
    def editor(self) -> type[RosterEditor]:
        from builder.games.warcaster.tui.editor import WarcasterEditor

        return WarcasterEditor

    @property
    def marks(self) -> tuple[MarkOption, ...]:
        from builder.games.warcaster.marks import MARKS

        return MARKS

    @property
    def battle_screen(self) -> type[BattleScreen]:
        from builder.games.warcaster.tui.battle import WarcasterBattle

        return WarcasterBattle

    @property
    def battlescribe(self) -> BattleScribe:
        from builder.games.warcaster import bsdata_catalogue as data
        from builder.games.warcaster.battlescribe import describe
        from builder.games.warcaster.battlescribe_choosing import import_roster
        from builder.games.warcaster.battlescribe_export import roster_xml

        importer = CatalogueFromData(
            data.IMPORT_ID, data.IMPORT_NAME, data.IMPORT_COMMENT, data.read_data, data.convert
        )
        return BattleScribe(data.GAME_SYSTEM_ID, import_roster, roster_xml, describe, importer)

    @property
    def resources(self) -> Resources:
        from builder.games.warcaster import spending

        return spending

    @property
    def spend_commands(self) -> tuple[SpendCommand, ...]:
        from builder.games.warcaster.spend_commands import COMMANDS

        return COMMANDS


GAME = Warcaster()
"""The game, as its entry point names it."""
