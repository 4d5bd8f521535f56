"""The game editors the builder knows: an adapter (plain Python) and a screen per game, imported on use."""

from __future__ import annotations

from typing import NamedTuple
from importlib import import_module


class GameEditor(NamedTuple):
    """Where a game's adapter and editor screen live ("module:Class"), and its display name."""

    game: str
    title: str
    adapter: str
    screen: str = "builder.tui.screens.editor:RosterEditor"

    def adapter_class(self):
        return _load(self.adapter)

    def screen_class(self):
        return _load(self.screen)


def _load(ref: str):
    module, name = ref.split(":")
    return getattr(import_module(module), name)


EDITORS: dict[str, GameEditor] = {}


def register(editor: GameEditor) -> GameEditor:
    EDITORS[editor.game] = editor
    return editor


register(GameEditor("warcaster", "Warcaster: Neo-Mechanika", "builder.tui.games.warcaster:WarcasterAdapter",
                    "builder.tui.screens.warcaster:WarcasterEditor"))
register(GameEditor("mcwarrior", "McWarrior", "builder.tui.games.mcwarrior:McWarriorAdapter",
                    "builder.tui.screens.mcwarrior:McWarriorEditor"))
register(GameEditor("warsurge", "Warsurge", "builder.tui.games.warsurge:WarsurgeAdapter",
                    "builder.tui.screens.stepping:SteppingEditor"))
register(GameEditor("warmachine", "Warmachine Mk IV", "builder.tui.games.warmachine:WarmachineAdapter",
                    "builder.tui.screens.stepping:SteppingEditor"))
