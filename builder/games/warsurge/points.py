"""Warsurge arithmetic: unit points, rounding as the app shows it, game size bands and play tracking."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.points import show

if TYPE_CHECKING:
    from builder.games.warsurge.catalogue import WarsurgeUnit, WarsurgeWeapon

EPSILON = 1e-9
"""Float slack for comparisons: points have at most a few decimals, so anything smaller is noise."""
PLACES = 6
"""Exact sums are rounded to this many decimals to drop float noise (11.3 × 10 is 113.00000000000001)."""

GAME_SIZES = (("small", 625), ("medium", 1750))
"""The book: small ≈100–500, medium ≈750–1500, large 2000+. The gaps are split at their midpoints:
a limit below 625 is small, below 1750 medium, and from 1750 up large."""

BATTLEFIELDS = (
    ("A", "2′ × 2′", 200),
    ("B", "4′ × 4′", 750),
    ("C", "6′ × 4′", 2500),
    ("D", "8′ × 4′ or larger", None),
)
"""The book's options by point limit (A 50–200, B 200–750, C 750–2500, D 2500+); a limit on a shared
bound takes the smaller board, and a limit below 50 still gets A."""


def round_points(value: float) -> int:
    """Whole points as the app shows them: halves round up (22.5 -> 23), unlike Python's round()."""
    return math.floor(value + 0.5 + EPSILON)


def exact(value: float) -> float:
    """A points sum without float noise (still with its decimals)."""
    return round(value, PLACES) + 0.0


def show_points(value: float) -> str:
    """'560 points', or with the whole number the app shows where that differs: '499.8 points (shown as 500)'."""
    rounded = str(round_points(value))
    return f"{show(value)} points" + ("" if show(value) == rounded else f" (shown as {rounded})")


def exceeds(value: float, limit: float) -> bool:
    """True when `value` is over `limit` by more than float noise."""
    return value > limit + EPSILON


def below(value: float, minimum: float) -> bool:
    """True when `value` is under `minimum` by more than float noise."""
    return value < minimum - EPSILON


def unit_points(
    models: int, weapons: Mapping[str, int], unit: WarsurgeUnit | None, known_weapons: Mapping[str, WarsurgeWeapon]
) -> float:
    """models × points per model + Σ quantity × points per weapon (an unknown unit or weapon counts 0)."""
    if unit is None:
        return 0.0
    total = models * unit.points
    for weapon_id, quantity in weapons.items():
        weapon = known_weapons.get(weapon_id)
        if weapon is not None:
            total += quantity * weapon.points
    return exact(total)


def game_size(limit: float) -> str:
    """small, medium or large for a point limit (see GAME_SIZES)."""
    for name, below_limit in GAME_SIZES:
        if limit < below_limit:
            return name
    return "large"


def battlefield(limit: float) -> tuple[str, str]:
    """The recommended battlefield option and its size for a point limit (see BATTLEFIELDS)."""
    for option, size, upto in BATTLEFIELDS[:-1]:
        if limit <= upto:
            return option, size
    option, size, _ = BATTLEFIELDS[-1]
    return option, size


def max_units(limit: float, unit_minimum: float) -> int:
    """The most units a limit allows when each is worth at least `unit_minimum` (1000 / 50 = 20)."""
    return math.floor(limit / unit_minimum + EPSILON) if unit_minimum > 0 else 0


def cp_dice(limit: float, per: int) -> int:
    """Advanced games: one D6 per `per` points of the limit, started (500 -> 1, 501 -> 2), at least one."""
    return max(1, math.ceil(limit / per - EPSILON)) if per > 0 else 1


def remaining_value(points: float, full_hp: int, remaining_hp: int) -> float:
    """A unit's value during play: its points ÷ its full HP × its remaining HP (HP clamped to 0..full)."""
    if full_hp <= 0:
        return 0.0
    return points / full_hp * min(max(remaining_hp, 0), full_hp)


@dataclass(frozen=True, slots=True)
class Remaining:
    """A roster's remaining strength, as the app's "Remaining Points: 622 of 953 (65%)"."""

    remaining_exact: float
    total_exact: float

    @property
    def remaining(self) -> int:
        return round_points(self.remaining_exact)

    @property
    def total(self) -> int:
        return round_points(self.total_exact)

    @property
    def percent(self) -> int:
        """Whole percent of the total still on the table (0 for an empty roster)."""
        return round_points(100 * self.remaining_exact / self.total_exact) if self.total_exact > 0 else 0

    def __str__(self) -> str:
        return f"Remaining Points: {self.remaining} of {self.total} ({self.percent}%)"


def roster_remaining(units: Iterable[tuple[float, int, int]]) -> Remaining:
    """Sum (points, full HP, remaining HP) per unit into the roster's remaining value and total."""
    remaining = total = 0.0
    for points, full_hp, remaining_hp in units:
        total += points
        remaining += remaining_value(points, full_hp, remaining_hp)
    return Remaining(exact(remaining), exact(total))
