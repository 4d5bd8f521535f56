"""Warsurge: every part of the game, named once in its `Game` value (found through the `warbench.games` entry point)."""

from __future__ import annotations

from builder.game import Game
from builder.game_parts import part
from builder.turns import MAX_SIDES, Turns


class Warsurge(Game):
    id, name, short_name = "warsurge", "Warsurge", "Warsurge"
    catalogue, code_number = "warsurge-examples", 3
    turns = Turns(sides=(2, MAX_SIDES), teams=True)
    ahead_by = "points"

    catalogue_model = part("builder.games.warsurge.catalogue:WarsurgeCatalogue")
    roster_model = part("builder.games.warsurge.roster:WarsurgeRoster")
    rules = part("builder.games.warsurge.rules:RULES")
    catalogue_warnings = part("builder.games.warsurge.catalogue_warnings:warnings")
    edits = part("builder.games.warsurge.editing:WarsurgeAdapter")
    codec = part("builder.games.warsurge.share")
    cards = part("builder.games.warsurge.cards:content")
    text = part("builder.games.warsurge.text:lines")
    battle = part("builder.games.warsurge.battle:tracks")
    mark_model = part("builder.games.warsurge.unit_mark:LeftMark")
    setup = part("builder.games.warsurge.setup_flow")
    editor = part("builder.tui.screens.stepping:SteppingEditor")
    battle_screen = part("builder.games.warsurge.tui.battle:WarsurgeBattle")
    resources = part("builder.games.warsurge.spending")
    spend_commands = part("builder.games.warsurge.spend_commands:COMMANDS")
    narratives = part("builder.games.warsurge.narrative.commands:NARRATIVES")
    ledgers = part("builder.games.warsurge.ledgers:KINDS")


GAME = Warsurge()
"""The game, as its entry point names it."""
