"""A battle's sides as a report names them (a name two sides share, a mirror match, is told apart by whose it is),
and the side a player names on the command line."""

from __future__ import annotations

from collections.abc import Sequence

from catalog.scenarios import ScenarioError
from catalog.wording import shown

WHOSE = ("ours", "the opponent's")
"""Whose side each of the first two is, as the battle screen says it; a third side and on is told by its number."""
ALIASES = {"us": 0, "opponent": 1}
"""The words that name the first two rosters."""


def told_apart(names: Sequence[str]) -> list[str]:
    """Each name as given, or followed by whose side it is when another side has it too: "Fantasy Army (ours)",
    "Fantasy Army (the opponent's)"; at a table of more than two, where a side may be a teammate, by its number:
    "(side 2)"."""
    return [f"{name} ({apart})" if apart else name for name, apart in zip(names, apart_marks(names))]


def apart_marks(names: Sequence[str]) -> list[str]:
    """What tells each side from another of the same name, as `told_apart` says it ("ours", "the opponent's",
    "side 3"); "" for a name no other side has."""
    whose = WHOSE if len(names) <= len(WHOSE) else ()
    return [
        (whose[s] if s < len(whose) else f"side {s + 1}") if names.count(name) > 1 else ""
        for s, name in enumerate(names)
    ]


def side_index(name: str, names: Sequence[str]) -> int:
    """The side (from 0) a player names (`names`: each side's player, or its roster's name where the battle names no
    players): by that name, by `us` or `opponent` for the two rosters, by its number from 1, or by its name as
    `told_apart` tells it ("Rustbucket (side 3)"). ScenarioError, saying how each side may be named, otherwise."""
    names = list(names)
    labels = told_apart(names)
    if name.lower() in ALIASES and ALIASES[name.lower()] < len(names):
        return ALIASES[name.lower()]
    for said in (names, labels):
        if said.count(name) == 1:
            return said.index(name)
    number = name.isascii() and name.isdigit()
    if number and len(name) <= 3 and 1 <= int(name) <= len(names):
        return int(name) - 1
    numbers = [str(s) for s, other in enumerate(names, 1) if other == name]
    if len(numbers) == len(names) == len(WHOSE):
        raise ScenarioError(
            f"both sides are named {shown(name)}: say us or opponent (or name the players: battle new --players)"
        )
    if numbers:
        shared = [repr(labels[int(n) - 1]) for n in numbers]
        raise ScenarioError(
            f"{len(numbers)} sides are named {shown(name)}: say the side's number ({_either(numbers)}) "
            f"or its name as the report tells it apart ({_either(shared)})"
        )
    what = f"no side {shown(name, 4, quoted=False)}" if number else f"no player {shown(name)}"
    raise ScenarioError(
        f"{what} (players: {', '.join(labels)}; or the side's number, 1 to {len(names)}; or us, opponent)"
    )


def _either(choices: Sequence[str]) -> str:
    return ", ".join(choices[:-1]) + f" or {choices[-1]}" if len(choices) > 1 else "".join(choices)
