"""Warmachine Mk IV: every part of the game, named once in its `Game` value (found through the `warbench.games` entry point)."""

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


class Warmachine(Game):
    id, name, short_name = "warmachine", "Warmachine Mk IV", "Warmachine"
    catalogue, code_number = "warmachine-example", 4

    @property
    def catalogue_model(self) -> type[CatalogueHeader]:
        from catalog.models.warmachine import WarmachineCatalogue

        return WarmachineCatalogue

    @property
    def roster_model(self) -> type[RosterBase]:
        from builder.roster.warmachine import WarmachineRoster

        return WarmachineRoster

    @property
    def rules(self) -> RuleSet:
        from builder.rules.warmachine import RULES

        return RULES

    @property
    def edits(self) -> type[GameAdapter]:
        from builder.editing.warmachine import WarmachineAdapter

        return WarmachineAdapter

    @property
    def codec(self) -> ShareCodec:
        from exports.share import warmachine

        return warmachine

    @property
    def cards(self) -> CardsWriter:
        from exports.pdf.warmachine import content

        return content

    @property
    def text(self) -> TextWriter:
        from exports.text import warmachine_lines

        return warmachine_lines

    @property
    def battle(self) -> TrackMaker:
        from builder.battles.game_tracks import warmachine_tracks

        return warmachine_tracks

    @property
    def editor(self) -> type[RosterEditor]:
        from builder.tui.screens.stepping import SteppingEditor

        return SteppingEditor

    @property
    def battle_screen(self) -> type[BattleScreen]:
        from builder.tui.screens.battle import BoxesBattle

        return BoxesBattle


GAME = Warmachine()
"""The game, as its entry point names it."""
