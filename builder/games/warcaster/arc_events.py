"""The Arc events of a Warcaster player: charges, clears, spikes, deployments, recalls, gates and their damage."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from builder.games.warcaster.steps import Turn
from builder.resources import ResourceEvent

Index = Annotated[int, Field(ge=0, le=9_999)]
GateNumber = Annotated[int, Field(ge=1, le=999)]
Amount = Annotated[int, Field(ge=1, le=99)]


class Charge(ResourceEvent):
    """Arc from the well onto a unit in play or a gate: 1 in the Charging Phase, or what a special rule gives."""

    kind: Literal["charge"] = "charge"
    unit: Index | None = None
    gate: GateNumber | None = None
    amount: Amount = 1
    rule: str | None = Field(None, max_length=80)
    """The special rule that charges outside the Charging Phase (None: the Charging Phase's one charge)."""


class Clear(ResourceEvent):
    """Arc from a unit or a gate back to the well: in the Charging Phase, or by a rule (an enemy's Null Collider)."""

    kind: Literal["clear"] = "clear"
    unit: Index | None = None
    gate: GateNumber | None = None
    amount: Amount = 1
    rule: str | None = Field(None, max_length=80)


class Spike(ResourceEvent):
    """A charged unit spikes: 1 Arc cleared from it for its spike rule, at any time."""

    kind: Literal["spike"] = "spike"
    unit: Index


class Deploy(ResourceEvent):
    """Units from the reserves into play: their DC cleared from one gate (none during the set-up, up to 5 DC)."""

    kind: Literal["deploy"] = "deploy"
    units: list[Index] = Field(min_length=1, max_length=99)
    gate: GateNumber | None = None


class Recall(ResourceEvent):
    """A unit in play back to the reserves in the Deployment Phase, instead of deploying; its Arc cleared."""

    kind: Literal["recall"] = "recall"
    unit: Index


class TakeBack(ResourceEvent):
    """A unit deployed in the set-up taken back to the reserves (a recall there): its DC counts no more against the
    set-up's 5, and the set-up goes on. Its own kind, not a field of `recall`: a battle's code names an event's fields
    by their place among its kind's, so a field more would change how every recall written before reads."""

    kind: Literal["take-back"] = "take-back"
    unit: Index


class Destroyed(ResourceEvent):
    """A unit destroyed (a squad's last model): its Arc cleared; it goes to the reserves, a hero out of the game."""

    kind: Literal["destroyed"] = "destroyed"
    unit: Index


class PlaceGate(ResourceEvent):
    """A void gate placed after deploying, charged with up to 5 Arc; `by` the warrior model that places it (None:
    near the player's own table edge)."""

    kind: Literal["place-gate"] = "place-gate"
    arc: Annotated[int, Field(ge=0, le=99)] = 0
    by: Index | None = None


class GateDamage(ResourceEvent):
    """Damage to a void gate: 1 Arc cleared for each damage point; at its last Arc it collapses."""

    kind: Literal["gate-damage"] = "gate-damage"
    gate: GateNumber
    damage: Amount


ArcEvent = Turn | Charge | Clear | Spike | Deploy | Recall | Destroyed | PlaceGate | GateDamage | TakeBack
"""Every Arc event, told apart by `kind`."""
