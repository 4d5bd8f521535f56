"""McWarrior: every part of the game, named once in its `Game` value (found through the `warbench.games` entry point)."""

from __future__ import annotations

from builder.game import Game
from builder.game_parts import part
from builder.turns import Turns


class McWarrior(Game):
    id, name, short_name = "mcwarrior", "McWarrior", "McWarrior"
    catalogue, code_number = "mcwarrior", 2
    turns = Turns(sides=(2, 4), teams=True, phase="upkeep")

    catalogue_model = part("builder.games.mcwarrior.catalogue:McWarriorCatalogue")
    roster_model = part("builder.games.mcwarrior.roster:McWarriorRoster")
    rules = part("builder.games.mcwarrior.rules:RULES")
    edits = part("builder.games.mcwarrior.editing:McWarriorAdapter")
    codec = part("builder.games.mcwarrior.share")
    cards = part("builder.games.mcwarrior.cards:content")
    text = part("builder.games.mcwarrior.text:lines")
    battle = part("builder.games.mcwarrior.battle:tracks")
    mark_model = part("builder.games.mcwarrior.unit_mark:MechMark")
    catalogue_warnings = part("builder.games.mcwarrior.catalogue_warnings:warnings")
    editor = part("builder.games.mcwarrior.tui.editor:McWarriorEditor")
    marks = part("builder.games.mcwarrior.marks:MARKS")
    battle_screen = part("builder.games.mcwarrior.tui.battle:McWarriorBattle")
    ledgers = part("builder.games.mcwarrior.ledgers:KINDS")


GAME = McWarrior()
"""The game, as its entry point names it."""
