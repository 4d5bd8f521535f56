"""Warsurge Advanced command points in a battle (`Game.resources`): every player's CP, the Turn Master's roll at each
game turn's start given to all of them, each action against its unit."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from builder.battles.spending import dice
from builder.games.warsurge import places
from builder.games.warsurge.command_points import (
    ACTION_NAMES,
    COUNTER_NAMES,
    Action,
    GameTurn,
    Overrun,
    Place,
    apply_command_points,
    bonus_dice,
    game_limit,
    roster_command_points,
)
from builder.games.warsurge.cp_ledger import command_summary, spent_this_turn, turn_lines
from builder.games.warsurge.passengers import brought_on, following
from builder.games.warsurge.spend_said import rolled, said
from builder.games.warsurge.spend_state import Spend
from builder.games.warsurge.transport import CODE as TRANSPORT_CODE
from builder.games.warsurge.transport import loads
from builder.resources import (
    ResourceEvent,
    Seating,
    Standing,
    event_reader,
    in_play_unknown,
    no_leader_event,
    no_set_up,
    refuse,
    why_refused,
)
from builder.turns import Moment

KINDS: tuple[type[ResourceEvent], ...] = (GameTurn, Action, Place, Overrun)
parse = event_reader(KINDS, "Warsurge command-point")
"""A recorded event read back as its own kind (ValueError, one line, for one this game does not know)."""


def start(seating: Seating) -> Spend:
    """Before the first game turn: no CP, every unit in reserve; the game's point limit (the dice the Turn Master
    rolls) is the one agreed in the set-up, or where none was recorded the largest roster's limit, the same for
    everyone. A Standard game (its set-up says so) spends none."""
    if seating.playstyle == "standard":
        refuse("battle/cp", "", "command points are the Advanced playstyle's, and this game plays Standard")
    sides = [roster_command_points(loaded.roster, loaded.catalogue) for loaded in seating.rosters]
    limit = game_limit(seating.point_limit, (cp.limit for cp in sides))
    return Spend(
        tuple(replace(cp, limit=limit) for cp in sides),
        over=seating.over,
        placing=seating.playstyle == "advanced",
        loads=tuple(loads(loaded.roster, loaded.catalogue) for loaded in seating.rosters),
    )


def apply(spend: Spend, side: int | None, moment: Moment, event: ResourceEvent) -> Spend:
    """The Turn Master's roll is the table's (every player gains it, with 2 CP a unit on the battlefield); an action,
    a placement or the timer's overrun is one player's, in a game turn whose CP were rolled. Anything recorded makes
    the table one that places its units."""
    return replace(_applied(spend, side, moment, event), placing=True)


def _applied(spend: Spend, side: int | None, moment: Moment, event: ResourceEvent) -> Spend:
    if isinstance(event, GameTurn):
        if moment.round <= spend.rolled:
            refuse("battle/cp", "roll", f"game turn {moment.round}'s CP were rolled already")
        players = range(len(spend.sides)) if side is None else [side]
        sides = tuple(
            apply_command_points(cp, event, moment.round) if n in players else cp for n, cp in enumerate(spend.sides)
        )
        return replace(spend, sides=sides, rolled=moment.round)
    if side is None or side >= len(spend.sides):
        refuse("battle/turn", "side", "name the player who does it")
    if not isinstance(event, Place) and spend.rolled != moment.round:
        refuse(
            "battle/turn",
            "",
            f"game turn {moment.round} has no CP yet: roll the Turn Master's dice first (`battle cp BATTLE roll`)",
        )
    cp = apply_command_points(spend.sides[side], event)  # type: ignore[arg-type]
    if spend.recording and isinstance(event, Place):  # a file written before reads as it did
        _named(spend, side, event)
    return replace(spend, sides=tuple(cp if n == side else other for n, other in enumerate(spend.sides)))


def _named(spend: Spend, side: int, event: Place) -> None:
    """Refused (warsurge/transport) where a unit placed embarked names no transport and its roster's does not stand,
    or boards one without room for it."""
    unnamed = event.where == "embarked" and event.transport is None
    if unnamed and (why := places.unnamed_transport(spend, side, event.unit)) is not None:
        refuse(TRANSPORT_CODE, "transport", why)
    if event.where == "embarked" and (why := places.no_room(spend, side, event.unit, event.transport)) is not None:
        refuse(TRANSPORT_CODE, "transport", why)


def at(spend: Spend, moment: Moment) -> Spend:
    return replace(spend, game_turn=moment.round)


def not_rolled(spend: Spend) -> int | None:
    """The game turn the battle is at when the Turn Master has not rolled its CP dice yet (None: rolled, or the game
    is over and no dice are asked for)."""
    return spend.game_turn if spend.rolled < spend.game_turn and not spend.over else None


def unfinished(spend: Spend) -> str | None:
    """The game turn's CP dice, where the Turn Master has not rolled them."""
    turn = not_rolled(spend)
    return f"game turn {turn}'s CP dice were not rolled" if turn is not None else None


