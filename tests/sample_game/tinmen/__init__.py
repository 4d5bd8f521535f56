"""Tinmen, a made-up skirmish game of clockwork soldiers: Warbench's proof that a game is one package.

Nothing in Warbench names it: a test puts this folder on the path and registers `GAME` in the `warbench.games`
entry-point group, exactly as an installed third-party package's metadata would.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from builder.game import Game
from builder.game_parts import part
from builder.turns import Turns
from catalog.scenarios import read_book

if TYPE_CHECKING:
    from catalog.scenarios import ScenarioBook

CATALOGUE_FILE = Path(__file__).with_name("tinmen-core.toml")
"""The game's catalogue, which a player installs like any shared catalogue."""


class Tinmen(Game):
    id, name, short_name = "tinmen", "Tinmen Skirmish", "Tinmen"
    catalogue, code_number = "tinmen-core", 50
    turns = Turns(sides=(2, 3))  # two or three players, each round a turn they share

    catalogue_model = part("tinmen.models:TinmenCatalogue")
    roster_model = part("tinmen.models:TinmenRoster")
    rules = part("tinmen.rules:RULES")
    edits = part("tinmen.editing:TinmenAdapter")
    codec = part("tinmen.share")
    cards = part("tinmen.printing:content")
    text = part("tinmen.printing:lines")
    battle = part("tinmen.battle:tracks")
    mark_model = part("tinmen.battle:TinMark")
    editor = part("builder.tui.screens.stepping:SteppingEditor")
    battle_screen = part("builder.tui.screens.battle:BoxesBattle")

    @property
    def scenarios(self) -> ScenarioBook:
        return read_book(Path(__file__).with_name("scenarios.toml"))


GAME = Tinmen()
