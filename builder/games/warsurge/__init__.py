"""Warsurge: every part of the game, named once in its `Game` value (found through the `warbench.games` entry point)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.game import Game
from builder.game_parts import (
    CardsWriter,
    Narratives,
    Resources,
    SetupFlow,
    ShareCodec,
    SpendCommand,
    TextWriter,
    TrackMaker,
)
from builder.turns import MAX_SIDES, Turns

if TYPE_CHECKING:
    from builder.editing.base import GameAdapter
    from builder.ledgers import LedgerKind
    from builder.roster.common import RosterBase
    from builder.rules.registry import RuleSet
    from builder.tui.screens.battle import BattleScreen
    from builder.tui.screens.editor import RosterEditor
    from catalog.models.common import CatalogueHeader


class Warsurge(Game):
    id, name, short_name = "warsurge", "Warsurge", "Warsurge"
    catalogue, code_number = "warsurge-examples", 3
    turns = Turns(sides=(2, MAX_SIDES), teams=True)
    ahead_by = "points"

    @property
    def catalogue_model(self) -> type[CatalogueHeader]:
        from builder.games.warsurge.catalogue import WarsurgeCatalogue

        return WarsurgeCatalogue

    @property
    def roster_model(self) -> type[RosterBase]:
        from builder.games.warsurge.roster import WarsurgeRoster

        return WarsurgeRoster

    @property
    def rules(self) -> RuleSet:
        from builder.games.warsurge.rules import RULES

        return RULES

    @property
    def edits(self) -> type[GameAdapter]:
        from builder.games.warsurge.editing import WarsurgeAdapter

        return WarsurgeAdapter

    @property
    def codec(self) -> ShareCodec:
        from builder.games.warsurge import share as warsurge

        return warsurge

    @property
    def cards(self) -> CardsWriter:
        from builder.games.warsurge.cards import content

        return content

    @property
    def text(self) -> TextWriter:
        from builder.games.warsurge.text import lines

        return lines

    @property
    def battle(self) -> TrackMaker:
        from builder.games.warsurge.battle import tracks

        return tracks

    @property
    def setup(self) -> SetupFlow:
        from builder.games.warsurge import setup_flow

        return setup_flow

    @property
    def editor(self) -> type[RosterEditor]:
        from builder.tui.screens.stepping import SteppingEditor

        return SteppingEditor

    @property
    def battle_screen(self) -> type[BattleScreen]:
        from builder.games.warsurge.tui.battle import WarsurgeBattle

        return WarsurgeBattle

    @property
    def resources(self) -> Resources:
        from builder.games.warsurge import spending

        return spending

    @property
    def spend_commands(self) -> tuple[SpendCommand, ...]:
        from builder.games.warsurge.spend_commands import COMMANDS

        return COMMANDS

    @property
    def narratives(self) -> Narratives:
        from builder.games.warsurge.narrative.commands import NARRATIVES

        return NARRATIVES

    @property
    def ledgers(self) -> tuple[LedgerKind, ...]:
        from builder.games.warsurge.ledgers import NARRATIVE_PLAY

        return (NARRATIVE_PLAY,)


GAME = Warsurge()
"""The game, as its entry point names it."""
