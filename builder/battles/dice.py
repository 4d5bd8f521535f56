"""Dice for the table: N six-sided dice with the count of each face, and Warsurge's scatter arrow."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass

from catalog.errors import WarbenchError

DIRECTIONS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
MAX_DICE = 200
DICE = re.compile(r"(\d{1,3})?d6", re.IGNORECASE)


class DiceError(WarbenchError):
    """What to roll was not understood."""


@dataclass(frozen=True)
class Roll:
    """Dice as rolled, the count of each face, their total."""

    faces: tuple[int, ...]

    @property
    def counts(self) -> dict[int, int]:
        counted = Counter(self.faces)
        return {face: counted.get(face, 0) for face in range(1, 7)}

    @property
    def total(self) -> int:
        return sum(self.faces)

    def text(self) -> str:
        counts = "  ".join(f"{face}s: {n}" for face, n in self.counts.items())
        return f"{len(self.faces)}d6: {' '.join(map(str, self.faces))}\ntotal {self.total}   {counts}"


@dataclass(frozen=True)
class Scatter:
    """Warsurge's scatter arrow: a hit (the target stays) or one of eight directions, and the distance dice."""

    direction: str | None
    """None for a hit."""
    distance: Roll

    def text(self) -> str:
        if self.direction is None:
            return "Scatter: HIT, it lands where it was aimed (the distance dice are discarded)"
        return f"Scatter: {self.distance.total}\" {self.direction} ({' + '.join(map(str, self.distance.faces))})"


def dice_count(spec: str) -> int:
    """The number of dice in "6d6", "d6" or "6"; anything else is one DiceError line."""
    text = spec.strip()
    match = DICE.fullmatch(text)
    count = int(match.group(1) or 1) if match else int(text) if text.isdigit() else None
    if count is None or not 1 <= count <= MAX_DICE:
        raise DiceError(f"{spec!r}: roll 1 to {MAX_DICE} six-sided dice, written like 6d6, d6 or 6")
    return count


def roll(count: int, dice: random.Random | None = None) -> Roll:
    dice = dice or random.SystemRandom()
    return Roll(tuple(dice.randint(1, 6) for _ in range(count)))


def scatter(distance_dice: int = 2, dice: random.Random | None = None) -> Scatter:
    """The arrow: a hit one time in three (a 1 or a 6 on its die), else one of eight directions."""
    dice = dice or random.SystemRandom()
    arrow = dice.randint(1, 6)
    direction = None if arrow in (1, 6) else dice.choice(DIRECTIONS)
    return Scatter(direction, roll(distance_dice, dice))