def summary(spend: Spend, side: int) -> str:
    """The side's line; before the Turn Master rolls a game turn's dice, that they are still to be rolled (not the
    last game turn's figures, nor a game turn 0); once the game is over, the last game turn rolled's figures."""
    cp = spend.sides[side]
    if (turn := not_rolled(spend)) is not None:
        return f"CP {cp.cp} · game turn {turn}: CP dice not rolled yet"
    return command_summary(cp) if cp.game_turn else f"CP {cp.cp} · no game turn rolled"


def details(spend: Spend, side: int) -> list[str]:
    """The side's line as the game turn stands (its dice still to roll, after the battle moved on), where each unit
    is and whether it acted this game turn, then the ledger."""
    cp, rolled = spend.sides[side], spend.rolled >= spend.game_turn
    lines = [f"{summary(spend, side)} · {bonus_dice(cp.limit)} D6 a game turn ({cp.limit} points)"]
    lines += [
        f"{name}: {where_words(spend, side, n)}" + (" · acted" if rolled and n in cp.acted else "")
        for n, name in enumerate(cp.units)
    ]
    return [*lines, "Ledger:", *(turn_lines(cp) or ["no game turn begun yet"])]


def as_dict(spend: Spend, side: int) -> dict[str, Any]:
    cp = spend.sides[side]
    return {
        "cp": cp.cp,
        "game_turn": cp.game_turn,
        "spent": spent_this_turn(cp),
        "units": {name: cp.place(n) for n, name in enumerate(cp.units)},
        "ledger": [
            {"game_turn": line.game_turn, "unit": line.unit, "action": line.action, "cost": line.cost}
            for line in cp.ledger
        ],
    }


def setting_up(spend: Any) -> bool:
    """Warsurge's command points have no set-up of their own: the game turn begins with the Turn Master's roll."""
    return False


set_up_over = no_set_up


def healing(spend: Any, side: int) -> None:
    """Nothing this game's turns spend removes damage."""
    return None


def lost(spend: Spend, side: int, unit: int) -> dict[str, Any] | None:
    """A unit destroyed on the tracker is a casualty: it gives no more CP and cannot act. One placed a casualty by
    hand already is recorded "destroyed" so, that healed back (`back`) it stays one."""
    if side >= len(spend.sides) or unit >= len(spend.sides[side].units):
        return None
    if spend.sides[side].place(unit) == "casualty":
        return None if spend.sides[side].fallen.get(unit) == "casualty" else {**_PLACE, "unit": unit, "where": DOWN}
    return {**_PLACE, "unit": unit, "where": "casualty"}


def back(spend: Spend, side: int, unit: int) -> dict[str, Any] | None:
    """A casualty marked back from destroyed (a mistake corrected) is where it was at the moment it was destroyed: on
    the battlefield where it was never placed, for it took the damage fighting; a casualty still where the player had
    placed it one by hand."""
    if side >= len(spend.sides) or spend.sides[side].place(unit) != "casualty":
        return None
    where = spend.sides[side].fallen.get(unit, "battlefield")
    boarded = spend.sides[side].boarded.get(unit) if where == "embarked" else None
    into = {"transport": boarded} if boarded is not None else {}
    return None if where == "casualty" else {**_PLACE, "unit": unit, "where": where, **into}


