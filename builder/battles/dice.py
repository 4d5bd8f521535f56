"""Dice for the table: N six-sided dice (plus or minus a number) with the count of each face, and Warsurge's
scatter arrow; `throw` reads what the player typed ("7d6", "2d6+1", "scatter") for the CLI and the battle screen."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass

from builder.numbers import TYPED_WHOLE
from catalog.errors import WarbenchError
from catalog.wording import shown

DIRECTIONS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
MAX_DICE = 200
DICE = re.compile(r"([0-9]{1,3})?d6(?:\s*([+-])\s*([0-9]{1,3}))?", re.IGNORECASE)
HOW = f"roll 1 to {MAX_DICE} six-sided dice, written like 6d6, d6, 2d6+1 or 6, or 'scatter' (with its distance dice)"


class DiceError(WarbenchError):
    """What to roll was not understood."""


@dataclass(frozen=True)
class Roll:
    """Dice as rolled, the count of each face, their total."""

    faces: tuple[int, ...]
    modifier: int = 0
    """Added to the total (2d6+1: 1; 3d6-2: -2)."""

    @property
    def counts(self) -> dict[int, int]:
        counted = Counter(self.faces)
        return {face: counted.get(face, 0) for face in range(1, 7)}

    @property
    def total(self) -> int:
        return sum(self.faces) + self.modifier

    @property
    def spec(self) -> str:
        """What was rolled, as a player writes it: 2d6+1."""
        return f"{len(self.faces)}d6" + (f"{self.modifier:+d}" if self.modifier else "")

    def text(self) -> str:
        counts = "  ".join(f"{face}s: {n}" for face, n in self.counts.items())
        added = f" ({self.modifier:+d})" if self.modifier else ""
        return f"{self.spec}: {' '.join(map(str, self.faces))}{added}\ntotal {self.total}   {counts}"

    def line(self) -> str:
        """One line for the battle screen's roll log."""
        added = f" {self.modifier:+d}" if self.modifier else ""
        return f"{self.spec}: {' '.join(map(str, self.faces))}{added} = {self.total}"


@dataclass(frozen=True)
class Scatter:
    """Warsurge's scatter arrow: a hit (the target stays) or one of eight directions, and the distance dice."""

    direction: str | None
    """None for a hit."""
    distance: Roll

    def text(self) -> str:
        if self.direction is None:
            return "Scatter: HIT, it lands where it was aimed (the distance dice are discarded)"
        return f'Scatter: {self.distance.total}" {self.direction} ({" + ".join(map(str, self.distance.faces))})'

    def line(self) -> str:
        return self.text()


def parse_dice(spec: str) -> tuple[int, int]:
    """(dice, modifier) of "6d6", "d6", "2d6+1", "3d6 - 2" or "6"; anything else is one DiceError line."""
    text = spec.strip()
    match = DICE.fullmatch(text)
    if match:
        count = int(match.group(1) or 1)
        modifier = int(match.group(3) or 0) * (-1 if match.group(2) == "-" else 1)
    else:
        count, modifier = (int(text), 0) if len(text) <= 3 and TYPED_WHOLE.fullmatch(text) else (0, 0)
    if not 1 <= count <= MAX_DICE:
        raise DiceError(f"{shown(spec)}: {HOW}")
    return count, modifier


def dice_count(spec: str) -> int:
    """The number of dice in "6d6", "d6" or "6" (a scatter's distance: no modifier)."""
    count, modifier = parse_dice(spec)
    if modifier:
        raise DiceError(f"{shown(spec)}: the scatter's distance is dice alone, like 2d6")
    return count


def throw(spec: str, dice: random.Random | None = None) -> Roll | Scatter:
    """Roll what the player typed: dice ("7d6", "2d6+1") or "scatter" with optional distance dice ("scatter 1d6")."""
    words = spec.split()
    if words and words[0].lower() == "scatter" and len(words) <= 2:
        return scatter(dice_count(words[1]) if len(words) == 2 else 2, dice)
    count, modifier = parse_dice(spec)
    return roll(count, dice, modifier)


def roll(count: int, dice: random.Random | None = None, modifier: int = 0) -> Roll:
    dice = dice or random.SystemRandom()
    return Roll(tuple(dice.randint(1, 6) for _ in range(count)), modifier)


def scatter(distance_dice: int = 2, dice: random.Random | None = None) -> Scatter:
    """The arrow: a hit one time in three (a 1 or a 6 on its die), else one of eight directions."""
    dice = dice or random.SystemRandom()
    arrow = dice.randint(1, 6)
    direction = None if arrow in (1, 6) else dice.choice(DIRECTIONS)
    return Scatter(direction, roll(distance_dice, dice))
