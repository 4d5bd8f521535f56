"""Warmachine Mk IV: every part of the game, named once in its `Game` value (found through the `warbench.games` entry point)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.game import Game
from builder.game_parts import CardsWriter, Resources, ShareCodec, SpendCommand, TextWriter, TrackMaker
from builder.turns import Turns

if TYPE_CHECKING:
    from builder.editing.base import GameAdapter
    from builder.ledgers import LedgerKind
    from builder.roster.common import RosterBase
    from builder.rules.registry import RuleSet
    from builder.tui.screens.battle import BattleScreen
    from builder.tui.screens.editor import RosterEditor
    from catalog.models.common import CatalogueHeader


class Warmachine(Game):
    id, name, short_name = "warmachine", "Warmachine Mk IV", "Warmachine"
    catalogue, code_number = "warmachine-example", 4
    turns = Turns(player_turns=True, first="attacker")

    @property
    def catalogue_model(self) -> type[CatalogueHeader]:
        from builder.games.warmachine.catalogue import WarmachineCatalogue

        return WarmachineCatalogue

    @property
    def roster_model(self) -> type[RosterBase]:
        from builder.games.warmachine.roster import WarmachineRoster

        return WarmachineRoster

    @property
    def rules(self) -> RuleSet:
        from builder.games.warmachine.rules import RULES

        return RULES

    @property
    def edits(self) -> type[GameAdapter]:
        from builder.games.warmachine.editing import WarmachineAdapter

        return WarmachineAdapter

    @property
    def codec(self) -> ShareCodec:
        from builder.games.warmachine import share as warmachine

        return warmachine

    @property
    def cards(self) -> CardsWriter:
        from builder.games.warmachine.cards import content

        return content

    @property
    def text(self) -> TextWriter:
        from builder.games.warmachine.text import lines

        return lines

    @property
    def battle(self) -> TrackMaker:
        from builder.games.warmachine.battle import tracks

        return tracks

    @property
    def editor(self) -> type[RosterEditor]:
        from builder.tui.screens.stepping import SteppingEditor

        return SteppingEditor

    @property
    def battle_screen(self) -> type[BattleScreen]:
        from builder.games.warmachine.tui.battle import WarmachineBattle

        return WarmachineBattle

    @property
    def ledgers(self) -> tuple[LedgerKind, ...]:
        from builder.games.warmachine.ledgers import Frontier, League

        return (
            League(),
            Frontier(),
        )

    @property
    def resources(self) -> Resources:
        from builder.games.warmachine import spending

        return spending

    @property
    def spend_commands(self) -> tuple[SpendCommand, ...]:
        from builder.games.warmachine.spend_commands import COMMANDS

        return COMMANDS


GAME = Warmachine()
"""The game, as its entry point names it."""
