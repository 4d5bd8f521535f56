"""Roster models: what a player built, exactly as the roster file says it (one module per game).

Each game's model is imported on first use, so reading one roster builds only that game's schema.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from builder.roster.common import Ref, RosterBase

if TYPE_CHECKING:
    from builder.roster.mcwarrior import McWarriorRoster
    from builder.roster.warcaster import WarcasterRoster
    from builder.roster.warmachine import WarmachineRoster
    from builder.roster.warsurge import WarsurgeRoster

_MODELS = {
    "warcaster": ("builder.roster.warcaster", "WarcasterRoster"),
    "mcwarrior": ("builder.roster.mcwarrior", "McWarriorRoster"),
    "warsurge": ("builder.roster.warsurge", "WarsurgeRoster"),
    "warmachine": ("builder.roster.warmachine", "WarmachineRoster"),
}
_BY_CLASS_NAME = {cls: (module, cls) for module, cls in _MODELS.values()}

Roster = RosterBase
"""Any game's roster (each game's model subclasses RosterBase)."""


def roster_type(game: str) -> type[RosterBase]:
    """The roster model class of a game (KeyError for an unknown game)."""
    module, name = _MODELS[game]
    return getattr(import_module(module), name)


def __getattr__(name: str) -> Any:
    """Lazy access to the per-game classes and the all-games table."""
    if name in _BY_CLASS_NAME:
        module, cls = _BY_CLASS_NAME[name]
        return getattr(import_module(module), cls)
    if name == "ROSTER_TYPES":
        return {game: roster_type(game) for game in _MODELS}
    raise AttributeError(f"module 'builder.roster' has no attribute {name!r}")


__all__ = ["Roster", "RosterBase", "Ref", "roster_type", "ROSTER_TYPES",
           "WarcasterRoster", "McWarriorRoster", "WarsurgeRoster", "WarmachineRoster"]
