"""Where each unit of a Warsurge side is in a battle, as its command points place it: the words the reports and the
battle screen say it in, whether the battle knows it, and what it keeps from the player (in reserve, aboard)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.games.warsurge.points import exceeds
from builder.points import show

if TYPE_CHECKING:
    from builder.games.warsurge.command_points import CommandPoints
    from builder.games.warsurge.spend_state import Spend

PLACES = ("battlefield", "embarked", "reserve", "casualty")
PLACE_TAGS = {"battlefield": "on field", "embarked": "embarked", "reserve": "reserve", "casualty": "casualty"}
"""Where a unit is, as short as its row in the battle's unit list says it (a pane of 80 columns' two)."""


def boardable(spend: Spend, side: int, unit: int) -> list[tuple[int, str]]:
    """The transports the side's unit may board now, by roster index and name: its side's not a casualty, with room
    for it, itself aside, its roster's first."""
    cp = spend.sides[side] if side < len(spend.sides) else None
    if cp is None:
        return []
    own = cp.carriers[unit].index if unit in cp.carriers else -1
    standing = [t for t in sorted(cp.transports) if t != unit and cp.place(t) != "casualty"]
    standing = [t for t in standing if no_room(spend, side, unit, t) is None]
    return [(t, cp.units[t]) for t in sorted(standing, key=lambda t: t != own)]


def no_room(spend: Spend, side: int, unit: int, transport: int | None) -> str | None:
    """Why `transport` (None: the unit's roster's) has no room for the unit: the units embarked in it (not their own
    passengers) and the unit together over its Transport points; None where it has, or is none the battle knows."""
    cp = spend.sides[side]
    into = transport if transport is not None else getattr(cp.carriers.get(unit), "index", None)
    if into is None or side >= len(spend.loads) or into not in spend.loads[side][1]:
        return None
    points, capacity = spend.loads[side]
    aboard = sum(points.get(u, 0.0) for u in cp.aboard(into) if u != unit)
    if not exceeds(aboard + points.get(unit, 0.0), capacity[into]):
        return None
    return (
        f"{cp.units[into]} has no room for {cp.units[unit]} ({show(points.get(unit, 0.0))} points): it carries "
        f"{show(aboard)} of its {capacity[into]}"
    )


def only_transport(spend: Spend, side: int, unit: int) -> int | None:
    """The transport a unit placed embarked naming none boards where just one could take it (`boardable`) and it is
    not its roster's (that one it boards by default); None: its roster's, none, or more than one to choose from."""
    offered = boardable(spend, side, unit)
    own = spend.sides[side].carriers.get(unit) if offered else None
    return offered[0][0] if len(offered) == 1 and (own is None or own.index != offered[0][0]) else None


def unnamed_transport(spend: Spend, side: int, unit: int) -> str | None:
    """Why the unit placed embarked must name the transport it boards (`--in`), where its roster's does not stand:
    none, or a casualty; None where its roster's is the one it boards, or where no transport stands at all (the
    refusal is `no_transport`'s)."""
    cp = spend.sides[side]
    others = [name for _, name in boardable(spend, side, unit)]
    own = cp.carriers.get(unit)
    if not others or (own is not None and cp.place(own.index) != "casualty"):
        return None
    why = f"its roster's, {own.name}, is a casualty" if own is not None else "its roster puts it in none"
    return f"name the transport {cp.units[unit]} boards with --in ({', '.join(others)}): {why}"


def place_of(spend: Spend, side: int, unit: int) -> str | None:
    """Where the side's unit is (one of PLACES: a unit never placed is in reserve); None for a side not seated."""
    return spend.sides[side].place(unit) if side < len(spend.sides) else None


def place_choices(spend: Spend, side: int, unit: int) -> tuple[str, ...]:
    """The PLACES the side's unit may be put in: "embarked" while the side has a transport not a casualty, itself
    aside ("Units can embark a Transport by having at least one model make contact with the Transport"; a transport
    may embark in another), whatever its roster starts it in."""
    aboard = side >= len(spend.sides) or bool(boardable(spend, side, unit))
    return tuple(where for where in PLACES if aboard or where != "embarked")


_AFTER = {"casualty": "destroyed", "reserve": "in reserve"}
"""What an embarked unit's line says of its transport where that one is not out on the battlefield."""


