"""How the battle commands read a whole number: within the range the battle file keeps, or one line in plain words
("--heat 100: a mech's heat is 0 to 99"), the same for every game's options."""

from __future__ import annotations

import re
from argparse import ArgumentTypeError
from collections.abc import Callable
from dataclasses import dataclass

from annotated_types import Ge, Le
from pydantic import BaseModel

from catalog.wording import shown

TYPED_WHOLE = re.compile(r"-?[0-9]+")
"""A whole number as a player types it: ASCII digits after an optional minus (Python's int() also reads "١", "1_000"
and "+1", which no one means on a command line)."""


def typed_int(text: str) -> int:
    """`text` (spaces around it aside) as a whole number in ASCII digits, an optional minus first; ValueError for
    anything else, as int() raises for no number."""
    if not TYPED_WHOLE.fullmatch(text.strip()):
        raise ValueError(f"invalid literal for int(): {text!r}")
    return int(text)


def int_argument(text: str) -> int:
    """argparse's `type` for a whole number (`typed_int`): anything else is argparse's own one line, "argument
    --seed: invalid int value: '١'"."""
    try:
        return typed_int(text)
    except ValueError:
        raise ArgumentTypeError(f"invalid int value: {shown(text)}") from None


@dataclass(frozen=True)
class Bounds:
    """The whole numbers an option takes, and what they are in a player's words."""

    low: int
    high: int
    words: str
    """What the range is ("a mech's heat is 0 to 99"), said after the option as typed."""

    def __contains__(self, number: int) -> bool:
        return self.low <= number <= self.high

    def refusal(self, typed: str) -> str:
        """The one line refusing a number out of range, after what was typed ("--heat 100: a mech's heat is 0 to
        99")."""
        return f"{shown(typed, quoted=False)}: {self.words}"

    def read(self, flag: str, text: str) -> int:
        """`text` as a whole number in range; ValueError (Python's own) for no number, ArgumentTypeError saying the
        `refusal` for one out of range."""
        number = typed_int(text)
        if number not in self:
            raise ArgumentTypeError(self.refusal(f"{flag} {text.strip()}"))
        return number


def number_type(flag: str, bounds: Bounds) -> Callable[[str], int]:
    """argparse's `type` for `flag`: a number out of range is the one line `Bounds.read` says (the parser drops its
    own "argument FLAG:" before it); no number at all is argparse's "invalid int value"."""

    def read(text: str) -> int:
        return bounds.read(flag, text)

    read.__name__ = "int"  # what argparse calls the type when the text is no number at all
    return read


def field_range(model: type[BaseModel], name: str) -> tuple[int, int]:
    """The (lowest, highest) whole number a model's field keeps (its `ge` and `le`)."""
    metadata = model.model_fields[name].metadata
    low = next(int(m.ge) for m in metadata if isinstance(m, Ge))  # type: ignore[call-overload]
    high = next(int(m.le) for m in metadata if isinstance(m, Le))  # type: ignore[call-overload]
    return low, high
