"""Tinmen, a made-up skirmish game of clockwork soldiers: Warbench's proof that a game is one package.

Nothing in Warbench names it: a test puts this folder on the path and registers `GAME` in the `warbench.games`
entry-point group, exactly as an installed third-party package's metadata would.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from builder.game import Game
from builder.game_parts import CardsWriter, ShareCodec, TextWriter, TrackMaker
from builder.turns import Turns

if TYPE_CHECKING:
    from builder.editing.base import GameAdapter
    from builder.roster.common import RosterBase
    from builder.rules.registry import RuleSet
    from builder.tui.screens.battle import BattleScreen
    from builder.tui.screens.editor import RosterEditor
    from catalog.models.common import CatalogueHeader
    from catalog.scenarios import ScenarioBook

CATALOGUE_FILE = Path(__file__).with_name("tinmen-core.toml")
"""The game's catalogue, which a player installs like any shared catalogue."""


class Tinmen(Game):
    id, name, short_name = "tinmen", "Tinmen Skirmish", "Tinmen"
    catalogue, code_number = "tinmen-core", 50
    turns = Turns(sides=(2, 3))  # two or three players, each round a turn they share

    @property
    def catalogue_model(self) -> type[CatalogueHeader]:
        from tinmen.models import TinmenCatalogue

        return TinmenCatalogue

    @property
    def roster_model(self) -> type[RosterBase]:
        from tinmen.models import TinmenRoster

        return TinmenRoster

    @property
    def rules(self) -> RuleSet:
        from tinmen.rules import RULES

        return RULES

    @property
    def edits(self) -> type[GameAdapter]:
        from tinmen.editing import TinmenAdapter

        return TinmenAdapter

    @property
    def codec(self) -> ShareCodec:
        from tinmen import share

        return share

    @property
    def cards(self) -> CardsWriter:
        from tinmen.printing import content

        return content

    @property
    def text(self) -> TextWriter:
        from tinmen.printing import lines

        return lines

    @property
    def battle(self) -> TrackMaker:
        from tinmen.printing import tracks

        return tracks

    @property
    def editor(self) -> type[RosterEditor]:
        from builder.tui.screens.stepping import SteppingEditor

        return SteppingEditor

    @property
    def battle_screen(self) -> type[BattleScreen]:
        from builder.tui.screens.battle import BoxesBattle

        return BoxesBattle

    @property
    def scenarios(self) -> ScenarioBook:
        from catalog.scenarios import read_book

        return read_book(Path(__file__).with_name("scenarios.toml"))


GAME = Tinmen()
