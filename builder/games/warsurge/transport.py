"""Warsurge transports: who rides in whom (by `key` / `embarked_in`), capacity in points, nesting depth."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from difflib import get_close_matches
from typing import TYPE_CHECKING

from builder.findings import Finding, error
from builder.games.warsurge.points import exceeds, unit_points
from builder.points import show
from catalog.wording import counted

if TYPE_CHECKING:
    from builder.games.warsurge.catalogue import WarsurgeCatalogue, WarsurgeUnit
    from builder.games.warsurge.roster import WarsurgeRoster, WarsurgeRosterUnit

CODE = "warsurge/transport"

Row = tuple["WarsurgeRosterUnit", "WarsurgeUnit | None", float]
"""(roster unit, catalogue unit or None, exact points): one unit of a roster as the rules see it."""


def unit_name(roster_unit: WarsurgeRosterUnit, unit: WarsurgeUnit | None) -> str:
    """What a message calls a unit: the player's label, else the catalogue name, else the id."""
    return roster_unit.label or (unit.name if unit is not None else roster_unit.id)


@dataclass(frozen=True)
class Carrier:
    """The transport a unit starts embarked in, as a battle says it: its name, whether it has Fire Points, and its
    roster index (a passenger of a destroyed transport is out on the battlefield)."""

    name: str
    fire_points: bool
    index: int


