"""Every game Warbench knows, each described once: its names and where each of its parts lives.

This is the one table keyed by game id. Every place that varies by game asks its `Game` record for the
part it needs (`game("warsurge").rules`); nothing else keeps a table of games. Parts are named as
"module:attribute" (or a bare module) and imported on first use, so reading this table imports nothing
heavy: `warbench validate` never loads reportlab, and nothing outside `builder.tui` loads Textual.

Adding a fifth game means writing its modules and adding one record to `GAMES`; `tests/test_games.py`
proves that every game has every part and that each part is what it claims to be.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

PARTS = {
    "catalogue_model": "the pydantic model of its catalogue files (catalog.models)",
    "roster_model": "the pydantic model of its roster files (builder.roster)",
    "rules": "its RuleSet: one function per rule code, and its typed totals (builder.rules)",
    "edits": "its editing operations and what the editor's panes show, in plain Python (builder.editing)",
    "codec": "its share-code fields (exports.share)",
    "cards": "its PDF cards and roster sheet content (exports.pdf)",
    "text": "its plain-text body for chat and forums (exports.text)",
    "editor": "its Textual editor screen (builder.tui.screens)",
    "battle": "its tracks for a battle in play: what each roster entry brings to the table (builder.battles)",
    "scenarios": "the scenarios its rulebook plays battles for, with their charts (catalog.scenarios)",
}
"""The parts every game has, and what each one is."""


@dataclass(frozen=True)
class Game:
    """One game: its id (as roster and catalogue files spell it), its names, and where its parts live."""

    id: str
    name: str
    """The full name, for cards, sheets and text ("Warcaster: Neo-Mechanika")."""
    short_name: str
    """The name where space is short: lists and the start screen ("Warcaster")."""
    parts: dict[str, str]
    """Part name (one of PARTS) → "module:attribute", or a bare module path."""

    def part(self, name: str) -> Any:
        """Import and return one of the game's parts."""
        module, _, attribute = self.parts[name].partition(":")
        loaded = import_module(module)
        return getattr(loaded, attribute) if attribute else loaded

    catalogue_model = property(lambda self: self.part("catalogue_model"))
    roster_model = property(lambda self: self.part("roster_model"))
    rules = property(lambda self: self.part("rules"))
    edits = property(lambda self: self.part("edits"))
    codec = property(lambda self: self.part("codec"))
    cards = property(lambda self: self.part("cards"))
    text = property(lambda self: self.part("text"))
    editor = property(lambda self: self.part("editor"))
    battle = property(lambda self: self.part("battle"))

    @property
    def scenarios(self) -> Any:
        """Its ScenarioBook, read from the bundled data the first time it is asked for."""
        return self.part("scenarios").book


def _game(id: str, name: str, short_name: str, *, edits: str, editor: str, roster_model: str,
          catalogue_model: str) -> Game:
    """A record whose rules, codec, cards and text live in the modules named after the game."""
    return Game(id, name, short_name, {
        "catalogue_model": f"catalog.models.{id}:{catalogue_model}",
        "roster_model": f"builder.roster.{id}:{roster_model}",
        "rules": f"builder.rules.{id}:RULES",
        "edits": f"builder.editing.{id}:{edits}",
        "codec": f"exports.share.{id}",
        "cards": f"exports.pdf.{id}:content",
        "text": f"exports.text:{id}_lines",
        "editor": editor,
        "battle": f"builder.battles.sides:{id}_tracks",
        "scenarios": f"catalog.scenarios:{id}_scenarios",
    })


GAMES: dict[str, Game] = {g.id: g for g in (
    _game("warcaster", "Warcaster: Neo-Mechanika", "Warcaster", catalogue_model="WarcasterCatalogue",
          roster_model="WarcasterRoster", edits="WarcasterAdapter",
          editor="builder.tui.screens.warcaster:WarcasterEditor"),
    _game("mcwarrior", "McWarrior", "McWarrior", catalogue_model="McWarriorCatalogue",
          roster_model="McWarriorRoster", edits="McWarriorAdapter",
          editor="builder.tui.screens.mcwarrior:McWarriorEditor"),
    _game("warsurge", "Warsurge", "Warsurge", catalogue_model="WarsurgeCatalogue",
          roster_model="WarsurgeRoster", edits="WarsurgeAdapter",
          editor="builder.tui.screens.stepping:SteppingEditor"),
    _game("warmachine", "Warmachine Mk IV", "Warmachine", catalogue_model="WarmachineCatalogue",
          roster_model="WarmachineRoster", edits="WarmachineAdapter",
          editor="builder.tui.screens.stepping:SteppingEditor"),
)}
"""Every game, in the order the start screen offers them."""

GAME_IDS = tuple(GAMES)


def game(id: str) -> Game:
    """The record of a game (KeyError names the known ids)."""
    try:
        return GAMES[id]
    except KeyError:
        raise KeyError(f"unknown game {id!r} (expected one of {', '.join(GAME_IDS)})") from None
