"""Roster models: what a player built, exactly as the roster file says it (one module per game)."""

from __future__ import annotations

from typing import Annotated, Union

from pydantic import Field, TypeAdapter

from builder.roster.common import Ref, RosterBase
from builder.roster.mcwarrior import McWarriorRoster
from builder.roster.warcaster import WarcasterRoster
from builder.roster.warmachine import WarmachineRoster
from builder.roster.warsurge import WarsurgeRoster

Roster = Annotated[
    Union[WarcasterRoster, McWarriorRoster, WarsurgeRoster, WarmachineRoster],
    Field(discriminator="game"),
]
ROSTER_ADAPTER: TypeAdapter[Roster] = TypeAdapter(Roster)
ROSTER_TYPES: dict[str, type[RosterBase]] = {
    "warcaster": WarcasterRoster,
    "mcwarrior": McWarriorRoster,
    "warsurge": WarsurgeRoster,
    "warmachine": WarmachineRoster,
}

__all__ = ["Roster", "ROSTER_ADAPTER", "ROSTER_TYPES", "RosterBase", "Ref",
           "WarcasterRoster", "McWarriorRoster", "WarsurgeRoster", "WarmachineRoster"]