def carriers(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> dict[int, Carrier]:
    """Each unit that starts embarked (by roster index) and the transport it is in; a unit whose `embarked_in` names
    no transport of the roster (a finding of its own) has none."""
    keys = {unit.key: index for index, unit in enumerate(roster.units) if unit.key is not None}
    found = {}
    for index, unit in enumerate(roster.units):
        if unit.embarked_in is None or (at := keys.get(unit.embarked_in)) is None or at == index:
            continue
        vehicle = roster.units[at]
        entry = catalogue.unit(vehicle.id)
        if entry is not None and entry.transport > 0:
            found[index] = Carrier(unit_name(vehicle, entry), entry.fire_points, at)
    return found


def transports(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> frozenset[int]:
    """The roster index of each unit the catalogue gives Transport points: what a unit may be embarked in."""
    return frozenset(
        index for index, unit in enumerate(roster.units) if getattr(catalogue.unit(unit.id), "transport", 0) > 0
    )


def loads(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> tuple[dict[int, float], dict[int, int]]:
    """Each unit's points (roster index: exact) and each transport's Transport points: what one has room for."""
    units, weapons = catalogue.units_by_id, catalogue.weapons_by_id
    entries = [(unit, units.get(unit.id)) for unit in roster.units]
    points = {i: unit_points(unit.models, unit.weapons, entry, weapons) for i, (unit, entry) in enumerate(entries)}
    return points, {i: entry.transport for i, (_, entry) in enumerate(entries) if entry and entry.transport > 0}


def with_fire_points(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> frozenset[int]:
    """The roster index of each transport with Fire Points (its passengers may be attacked in a melee)."""
    return frozenset(
        index for index, unit in enumerate(roster.units) if getattr(catalogue.unit(unit.id), "fire_points", False)
    )


_PLACED = {"battlefield": "on the battlefield", "reserve": "in reserve"}


def cannot_board(name: str, where: str, vehicle: str, itself: bool, transport: bool, casualty: bool) -> str | None:
    """Why the unit `name`, placed `where`, cannot board `vehicle` (`itself`: it names itself; `transport`: the
    roster's transport; `casualty`: one now), or None where it can."""
    if where != "embarked":
        return f"{name} is placed {_PLACED.get(where, 'a casualty')}, not embarked: it boards no transport"
    if itself:
        return f"{name} cannot board itself"
    if not transport:
        return f"{vehicle} is no transport: {name} cannot board it"
    return f"{vehicle} is a casualty: {name} cannot board it" if casualty else None


def no_transport(name: str, unit: int, transports: frozenset[int]) -> str:
    """Why the unit `name` (roster index `unit`) cannot embark, `transports` its side's: none in its roster, none but
    itself, or none left but those made casualties."""
    if transports - {unit}:
        return f"{name} cannot embark: the side has no transport left, each one a casualty"
    none = "other transport" if unit in transports else "transport in its roster"
    return f"{name} cannot embark: the side has no {none}"


def transport_findings(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue, rows: list[Row]) -> Iterator[Finding]:
    """Every transport problem; `rows` holds (roster unit, catalogue unit or None, exact points) per unit."""
    units = [row[0] for row in rows]
    cat = [row[1] for row in rows]
    points = [row[2] for row in rows]
    keys: dict[str, int] = {}
    for i, unit in enumerate(units):
        if unit.key is None:
            continue
        if unit.key in keys:
            first = keys[unit.key]
            yield error(
                CODE,
                f"units[{i}].key",
                f"{unit_name(unit, cat[i])} has the same transport key as {unit_name(units[first], cat[first])}; "
                "each transport needs its own",
            )
        else:
            keys[unit.key] = i

    carrier: dict[int, int] = {}  # passenger index -> transport index, for valid embarkations only
    for i, unit in enumerate(units):
        target = unit.embarked_in
        if target is None:
            continue
        where = f"units[{i}].embarked_in"
        who = unit_name(unit, cat[i])
        if target == unit.key:
            yield error(CODE, where, f"{who} cannot embark in itself")
            continue
        if target not in keys:
            near = get_close_matches(target, list(keys), n=3, cutoff=0.5)
            hint = f" — did you mean {', '.join(repr(n) for n in near)}?" if near else ""
            yield error(
                CODE, where, f"{who} is embarked in a transport that is not in the roster (key '{target}'){hint}"
            )
            continue
        t = keys[target]
        if (vehicle := cat[t]) is None or vehicle.transport <= 0:
            yield error(CODE, where, f"{who} is embarked in {unit_name(units[t], cat[t])}, which is not a transport")
            continue
        carrier[i] = t

    yield from _capacity(units, cat, carrier, points)
    yield from _depth(units, cat, carrier, catalogue.rules.transport_depth)


def _capacity(
    units: list[WarsurgeRosterUnit], cat: list[WarsurgeUnit | None], carrier: dict[int, int], points: list[float]
) -> Iterator[Finding]:
    """Passengers count at their own points; a transport's own passengers are not added to its carrier's load."""
    load: dict[int, float] = {}
    for passenger, transport in carrier.items():
        load[transport] = load.get(transport, 0.0) + points[passenger]
    for t in sorted(load):
        vehicle = cat[t]
        assert vehicle is not None, "carrier holds only embarkations in a unit the catalogue knows as a transport"
        capacity = vehicle.transport
        if exceeds(load[t], capacity):
            yield error(
                CODE,
                f"units[{t}]",
                f"{unit_name(units[t], cat[t])} carries {counted(show(load[t]), 'point')} of units; "
                f"its Transport is {capacity} ({show(load[t] - capacity)} over)",
            )


def _depth(
    units: list[WarsurgeRosterUnit], cat: list[WarsurgeUnit | None], carrier: dict[int, int], allowed: int
) -> Iterator[Finding]:
    """A transport may ride in a transport only `allowed` levels deep; a loop of embarkations is reported once."""
    in_loop: set[int] = set()
    for i in sorted(carrier):
        chain = [i]
        seen = {i}
        j = carrier[i]
        while j in carrier and j not in seen:
            chain.append(j)
            seen.add(j)
            j = carrier[j]
        if j in seen:
            if i not in in_loop and i == j:
                in_loop.update(chain)
                names = " → ".join(unit_name(units[k], cat[k]) for k in chain + [i])
                yield error(CODE, f"units[{i}].embarked_in", f"embarked in a loop: {names}")
            continue
        level = len(chain)  # transports above unit i
        if (vehicle := cat[i]) is not None and vehicle.transport > 0 and level > allowed:
            yield error(
                CODE,
                f"units[{i}].embarked_in",
                f"{unit_name(units[i], cat[i])} is a transport {counted(level, 'level')} inside other transports; "
                f"transports nest only {counted(allowed, 'level')} deep",
            )
