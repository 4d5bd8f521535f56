"""Rows a player steps or types in, and the roster's settings line: what the McWarrior, Warsurge and
Warmachine adapters add to the framework's GameAdapter."""

from __future__ import annotations

from typing import NamedTuple

from builder.editing.base import C, GameAdapter, R, RosterLine
from builder.editing.findpath import Location, locate
from builder.numbers import typed_int

SETTINGS = "settings[0]"
"""The key of the roster line holding the roster's own settings (budget, point limit, points level…)."""


class Ask(NamedTuple):
    """A row the player types a value into (a name, a number): the prompt's title, current value and hint."""

    title: str
    value: str
    hint: str = ""
    number: bool = False


def whole_number(text: str, low: int | None, high: int | None, what: str) -> int:
    """The typed text as a whole number within [low, high] (None: no bound that side); ValueError with a one-line
    reason otherwise."""
    text = text.strip()
    try:
        value = typed_int(text)
    except ValueError:
        raise ValueError(f"{what} must be a whole number") from None
    if (low is not None and value < low) or (high is not None and value > high):
        band = (
            f"{low} to {high}"
            if low is not None and high is not None
            else f"at least {low}"
            if high is None
            else f"at most {high}"
        )
        raise ValueError(f"{what} must be {band}, not {value}")
    return value


class SteppingAdapter(GameAdapter[R, C]):
    """A GameAdapter whose inspector rows may be stepped or typed, with a settings line first in the roster."""

    SETTINGS_PATHS: dict[str, str] = {}
    """Finding paths about the whole roster ("budget") -> the settings row that fixes them."""

    def opening_line(self, lines: tuple[RosterLine, ...]) -> str | None:
        """The first real entry, not the settings line (unless there is nothing else)."""
        return next((line.key for line in lines if line.key != SETTINGS), lines[0].key if lines else None)

    def ask(self, roster: R, key: str, row: str) -> Ask | None:
        """The prompt for a typed row, or None when Enter offers choices instead."""
        return None

    def answer(self, roster: R, key: str, row: str, text: str) -> None:
        """Apply a typed value (ValueError with a reason to refuse)."""
        raise ValueError(f"cannot type into '{row}'")

    def step(self, roster: R, key: str, row: str, delta: int) -> bool:
        """Change a numeric row by `delta` in place; False when the row is not a number (the screen then
        moves to the next or previous of the row's choices)."""
        return False

    def locate(self, path: str) -> Location | None:
        head = path.split(".", 1)[0].split("[", 1)[0]
        if head in self.SETTINGS_PATHS and "[" not in path:
            return Location("settings", 0, self.SETTINGS_PATHS[head])
        return locate(path)
