"""Warsurge Advanced command points: gained each game turn, spent on actions whose cost doubles when a unit repeats."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal, get_args

from pydantic import Field

from builder.games.warsurge.transport import CODE as TRANSPORT_CODE
from builder.games.warsurge.transport import (
    Carrier,
    cannot_board,
    carriers,
    no_transport,
    transports,
    with_fire_points,
)
from builder.resources import ResourceEvent, refuse
from catalog.wording import counted, ordinal, possessive

if TYPE_CHECKING:
    from builder.games.warsurge.catalogue import WarsurgeCatalogue
    from builder.games.warsurge.roster import WarsurgeRoster

CP_PER_UNIT = 2
"""CP each unit on the battlefield (embarked ones too, not those of a transport in reserve) gives at the start of a
game turn."""
POINTS_PER_DIE = 500
"""The Turn Master rolls one D6 for each 500 points of the limit, or part of them."""

OVERRUN = 1
"""CP Time Attack's overrun costs in an Advanced game."""

ActionName = Literal["move", "dash", "attack", "use-perks", "prepare", "guard", "deploy", "support"]
COUNTER_NAMES: Mapping[str, str] = MappingProxyType(
    {"attack": "Counter Attack", "guard": "Counter Guard", "use-perks": "Counter Perk"}
)
"""The actions a unit may take as a counter action when attacked, by their names as counters."""
COUNTERS = frozenset(COUNTER_NAMES)
ACTION_NAMES: Mapping[str, str] = MappingProxyType(
    {action: action.replace("-", " ").title() for action in get_args(ActionName)}
)
"""Each action by its name in the book ("use-perks": "Use Perks")."""
Where = Literal["reserve", "battlefield", "embarked", "casualty", "destroyed"]
"""Where a unit is placed; "destroyed" is the tracker's word for a casualty destroyed on it (a casualty placed so)."""
COUNTED: frozenset[str] = frozenset({"battlefield", "embarked"})
"""Where a unit gives CP from: on the battlefield, or in a transport on it (not in reserve, not a casualty; a passenger
of a transport in reserve is in reserve with it)."""

Index = Annotated[int, Field(ge=0, le=9_999)]


def game_limit(agreed: int | None, limits: Iterable[int]) -> int:
    """The game's point limit: the one the players agreed in the set-up, else (a battle that kept none) the largest
    of the rosters' `limits`."""
    return agreed or max(limits)


