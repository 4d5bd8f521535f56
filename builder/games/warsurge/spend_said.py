"""What a Warsurge command-point event did, in the sentence the command line prints before the player's CP line."""

from __future__ import annotations

from collections.abc import Sequence

from builder.games.warsurge.command_points import (
    ACTION_NAMES,
    COUNTER_NAMES,
    Action,
    CommandPoints,
    Overrun,
    Place,
)
from catalog.wording import ordinal

DONE = {
    "move": "moved",
    "dash": "dashed",
    "attack": "attacked",
    "use-perks": "used its perks",
    "prepare": "prepared",
    "guard": "guarded",
    "deploy": "deployed",
    "support": "gave Support",
}
"""What a unit did, by its action."""
PLACED = {"battlefield": "on the battlefield", "reserve": "in reserve", "casualty": "as a casualty"}
"""Where a unit was placed, after its name (embarked: in the transport where the roster names it)."""


def rolled(cp: CommandPoints, deployed: bool = True) -> str:
    """'Game turn 1 begins: rolled 3 4: +7 CP each, and 2 for each unit on the battlefield.', and on game turn 1 with
    no player's unit `deployed` there, that none gave CP and how a unit is deployed before the roll."""
    gain = cp.gains[-1]
    dice = " ".join(map(str, gain.roll))
    said = f"Game turn {gain.game_turn} begins: rolled {dice}: +{sum(gain.roll)} CP each, and 2 for each unit on the battlefield."
    return said if deployed or gain.game_turn != 1 else f"{said} {undeployed(PLACE_COMMAND)}"


PLACE_COMMAND = "`battle cp BATTLE --side NAME place UNIT battlefield`"
"""How the command line places a unit on the battlefield."""


def undeployed(how: str) -> str:
    """What a first game turn's roll with no player's unit on the battlefield says after its sum: none gave CP, and
    how a unit is placed before the roll (`how`: the command line's words, or the battle screen's key)."""
    return (
        f"No unit was on the battlefield, so none gave CP: the book has players deploy before this roll ({how}); "
        "from now on a unit deploys with the Deploy action."
    )


def with_aboard(aboard: Sequence[str]) -> str:
    """', with Troopers and Sniper Troopers embarked' (nothing where none is)."""
    if not aboard:
        return ""
    names = aboard[0] if len(aboard) == 1 else f"{', '.join(aboard[:-1])} and {aboard[-1]}"
    return f", with {names} embarked"


def acted(cp: CommandPoints, event: Action, aboard: Sequence[str]) -> str:
    """'Revenge Wing Biker moved (4 CP: its 3rd Move this game turn).', 'Troopers made a Counter Attack (1 CP).',
    'Ursus APC gave Support (+1 CP).', 'Troopers deployed (free).'"""
    name, line = cp.units[event.unit], cp.ledger[-1]
    if event.action == "support":
        cost = "+1 CP"
    elif event.action == "deploy":
        cost = "free"
    else:
        times = cp.used.get((event.unit, event.action), 1)
        cost = f"{line.cost} CP" + (
            f": its {ordinal(times)} {ACTION_NAMES[event.action]} this game turn" if times > 1 else ""
        )
    if event.counter:
        return f"{name} made a {COUNTER_NAMES[event.action]} ({cost})."
    return f"{name} {DONE[event.action]}{with_aboard(aboard)} ({cost})."


def placed(cp: CommandPoints, event: Place, where: str, aboard: Sequence[str]) -> str:
    """'Placed Troopers embarked in Ursus APC (free).', '… embarked in Old Rumbler, in reserve with it (free).' —
    `where`: the unit's place in words, as its line says it."""
    for said, instead in ((" (in reserve)", ", in reserve with it"), (" (destroyed)", ", which was destroyed")):
        where = where.removesuffix(said) + instead if where.endswith(said) else where
    return f"Placed {cp.units[event.unit]} {PLACED.get(event.where, where)}{with_aboard(aboard)} (free)."


def overrun(cp: CommandPoints) -> str:
    """'Over the timer: 1 CP paid.', or with none left: 'Over the timer: no CP left to pay.'"""
    return "Over the timer: 1 CP paid." if cp.ledger[-1].cost else "Over the timer: no CP left to pay."


def said(cp: CommandPoints, event: Action | Place | Overrun, where: str, aboard: Sequence[str] = ()) -> str:
    """The sentence for a player's `event`, from their CP as it left them (`where`: a placed unit's place in words;
    `aboard`: the passengers embarked in a transport placed or deployed on the battlefield); the table's roll is
    `rolled`'s."""
    match event:
        case Action():
            return acted(cp, event, aboard)
        case Place():
            return placed(cp, event, where, aboard)
        case Overrun():
            return overrun(cp)
