"""Warmachine Mk IV: every part of the game, named once in its `Game` value (found through the `warbench.games` entry point)."""

from __future__ import annotations

from builder.game import Game
from builder.game_parts import part
from builder.turns import Turns


class Warmachine(Game):
    id, name, short_name = "warmachine", "Warmachine Mk IV", "Warmachine"
    catalogue, code_number = "warmachine-example", 4
    turns = Turns(player_turns=True, first="attacker")

    catalogue_model = part("builder.games.warmachine.catalogue:WarmachineCatalogue")
    roster_model = part("builder.games.warmachine.roster:WarmachineRoster")
    rules = part("builder.games.warmachine.rules:RULES")
    catalogue_warnings = part("builder.games.warmachine.catalogue_warnings:warnings")
    edits = part("builder.games.warmachine.editing:WarmachineAdapter")
    codec = part("builder.games.warmachine.share")
    cards = part("builder.games.warmachine.cards:content")
    text = part("builder.games.warmachine.text:lines")
    battle = part("builder.games.warmachine.battle:tracks")
    editor = part("builder.tui.screens.stepping:SteppingEditor")
    battle_screen = part("builder.games.warmachine.tui.battle:WarmachineBattle")
    ledgers = part("builder.games.warmachine.ledgers:KINDS")
    resources = part("builder.games.warmachine.spending")
    spend_commands = part("builder.games.warmachine.spend_commands:COMMANDS")


GAME = Warmachine()
"""The game, as its entry point names it."""
