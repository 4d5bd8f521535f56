"""The passengers that follow their Warsurge transport: brought along when it deploys, let out when it is destroyed."""

from __future__ import annotations

from typing import Any

from builder.games.warsurge.command_points import Action, CommandPoints, Place
from builder.resources import ResourceEvent


def following(cp: CommandPoints, event: ResourceEvent) -> list[dict[str, Any]]:
    """A transport in reserve placed or deployed on the battlefield takes along the passengers its roster embarks in
    it that wait in reserve (and theirs, a transport in a transport): each placed embarked, after it ("A Transport can
    Deploy with a Unit already embarked inside of it"). A battle written before placed them by hand, or left them.
    A transport made a casualty lets out those embarked in it (`survivors`)."""
    if isinstance(event, Place) and event.where == "casualty":
        return survivors(cp, event.unit)
    transport = brought_on(event)
    if transport is None or transport >= len(cp.units) or not cp.in_reserve(transport):
        return []
    found: list[int] = []
    carriers = [transport]
    while carriers:
        carrier = carriers.pop(0)
        waiting = [u for u, c in sorted(cp.carriers.items()) if c.index == carrier and cp.place(u) == "reserve"]
        waiting = [unit for unit in waiting if unit not in found and unit != transport]
        found += waiting
        carriers += waiting
    return [{"kind": "place", "unit": unit, "where": "embarked"} for unit in found]


def survivors(cp: CommandPoints, transport: int) -> list[dict[str, Any]]:
    """The units embarked in a transport made a casualty (by the roster's word, or boarded by name), each placed on
    the battlefield ("Survivors of a destroyed Transport will occupy where the Transport model once was")."""
    return [{"kind": "place", "unit": unit, "where": "battlefield"} for unit in cp.aboard(transport)]


def brought_on(event: ResourceEvent) -> int | None:
    """The unit `event` places or deploys on the battlefield (None: it brings none there)."""
    if (isinstance(event, Place) and event.where == "battlefield") or (
        isinstance(event, Action) and event.action == "deploy"
    ):
        return event.unit
    return None