_PLACE = {"kind": "place"}
DOWN = "destroyed"
"""Where the tracker places a casualty it destroys (`lost`): a casualty, which healed back stays one."""


nothing_in_play = in_play_unknown


def standing(spend: Spend, standing: tuple[Standing, ...]) -> Spend:
    """No Leader's standing changes CP; the units destroyed on the tracker tell its casualties from the player's
    (`places.keeps_places`), and what is recorded next meets the checks added since (`Spend.recording`)."""
    return replace(spend, destroyed=tuple(side.destroyed for side in standing), recording=True)


leader_event = no_leader_event

kinds = KINDS
"""The events a battle records (this module is the `Resources` the game gives the battle engine)."""
shown_unused = False
"""Command points are the Advanced playstyle's: shown once the table records them or chooses Advanced."""

PLACES, PLACE_TAGS = places.PLACES, places.PLACE_TAGS
place_of, place_choices, where_words, place_words = (
    places.place_of,
    places.place_choices,
    places.where_words,
    places.place_words,
)
boardable, only_transport = places.boardable, places.only_transport
keeps_places, out_of_reach, in_reserve, reserve_event = (
    places.keeps_places,
    places.out_of_reach,
    places.in_reserve,
    places.reserve_event,
)
"""Where each unit is (`places`)."""


def along(spend: Spend, side: int | None, event: ResourceEvent) -> list[dict[str, Any]]:
    """The passengers that follow a transport's event (`passengers.following`)."""
    cp = spend.sides[side] if side is not None and side < len(spend.sides) else None
    return [] if cp is None else following(cp, event)


def recorded(spend: Spend, side: int | None, event: ResourceEvent) -> str | None:
    """What `event`, just recorded by `side` (None: the table's roll), did, in one sentence: "Placed Troopers embarked
    in Ursus APC (free).", "Revenge Wing Biker moved (2 CP: its 2nd Move this game turn)" (`said`)."""
    if (
        not isinstance(event, (GameTurn, Action, Place, Overrun))
        or (side is not None and side >= len(spend.sides))
        or not spend.sides
    ):
        return None
    cp = spend.sides[side or 0]
    if isinstance(event, GameTurn):
        return rolled(cp, deployed=not rolled_undeployed(spend))
    where = where_words(spend, side, event.unit) if isinstance(event, Place) and side is not None else ""
    if (transport := brought_on(event)) is not None:
        return said(cp, event, where, [cp.units[unit] for unit in cp.aboard(transport)])
    return said(cp, event, where)


def rolled_undeployed(spend: Spend) -> bool:
    """Whether the roll last recorded began game turn 1 with no player's unit on the battlefield: none gave CP."""
    gains = [cp.gains[-1] for cp in spend.sides if cp.gains]
    return bool(gains) and gains[0].game_turn == 1 and not any(gain.units for gain in gains)


def actions(spend: Spend, side: int, unit: int, moment: Moment) -> list[tuple[str, str, str, str]]:
    """The actions a unit may take at `moment`, each with what it costs now and why the book refuses it now ("" where
    it allows it): (action, its name, "2 CP", why), then its counter actions when attacked ("counter:attack",
    "Counter Attack", …), which double with the same action."""
    cp = spend.sides[side]

    def why(action: str, counter: bool = False) -> str:
        event = {"kind": "action", "unit": unit, "action": action} | ({"counter": True} if counter else {})
        return why_refused(lambda state, done: apply(state, side, moment, done), spend, parse(event))

    costs = {key: f"{cp.cost(unit, key)} CP" for key in ACTION_NAMES} | {"deploy": "free", "support": "+1 CP"}
    offered = [(key, name, costs[key], why(key)) for key, name in ACTION_NAMES.items()]
    return offered + [
        (f"counter:{key}", name, f"{cp.cost(unit, key)} CP", why(key, counter=True))
        for key, name in COUNTER_NAMES.items()
    ]


def roll(battle: Any, spend: Spend) -> list[int]:
    """The Turn Master's dice for the game's point limit, rolled from the battle's seed (the same on every machine)."""
    limit = max((cp.limit for cp in spend.sides), default=0)
    return dice(battle, bonus_dice(limit))