def where_words(spend: Spend, side: int, unit: int) -> str:
    """Where the side's unit is, in words: its place, and the transport an embarked unit is in where the battle knows
    which (the one it boarded by name, else its roster's): "embarked in Ursus APC", "embarked in Old Rumbler
    (destroyed)": its survivors are to be placed; "… (in reserve)": so is its passenger."""
    cp = spend.sides[side]
    place, carrier = cp.place(unit), cp.carrier(unit)
    if place != "embarked" or carrier is None:
        return place
    outer = "reserve" if cp.in_reserve(carrier.index) else cp.place(carrier.index)
    return f"embarked in {carrier.name}" + (f" ({_AFTER[outer]})" if outer in _AFTER else "")


_WORDS = {"battlefield": "on the battlefield", "reserve": "in reserve", "casualty": "a casualty"}


def place_words(spend: Spend, side: int, unit: int) -> str | None:
    """Where the side's unit is, as the reports say it ("on the battlefield", "in reserve", "embarked in Ursus APC
    (in reserve)"), where the battle knows where the side's units are (`keeps_places`); else None."""
    if not keeps_places(spend, side) or unit >= len(spend.sides[side].units):
        return None
    words = where_words(spend, side, unit)
    return _WORDS.get(words, words)


def keeps_places(spend: Spend, side: int) -> bool:
    """Whether the battle knows where the side's units are: its player has placed one (a casualty too, where it is
    not one the tracker records of a unit it destroyed), or the Turn Master has rolled a game turn's CP, which count
    only the units the players have put on the battlefield. Else (a Standard game; an Advanced one played without
    places, as older battle files were) a unit never placed is nowhere the battle knows."""
    if not spend.placing or side >= len(spend.sides):
        return False
    cp = spend.sides[side]
    down = spend.destroyed[side] if side < len(spend.destroyed) else frozenset()
    return spend.rolled > 0 or any(placed_by_hand(cp, unit, down) for unit in cp.where)


def placed_by_hand(cp: CommandPoints, unit: int, destroyed: frozenset[int]) -> bool:
    """Whether the unit's place is the player's: anywhere but a casualty, a casualty the tracker has not destroyed
    (placed one at full HP: it fled), or one placed so before the tracker destroyed it (where it fell: a casualty)."""
    return cp.place(unit) != "casualty" or unit not in destroyed or cp.fallen.get(unit) == "casualty"


def out_of_reach(spend: Spend, side: int, unit: int) -> str | None:
    """Why the side's unit cannot be attacked now, after its name, where the book says so: in reserve (not on the
    battlefield; a passenger of a transport in reserve is too), or embarked in a transport without Fire Points
    ("While inside a Transport, the passenger Unit is safe from being Attacked"; with Fire Points it may be, in a
    melee). None where it can be, where the transport is not known or was destroyed (its survivors are placed where it
    was), or where the battle does not know where the side's units are (`keeps_places`)."""
    if not keeps_places(spend, side) or unit >= len(spend.sides[side].units):
        return None
    cp = spend.sides[side]
    place, carrier = cp.place(unit), cp.carrier(unit)
    if cp.in_reserve(unit):
        return "is in reserve, not on the battlefield: it cannot be attacked until it is deployed"
    if place != "embarked" or carrier is None or carrier.fire_points or cp.place(carrier.index) == "casualty":
        return None
    return f"is embarked in {carrier.name}, which has no Fire Points: a passenger cannot be attacked"


def in_reserve(spend: Spend, side: int) -> frozenset[int] | None:
    """The side's units (by roster index) waiting in reserve: placed there, never placed, or aboard a transport that
    waits there; the battle sets the scenario's reserves to them as each event is recorded (Deathmatch counts them
    lost at the end). None where the battle does not know where the side's units are (`keeps_places`): the
    scenario's own record alone."""
    if not keeps_places(spend, side):
        return None
    cp = spend.sides[side]
    return frozenset(unit for unit in range(len(cp.units)) if cp.in_reserve(unit))


def reserve_event(spend: Spend, side: int, unit: int, into: bool) -> dict[str, Any] | None:
    """The place a unit put into the scenario's reserves (or taken out of them, onto the battlefield) goes to, recorded
    with it where the battle knows where the side's units are; None elsewhere."""
    if not keeps_places(spend, side) or unit >= len(spend.sides[side].units):
        return None
    return {"kind": "place", "unit": unit, "where": "reserve" if into else "battlefield"}
