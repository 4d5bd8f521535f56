"""A Warcaster's Arc: the well of 7, Arc on units and void gates within their limits, deployment paid from a gate."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from builder.games.warcaster import steps
from builder.games.warcaster.arc_events import (
    ArcEvent,
    Charge,
    Clear,
    Deploy,
    Destroyed,
    GateDamage,
    PlaceGate,
    Recall,
    Spike,
    TakeBack,
)
from builder.games.warcaster.rules_base import unit_dc
from builder.games.warcaster.steps import Turn
from builder.resources import refuse
from catalog.wording import counted

if TYPE_CHECKING:
    from builder.games.warcaster.catalogue import WarcasterCatalogue
    from builder.games.warcaster.roster import WarcasterRoster

WELL = 7
"""Arc each Warcaster starts the game with, in the well."""
GATE_LIMIT = 5
"""Arc a void gate holds at most (and is placed with at most)."""
MAX_GATES = 2
"""Void gates one player has in play at most."""
SETUP_DC = 5
"""Deployment cost each player deploys at most before the first turn, without a gate."""
ARC_LIMITS: Mapping[str, int] = MappingProxyType(
    {"warjack": 3, "solo": 1, "hero": 1, "squad": 1, "vehicle": 1, "mantlet": 0}
)
"""Arc a unit of each catalogue type holds at most: the book's warjack 3, solo 1, squad 1 (a hero is a solo). The
book names no vehicle (one model with one charge and one spike rule, like a solo: 1) nor mantlet (no charge or
spike rule: 0); docs/resources.md says so."""
RELAY = "arc-relay-"
"""The special rule a Fury is channeled through, its score after it (the catalogue's `arc-relay-10`)."""
WARRIORS = frozenset({"squad", "solo", "hero"})
"""Unit types of warrior models (troopers and solos), the ones that may be nominated to place a gate."""


@dataclass(frozen=True)
class ArcUnit:
    """A unit of the force as Arc sees it: its name, catalogue type and deployment cost."""

    name: str
    type: str
    dc: int = 0
    relay: int = 0
    """Its Arc Relay score (the range of the Furies channeled through it; 0: it has no Arc Relay)."""

    @property
    def limit(self) -> int:
        return ARC_LIMITS.get(self.type, 1)


def _frozen(mapping: Mapping[int, int] | None = None) -> Mapping[int, int]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class ArcState:
    """One player's Arc: in the well, on each unit in play (by roster index; 0 when uncharged), on each void gate
    (by the number it was placed under, 1 first), and what this turn has done with it."""

    units: tuple[ArcUnit, ...]
    well: int = WELL
    in_play: Mapping[int, int] = field(default_factory=_frozen)
    gates: Mapping[int, int] = field(default_factory=_frozen)
    placed: int = 0
    """Gates placed so far (the next is number placed + 1)."""
    removed: frozenset[int] = frozenset()
    """Heroes destroyed: removed from the game."""
    turn: int = 0
    """This player's turns begun (0: the set-up)."""
    step: int = steps.SETUP
    setup_dc: int = 0
    charged: bool = False
    cleared: bool = False
    recalled: bool = False
    deployed_now: frozenset[int] = frozenset()
    gate_placed: bool = False

    @property
    def total(self) -> int:
        """All the Arc: always WELL."""
        return self.well + sum(self.in_play.values()) + sum(self.gates.values())

    def has_models_in_play(self) -> bool:
        """A unit or a gate in play (a player with neither loses at once: the mercy rule)."""
        return bool(self.in_play or self.gates)


def arc_units(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> tuple[ArcUnit, ...]:
    """The roster's units with their types and deployment costs (attachments' modifiers added)."""
    found = []
    for unit in roster.units:
        entry = catalogue.unit(unit.id)
        found.append(
            ArcUnit(
                entry.name if entry else unit.id,
                entry.type if entry else "unknown",
                unit_dc(catalogue, unit) or 0,
                max(arc_relay(_rules(catalogue, model)) for model in [unit.id, *unit.attachments]),
            )
        )
    return tuple(found)


def _rules(catalogue: WarcasterCatalogue, unit_id: str) -> list[str]:
    entry = catalogue.unit(unit_id)
    return list(entry.rules) if entry else []


def arc_relay(rules: list[str]) -> int:
    """The best Arc Relay score among a model's special rules (`arc-relay-10` is 10), 0 where it has none."""
    scores = [rule.removeprefix(RELAY) for rule in rules if rule.startswith(RELAY)]
    return max((int(score) for score in scores if score.isdigit()), default=0)


def new_arc(units: tuple[ArcUnit, ...]) -> ArcState:
    """The set-up: all 7 Arc in the well, every unit in reserve, no gate."""
    return ArcState(units)


def apply_arc(state: ArcState, event: ArcEvent) -> ArcState:
    """The state after `event`; Refused (battle/arc, battle/gate or battle/turn) when the book forbids it."""
    match event:
        case Turn():
            return replace(
                state,
                turn=state.turn + 1,
                step=steps.READY,
                charged=False,
                cleared=False,
                recalled=False,
                deployed_now=frozenset(),
                gate_placed=False,
            )
        case Charge():
            return _charge(state, event)
        case Clear():
            return _clear(state, event)
        case Spike():
            if not _on(state, event.unit, "unit"):
                refuse("battle/arc", "unit", f"{_name(state, event.unit)} has no Arc to spike (it is not charged)")
            return _move(state, event.unit, None, -1)
        case Deploy():
            return _deploy(state, event)
        case TakeBack():
            if state.step != steps.SETUP:
                refuse("battle/turn", "unit", "the set-up is over: a unit is recalled in its player's Deployment Phase")
            _in_play(state, event.unit)  # only a set-up deployment is in play: taken back, its DC with it
            return replace(_leave(state, event.unit), setup_dc=state.setup_dc - state.units[event.unit].dc)
        case Recall():
            step = steps.reach(state.step, steps.DEPLOYMENT, "recalling a unit", "unit")
            if state.recalled or state.deployed_now:
                refuse("battle/arc", "unit", "one recall a turn, and only instead of deploying")
            _in_play(state, event.unit)
            return replace(_leave(state, event.unit), step=step, recalled=True)
        case Destroyed():
            _in_play(state, event.unit)
            left = _leave(state, event.unit)
            return (
                replace(left, removed=left.removed | {event.unit}) if state.units[event.unit].type == "hero" else left
            )
        case PlaceGate():
            return _place_gate(state, event)
        case GateDamage():
            arc = _gate(state, event.gate)
            if arc == 0:  # placed without Arc: the first damage has nothing to clear, and it collapses
                return replace(state, gates=_frozen({g: a for g, a in state.gates.items() if g != event.gate}))
            return _move(state, None, event.gate, -min(arc, event.damage))


def _charge(state: ArcState, event: Charge) -> ArcState:
    unit, gate = _target(state, event.unit, event.gate)
    if event.rule is None:
        state = replace(state, step=steps.reach(state.step, steps.CHARGING, "charging", _where(unit)))
        if state.charged or state.cleared or event.amount != 1:
            refuse(
                "battle/arc",
                _where(unit),
                "the Charging Phase charges one unit or gate with 1 Arc, or clears Arc — not both, and once",
            )
        state = replace(state, charged=True)
    if event.amount > state.well:
        refuse("battle/arc", _where(unit), f"the well has {counted(state.well, 'Arc', 'Arc')}, not {event.amount}")
    holding, limit, name = _holding(state, unit, gate)
    if holding + event.amount > limit:
        refuse(
            "battle/arc",
            _where(unit),
            f"{name} holds {limit} Arc at most ({holding} on it, {event.amount} more asked)",
        )
    return _move(state, unit, gate, event.amount)


def _clear(state: ArcState, event: Clear) -> ArcState:
    unit, gate = _target(state, event.unit, event.gate)
    if event.rule is None:
        state = replace(state, step=steps.reach(state.step, steps.CHARGING, "clearing Arc", _where(unit)))
        if state.charged:
            refuse("battle/arc", _where(unit), "this Charging Phase charged already: it charges or clears, not both")
        state = replace(state, cleared=True)
    holding, _, name = _holding(state, unit, gate)
    if event.amount > holding:
        refuse("battle/arc", _where(unit), f"{name} has {holding} Arc, not {event.amount} to clear")
    return _move(state, unit, gate, -event.amount)


def _deploy(state: ArcState, event: Deploy) -> ArcState:
    for n, unit in enumerate(event.units):
        if unit >= len(state.units):
            refuse("battle/arc", f"units[{n}]", f"there is no unit {unit + 1} in the force (it has {len(state.units)})")
        if unit in state.in_play or unit in state.removed or unit in event.units[:n]:
            where = "was removed from the game" if unit in state.removed else "is in play"
            refuse("battle/arc", f"units[{n}]", f"{_name(state, unit)} {where}: only a unit in reserve is deployed")
    cost = sum(state.units[unit].dc for unit in event.units)
    entered = {**state.in_play, **dict.fromkeys(event.units, 0)}
    if state.step == steps.SETUP:
        if event.gate is not None:
            refuse("battle/gate", "gate", "the set-up deploys near the rear edge, not from a gate")
        if state.setup_dc + cost > SETUP_DC:
            refuse("battle/arc", "units", f"the set-up deploys up to {SETUP_DC} DC: {state.setup_dc} + {cost} is more")
        return replace(state, in_play=_frozen(entered), setup_dc=state.setup_dc + cost)
    step = steps.reach(state.step, steps.DEPLOYMENT, "deploying", "units")
    if state.recalled:
        refuse("battle/arc", "units", "this turn recalled a unit: it deploys none")
    if event.gate is None:
        refuse("battle/gate", "gate", "a unit is deployed from a void gate: name the gate its DC is cleared from")
    arc = _gate(state, event.gate)
    if cost > arc:
        refuse("battle/gate", "gate", f"gate {event.gate} has {arc} Arc, not the {cost} DC of the units deployed")
    paid = _move(state, None, event.gate, -cost)
    return replace(paid, in_play=_frozen(entered), step=step, deployed_now=state.deployed_now | set(event.units))


def _place_gate(state: ArcState, event: PlaceGate) -> ArcState:
    step = steps.reach(state.step, steps.GATE, "placing a void gate", "arc")
    if state.gate_placed:
        refuse("battle/gate", "arc", "one void gate placed a turn")
    if len(state.gates) >= MAX_GATES:
        refuse("battle/gate", "arc", f"{MAX_GATES} void gates are in play already: the most a player has")
    if event.by is not None:
        _in_play(state, event.by, "by")
        if state.units[event.by].type not in WARRIORS or event.by in state.deployed_now:
            why = "was deployed this turn" if event.by in state.deployed_now else "is no warrior model"
            refuse("battle/gate", "by", f"{_name(state, event.by)} {why}: it cannot be nominated to place a gate")
    if event.arc > min(GATE_LIMIT, state.well):
        refuse("battle/arc", "arc", f"a gate is placed with up to {GATE_LIMIT} Arc, from the well's {state.well}")
    number = state.placed + 1
    gates = _frozen({**state.gates, number: event.arc})
    return replace(state, gates=gates, placed=number, well=state.well - event.arc, step=step, gate_placed=True)


def _move(state: ArcState, unit: int | None, gate: int | None, amount: int) -> ArcState:
    """`amount` Arc from the well onto the unit or gate (negative: back to the well); a gate left empty collapses."""
    if unit is not None:
        return replace(
            state, well=state.well - amount, in_play=_frozen({**state.in_play, unit: state.in_play[unit] + amount})
        )
    assert gate is not None
    gates = {**state.gates, gate: state.gates[gate] + amount}
    if gates[gate] == 0 and amount < 0:
        del gates[gate]  # cleared of its last Arc: collapses and is removed from play
    return replace(state, well=state.well - amount, gates=_frozen(gates))


def _leave(state: ArcState, unit: int) -> ArcState:
    """The unit out of play, its Arc cleared to the well."""
    arc = state.in_play[unit]
    return replace(state, well=state.well + arc, in_play=_frozen({u: a for u, a in state.in_play.items() if u != unit}))


def _target(state: ArcState, unit: int | None, gate: int | None) -> tuple[int | None, int | None]:
    if (unit is None) == (gate is None):
        refuse("battle/arc", "unit", "name one unit or one gate")
    if unit is not None:
        _in_play(state, unit)
    else:
        assert gate is not None
        _gate(state, gate)
    return unit, gate


def _holding(state: ArcState, unit: int | None, gate: int | None) -> tuple[int, int, str]:
    """Arc on the unit or gate, the most it holds, and its name."""
    if unit is not None:
        return state.in_play[unit], state.units[unit].limit, _name(state, unit)
    assert gate is not None
    return state.gates[gate], GATE_LIMIT, f"gate {gate}"


def _in_play(state: ArcState, unit: int, path: str = "unit") -> None:
    if unit >= len(state.units):
        refuse("battle/arc", path, f"there is no unit {unit + 1} in the force (it has {len(state.units)})")
    if unit not in state.in_play:
        refuse("battle/arc", path, f"{_name(state, unit)} is not in play")


def _gate(state: ArcState, gate: int) -> int:
    if gate not in state.gates:
        gone = "collapsed" if gate <= state.placed else "was never placed"
        refuse("battle/gate", "gate", f"gate {gate} {gone}: no such gate in play")
    return state.gates[gate]


def _on(state: ArcState, unit: int, path: str) -> int:
    _in_play(state, unit, path)
    return state.in_play[unit]


def _name(state: ArcState, unit: int) -> str:
    return state.units[unit].name if unit < len(state.units) else f"unit {unit + 1}"


def _where(unit: int | None) -> str:
    return "unit" if unit is not None else "gate"


def arc_summary(state: ArcState) -> str:
    """The compact line: 'Arc 3 · gates 4+0 · on units 0' (the well, each gate's Arc, the Arc on units)."""
    gates = "+".join(str(arc) for _, arc in sorted(state.gates.items())) or "none"
    return f"Arc {state.well} · gates {gates} · on units {sum(state.in_play.values())}"