def bonus_dice(limit: int) -> int:
    """The Turn Master's D6 for a point limit: 1 up to 500, 2 up to 1,000, 3 up to 1,500 …"""
    return max(1, -(-limit // POINTS_PER_DIE))


@dataclass(frozen=True)
class Spent:
    """One line of the CP ledger: in which game turn which unit did what, and the CP it cost (-1: Support's gain)."""

    game_turn: int
    unit: str
    action: str
    cost: int


@dataclass(frozen=True)
class Gained:
    """A game turn's CP: 2 for each unit on the battlefield (embarked ones too), the Turn Master's roll, and the CP
    left from the game turn before."""

    game_turn: int
    units: int
    roll: tuple[int, ...]
    left: int

    def line(self) -> str:
        """'turn 1  +14 CP: 8 for 4 units, 6 rolled (4 2), 0 left': the sum the player can check at the table."""
        units, rolled = CP_PER_UNIT * self.units, " ".join(map(str, self.roll))
        return (
            f"turn {self.game_turn}  +{units + sum(self.roll)} CP: {units} for {counted(self.units, 'unit', 'units')}, "
            f"{sum(self.roll)} rolled ({rolled}), {self.left} carried over"
        )


def _frozen(mapping: Mapping[int, str] | None = None) -> Mapping[int, str]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class CommandPoints:
    """One player's CP: what they have, where each unit is (by roster index; reserve unless placed), how often each
    unit used each action this game turn, which units acted or supported, and the ledger of what was spent."""

    units: tuple[str, ...]
    limit: int
    cp: int = 0
    game_turn: int = 0
    where: Mapping[int, str] = field(default_factory=_frozen)
    used: Mapping[tuple[int, str], int] = field(default_factory=lambda: MappingProxyType({}))
    acted: frozenset[int] = frozenset()
    supported: frozenset[int] = frozenset()
    ledger: tuple[Spent, ...] = ()
    gains: tuple[Gained, ...] = ()
    """Each game turn's CP, as the roll gave them."""
    carriers: Mapping[int, Carrier] = field(default_factory=lambda: MappingProxyType({}))
    """The transport each unit the roster embarks starts in (the one it is in while placed `embarked`)."""
    fallen: Mapping[int, str] = field(default_factory=_frozen)
    """Where each casualty was when it fell (absent: never placed), for a loss marked back by mistake."""
    transports: frozenset[int] = frozenset()
    """The roster's transports (a unit with Transport points), any of which a unit may board in the game."""
    fire_points: frozenset[int] = frozenset()
    """The roster's transports with Fire Points."""
    boarded: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    """The transport each unit placed embarked boarded by name (`place … embarked --in`) where it is not the one its
    roster starts it in; kept while it is a casualty, for a loss marked back."""

    def place(self, unit: int) -> str:
        return self.where.get(unit, "reserve")

    def in_reserve(self, unit: int) -> bool:
        """Whether the unit waits in reserve: placed there (or never placed), or embarked in a transport that does,
        through a transport in a transport ("A Transport can Deploy with a Unit already embarked inside of it")."""
        seen = {unit}
        while self.place(unit) == "embarked" and (carrier := self.carrier(unit)) and carrier.index not in seen:
            seen.add(unit := carrier.index)
        return self.place(unit) == "reserve"

    def on_battlefield(self, unit: int) -> bool:
        """Whether the unit gives CP: on the battlefield or embarked in a transport there (the book counts "each Unit
        on the Battlefield (including those that are inside Transports)" and not "Units that are in Reserve")."""
        return self.place(unit) in COUNTED and not self.in_reserve(unit)

    def carrier(self, unit: int) -> Carrier | None:
        """The transport the unit is in while placed embarked: the one it boarded by name, else its roster's (None:
        neither, a battle written before `--in` that placed it embarked in no transport the roster names)."""
        if (boarded := self.boarded.get(unit)) is not None and boarded < len(self.units):
            return Carrier(self.units[boarded], boarded in self.fire_points, boarded)
        return self.carriers.get(unit)

    def aboard(self, transport: int) -> list[int]:
        """The units placed embarked in `transport` (the roster's, or boarded by name), in roster order."""
        return [
            unit
            for unit in range(len(self.units))
            if self.place(unit) == "embarked" and (carrier := self.carrier(unit)) and carrier.index == transport
        ]

    def boards(self, unit: int) -> bool:
        """Whether the unit has a transport to be embarked in: one of its side's not a casualty, itself aside."""
        return any(t != unit and self.place(t) != "casualty" for t in self.transports)

    def cost(self, unit: int, action: str) -> int:
        """What the action costs the unit now: 1, doubled for each time it used it this game turn (Deploy: free)."""
        return 0 if action in ("deploy", "support") else 2 ** self.used.get((unit, action), 0)


class GameTurn(ResourceEvent):
    """A game turn begins: 2 CP for each unit on the battlefield, the Turn Master's `roll` (one D6 per 500 points
    of the limit) and the CP left from the last game turn; every action costs 1 again."""

    kind: Literal["game-turn"] = "game-turn"
    roll: list[Annotated[int, Field(ge=1, le=6)]] = Field(min_length=1, max_length=200)


class Action(ResourceEvent):
    """A unit's action (`counter`: as a counter action when attacked, which counts toward the doubling too)."""

    kind: Literal["action"] = "action"
    unit: Index
    action: ActionName
    counter: bool = False


class Place(ResourceEvent):
    """Where a unit now is, outside any action: deployed in the first game turn's set-up, embarked or out of a
    transport (`transport`: the one it boards, by roster index; None: its roster's), or a casualty."""

    kind: Literal["place"] = "place"
    unit: Index
    where: Where
    transport: Index | None = None
    added: ClassVar[tuple[str, ...]] = ("transport",)


class Overrun(ResourceEvent):
    """Time Attack: the player went over the timer, which costs 1 CP (the action is still made); a player with no CP
    left pays nothing (the book charges no debt)."""

    kind: Literal["overrun"] = "overrun"


CommandEvent = GameTurn | Action | Place | Overrun
"""Every command-point event, told apart by `kind`."""
CommandRecord = Annotated[CommandEvent, Field(discriminator="kind")]
"""One event as a battle file, a battle code or JSON holds it: read back as its own class by `kind`."""


def new_command_points(units: tuple[str, ...], limit: int) -> CommandPoints:
    """Before the first game turn: no CP, every unit in reserve."""
    return CommandPoints(units, limit)


def roster_command_points(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> CommandPoints:
    """A roster's units by name (the player's label first), its point limit and the transport each unit it embarks
    starts in, before the first game turn."""
    names = []
    for unit in roster.units:
        entry = catalogue.unit(unit.id)
        names.append(unit.label or (entry.name if entry else unit.id))
    return replace(
        new_command_points(tuple(names), roster.point_limit),
        carriers=MappingProxyType(carriers(roster, catalogue)),
        transports=transports(roster, catalogue),
        fire_points=with_fire_points(roster, catalogue),
    )


def apply_command_points(state: CommandPoints, event: CommandEvent, game_turn: int | None = None) -> CommandPoints:
    """The state after `event`; Refused (battle/cp or battle/turn) when the book forbids it. A game turn's CP are
    that turn's (`game_turn`: the battle's, which may have passed one without a roll; else the next)."""
    match event:
        case GameTurn():
            turn = game_turn if game_turn is not None else state.game_turn + 1
            dice = bonus_dice(state.limit)
            if len(event.roll) != dice:
                refuse(
                    "battle/cp",
                    "roll",
                    f"a {state.limit}-point game rolls {counted(dice, 'D6', 'D6')} for CP, not {len(event.roll)}",
                )
            units = sum(1 for unit in range(len(state.units)) if state.on_battlefield(unit))
            gained = CP_PER_UNIT * units + sum(event.roll)
            return replace(
                state,
                cp=state.cp + gained,
                gains=(*state.gains, Gained(turn, units, tuple(event.roll), state.cp)),
                game_turn=turn,
                used=MappingProxyType({}),
                acted=frozenset(),
                supported=frozenset(),
            )
        case Place():
            return _placed(state, event)
        case Overrun():  # the book charges 1 CP; a player with none pays nothing (no debt), and the ledger says so
            _begun(state, "")
            paid = min(OVERRUN, state.cp)
            return replace(
                state, cp=state.cp - paid, ledger=(*state.ledger, Spent(state.game_turn, "", "overrun", paid))
            )
        case Action():
            return _act(state, event)


def _placed(state: CommandPoints, event: Place) -> CommandPoints:
    name, into = _unit(state, event.unit), event.transport
    if event.where == "embarked" and not state.boards(event.unit):
        refuse(TRANSPORT_CODE, "where", no_transport(name, event.unit, state.transports))
    if into is not None:
        vehicle, casualty = _unit(state, into), state.place(into) == "casualty"
        if why := cannot_board(name, event.where, vehicle, into == event.unit, into in state.transports, casualty):
            refuse(TRANSPORT_CODE, "transport", why)
    down = event.where in ("casualty", "destroyed")  # a casualty keeps the transport it was in, for a loss marked back
    boarded = {unit: t for unit, t in state.boarded.items() if unit != event.unit or down}
    if into is not None and state.carriers.get(event.unit, _NONE).index != into:
        boarded[event.unit] = into
    state = replace(state, boarded=MappingProxyType(boarded))
    fallen = {unit: where for unit, where in state.fallen.items() if unit != event.unit}
    was, where = state.where.get(event.unit), "casualty" if event.where == "destroyed" else event.where
    if where == "casualty" and was is not None:
        if was == event.where:  # placed a casualty again by hand: where it fell still holds
            return state
        fallen[event.unit] = was  # "casualty": destroyed on the tracker as one, and one again if healed
    return replace(state, where=_frozen({**state.where, event.unit: where}), fallen=_frozen(fallen))


def _act(state: CommandPoints, event: Action) -> CommandPoints:
    _begun(state, "action")
    name, what = _unit(state, event.unit), ACTION_NAMES[event.action]
    where = state.place(event.unit)
    if event.unit in state.supported:
        refuse("battle/cp", "unit", f"{name} gave Support this game turn: it makes no other action")
    if event.counter and event.action not in COUNTERS:
        refuse("battle/cp", "action", f"{what} is no counter action (Attack, Guard or Use Perks are)")
    if event.action == "deploy":
        if where != "reserve":
            refuse("battle/cp", "unit", f"{name} is not in reserve: only a unit in reserve is deployed")
        where = "battlefield"
    elif where not in COUNTED:
        refuse("battle/cp", "unit", f"{name} is {'a casualty' if where == 'casualty' else 'in reserve'}: it cannot act")
    elif not state.on_battlefield(event.unit):
        refuse("battle/cp", "unit", f"{name} is aboard a transport in reserve: it cannot act until that deploys")
    if event.action == "support":
        if event.unit in state.acted:
            refuse("battle/cp", "unit", f"{name} has acted this game turn: only a unit that has not gives Support")
        spent = Spent(state.game_turn, name, "support", -1)
        return replace(
            state,
            cp=state.cp + 1,
            supported=state.supported | {event.unit},
            acted=state.acted | {event.unit},
            ledger=(*state.ledger, spent),
        )
    cost = state.cost(event.unit, event.action)
    if cost > state.cp:
        times = state.used.get((event.unit, event.action), 0)
        doubled = " + ".join(str(2**n) for n in range(times + 1))
        refuse(
            "battle/cp",
            "action",
            f"{possessive(name)} {ordinal(times + 1)} {what} this game turn costs {cost} CP ({doubled} = {2 ** (times + 1) - 1} "
            f"in all) — the player has {state.cp}",
        )
    key = (event.unit, event.action)
    used = MappingProxyType({**state.used, key: state.used.get(key, 0) + 1})
    label = f"counter {event.action}" if event.counter else event.action
    return replace(
        state,
        cp=state.cp - cost,
        used=used,
        acted=state.acted | {event.unit},
        where=_frozen({**state.where, event.unit: where}),
        ledger=(*state.ledger, Spent(state.game_turn, name, label, cost)),
    )


_NONE = Carrier("", False, -1)


def _begun(state: CommandPoints, path: str) -> None:
    if state.game_turn == 0:
        refuse("battle/turn", path, "no game turn has begun: roll the Turn Master's dice for CP first")


def _unit(state: CommandPoints, unit: int) -> str:
    if unit >= len(state.units):
        refuse("battle/cp", "unit", f"there is no unit {unit + 1} in the roster (it has {len(state.units)})")
    return state.units[unit]
