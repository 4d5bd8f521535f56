"""A Warcaster turn's nine steps in the book's order, and the refusal of a step taken after a later one."""

from __future__ import annotations

from typing import Literal

from builder.resources import ResourceEvent, refuse

SETUP = 0
"""Before the first player's first turn: hands drawn, up to 5 DC deployed near the rear edge."""
READY, CHARGING, CYPHER_BEFORE, ACTIVATION, CYPHER_AFTER, DEPLOYMENT, GATE, DISCARD, DRAW = range(1, 10)

STEP_NAMES = {
    SETUP: "the set-up before the first turn",
    READY: "the Ready Phase",
    CHARGING: "the Charging Phase",
    CYPHER_BEFORE: "the Cypher step before activating",
    ACTIVATION: "the Activation Phase",
    CYPHER_AFTER: "the Cypher step after activating",
    DEPLOYMENT: "the Deployment Phase",
    GATE: "placing a void gate",
    DISCARD: "the discard",
    DRAW: "drawing up",
}
"""Each step as a refusal names it."""


def reach(now: int, step: int, what: str, path: str = "") -> int:
    """The step a turn is at once `what` happens at `step`: a turn goes forward only ("steps … taken in order"), so
    an earlier step than the one reached, or any step during the set-up, is refused (battle/turn)."""
    if now == SETUP:
        refuse("battle/turn", path, f"{what} belongs to {STEP_NAMES[step]} of a turn — the game has not begun")
    if step < now:
        refuse(
            "battle/turn",
            path,
            f"{what} belongs to {STEP_NAMES[step]}, but this turn has reached {STEP_NAMES[now]} (steps go in order)",
        )
    return step


class Turn(ResourceEvent):
    """This player's turn begins at its Ready Phase: the charge, the plays, the deployment, the gate, the discard
    and the draw are theirs again."""

    kind: Literal["turn"] = "turn"


class SetUpOver(ResourceEvent):
    """The set-up is over and the first player's first turn begins, recorded as the battle's turn passes from the
    set-up (a battle written before it has none: there, the turn passed from the set-up was the first player's)."""

    kind: Literal["set-up-over"] = "set-up-over"
