"""McWarrior: every part of the game, named once in its `Game` value (found through the `warbench.games` entry point)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.game import Game
from builder.game_parts import CardsWriter, MarkOption, ShareCodec, TextWriter, TrackMaker
from builder.turns import Turns

if TYPE_CHECKING:
    from builder.editing.base import GameAdapter
    from builder.ledgers import LedgerKind
    from builder.roster.common import RosterBase
    from builder.rules.registry import RuleSet
    from builder.tui.screens.battle import BattleScreen
    from builder.tui.screens.editor import RosterEditor
    from catalog.models.common import CatalogueHeader


class McWarrior(Game):
    id, name, short_name = "mcwarrior", "McWarrior", "McWarrior"
    catalogue, code_number = "mcwarrior", 2
    turns = Turns(sides=(2, 4), teams=True, phase="upkeep")

    @property
    def catalogue_model(self) -> type[CatalogueHeader]:
        from builder.games.mcwarrior.catalogue import McWarriorCatalogue

        return McWarriorCatalogue

    @property
    def roster_model(self) -> type[RosterBase]:
        from builder.games.mcwarrior.roster import McWarriorRoster

        return McWarriorRoster

    @property
    def rules(self) -> RuleSet:
        from builder.games.mcwarrior.rules import RULES

        return RULES

    @property
    def edits(self) -> type[GameAdapter]:
        from builder.games.mcwarrior.editing import McWarriorAdapter

        return McWarriorAdapter

    @property
    def codec(self) -> ShareCodec:
        from builder.games.mcwarrior import share as mcwarrior

        return mcwarrior

    @property
    def cards(self) -> CardsWriter:
        from builder.games.mcwarrior.cards import content

        return content

    @property
    def text(self) -> TextWriter:
        from builder.games.mcwarrior.text import lines

        return lines

    @property
    def battle(self) -> TrackMaker:
        from builder.games.mcwarrior.battle import tracks

        return tracks

    @property
    def editor(self) -> type[RosterEditor]:
        from builder.games.mcwarrior.tui.editor import McWarriorEditor

        return McWarriorEditor

    @property
    def marks(self) -> tuple[MarkOption, ...]:
        from builder.games.mcwarrior.marks import MARKS

        return MARKS

    @property
    def battle_screen(self) -> type[BattleScreen]:
        from builder.games.mcwarrior.tui.battle import McWarriorBattle

        return McWarriorBattle

    @property
    def ledgers(self) -> tuple[LedgerKind, ...]:
        from builder.games.mcwarrior.ledgers import PortOldsand

        return (PortOldsand(),)


GAME = McWarrior()
"""The game, as its entry point names it."""
