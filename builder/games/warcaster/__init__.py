"""Warcaster: Neo-Mechanika: every part of the game, named once in its `Game` value (found through the `warbench.games` entry point)."""

from __future__ import annotations

from builder.game import Game
from builder.game_parts import part
from builder.turns import Turns


class Warcaster(Game):
    id, name, short_name = "warcaster", "Warcaster: Neo-Mechanika", "Warcaster"
    catalogue, code_number = "warcaster-nm", 1
    turns = Turns(player_turns=True, first="chosen", cycles=5)  # a Pulse round: five turns of each player

    catalogue_model = part("builder.games.warcaster.catalogue:WarcasterCatalogue")
    roster_model = part("builder.games.warcaster.roster:WarcasterRoster")
    rules = part("builder.games.warcaster.rules:RULES")
    catalogue_warnings = part("builder.games.warcaster.catalogue_warnings:warnings")
    edits = part("builder.games.warcaster.editing:WarcasterAdapter")
    codec = part("builder.games.warcaster.share")
    cards = part("builder.games.warcaster.cards:content")
    text = part("builder.games.warcaster.text:lines")
    battle = part("builder.games.warcaster.battle:tracks")
    mark_model = part("builder.games.warcaster.unit_mark:WarcasterMark")
    editor = part("builder.games.warcaster.tui.editor:WarcasterEditor")
    marks = part("builder.games.warcaster.marks:MARKS")
    battle_screen = part("builder.games.warcaster.tui.battle:WarcasterBattle")

    battlescribe = part("builder.games.warcaster.battlescribe_link:BATTLESCRIBE")

    resources = part("builder.games.warcaster.spending")
    spend_commands = part("builder.games.warcaster.spend_commands:COMMANDS")


GAME = Warcaster()
"""The game, as its entry point names it."""
