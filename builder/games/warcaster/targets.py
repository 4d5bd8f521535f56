"""Whom a Cypher is played on: a Fury an enemy unit, a Geometric a friendly squad, a Harmonic any friendly unit, an
Overdrive a friendly warjack, and never a second card of one type on a unit already affected by one."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from builder.games.warcaster.arc import ArcState
from builder.games.warcaster.cyphers import CypherState, Play
from builder.resources import refuse

ONLY: Mapping[str, tuple[str, str]] = MappingProxyType(
    {"geometric": ("squad", "a friendly squad"), "overdrive": ("warjack", "a friendly warjack")}
)
"""The Cypher types played only on one type of unit: (that unit type, as the book says it)."""
TYPE_WORDS: Mapping[str, str] = MappingProxyType(
    {"fury": "a Fury", "geometric": "a Geometric", "harmonic": "a Harmonic", "overdrive": "an Overdrive"}
)


def check_target(cyphers: CypherState, own: ArcState, enemy: ArcState, play: Play) -> None:
    """Refuse (battle/cypher, at `on`) a play on a unit the book forbids: one not in play, one of the wrong type
    for the card's type or for the card itself (`Face.only`), or one already affected by a Cypher of the card's
    type (until that one expires or is removed).
    A play naming no unit, or a card the catalogue does not know, is not checked."""
    face = cyphers.faces.get(play.card)
    if play.on is None or face is None:
        return
    fury = face.type == "fury"
    arc = enemy if fury else own
    whose = "the enemy's force" if fury else "the force"
    if play.on >= len(arc.units):
        refuse("battle/cypher", "on", f"there is no unit {play.on + 1} in {whose} (it has {len(arc.units)})")
    unit = arc.units[play.on]
    if play.on not in arc.in_play:
        refuse("battle/cypher", "on", f"{unit.name} is not in play: a Cypher is played on a unit on the battlefield")
    if face.type in ONLY and unit.type != ONLY[face.type][0]:
        refuse(
            "battle/cypher",
            "on",
            f"{face.name} is {TYPE_WORDS[face.type]}: it is played only on {ONLY[face.type][1]}, "
            f"and {unit.name} is {_a(unit.type)}",
        )
    if face.only is not None and unit.type != face.only:
        refuse(
            "battle/cypher",
            "on",
            f"{face.name} is played only on a friendly {face.only}, as its card says, and {unit.name} is "
            f"{_a(unit.type)}",
        )
    for card, target in cyphers.on.items():
        other = cyphers.faces.get(card)
        if target == play.on and other is not None and other.type == face.type:
            refuse(
                "battle/cypher",
                "on",
                f"{unit.name} is affected by {TYPE_WORDS[face.type]} already ({other.name}): a unit is affected by "
                "one Cypher of each type at a time, until it expires or is removed",
            )


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def check_channel(cyphers: CypherState, own: ArcState, play: Play, player: str) -> None:
    """Refuse (battle/cypher, at `card`) a Fury the player has no model in play to channel it through: "Furies … must
    be channeled through a model with the Arc Relay ability". A card the catalogue does not know is not checked."""
    face = cyphers.faces.get(play.card)
    if face is None or face.type != "fury":
        return
    if not any(own.units[unit].relay for unit in own.in_play if unit < len(own.units)):
        refuse(
            "battle/cypher",
            "card",
            f"{face.name} is a Fury: it must be channeled through a model with the Arc Relay ability, and {player} has "
            "none in play",
        )
