"""A mech's overheat check (the book's Heat): heat above its torso's points left rolls a die; one equal to or below
the amount overheated is that many hits and the mech shut down until it cools to its torso's points."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from builder.battles.model import UnitMark
from builder.games.mcwarrior.track import MechTrack

AUTO = "d6"
"""What a player types (`--roll d6`, the screen's "Roll it for me") for Warbench to roll the die."""


@dataclass(frozen=True)
class Check:
    """How the overheat check's die is had: the die the player rolled and the part its hits land on (None: the
    torso), or Warbench's own dice where the player asked it to roll."""

    die: int | None = None
    part: str | None = None
    dice: Callable[[], int] | None = None
    """Warbench rolls: the check's die, and where it makes hits the location die (as in combat)."""


def seeded_dice(seed: str) -> Callable[[], int]:
    """D6 from `seed` (the battle's seed, the moment and the mark): the same on every machine, and after an undo."""
    rng = random.Random(f"overheat/{seed}")
    return lambda: rng.randint(1, 6)


def parse_roll(typed: str, track: MechTrack, dice: Callable[[], int]) -> Check:
    """`--roll N`, `N:PART` or `d6` (Warbench rolls `dice`) as a Check; ValueError in one line for anything else."""
    die, _, part = typed.strip().partition(":")
    if die.lower() == AUTO and not part:
        return Check(dice=dice)
    if not die.isdigit() or not 1 <= int(die) <= 6:
        raise ValueError(f"--roll takes the die rolled (1 to 6), N:PART for its hits' part, or d6, not {typed[:20]!r}")
    found = part.lower().replace("_", "-") if part else None
    if found is not None and found not in track.parts:
        raise ValueError(f"{track.name} has no part {part[:20]!r} (parts: {', '.join(track.parts)})")
    return Check(die=int(die), part=found)


def overheat_words(track: MechTrack, mark: UnitMark) -> str:
    """ "heat 5/3, overheated by 2" (or "heat 2/3")."""
    numbers = track.state(mark).derived
    over = f", overheated by {numbers['overheated']}" if numbers.get("overheated") else ""
    return f"heat {mark.heat}/{numbers.get('heat_capacity', 0)}{over}"


def overheated_by(track: MechTrack, mark: UnitMark, heat: int) -> int:
    """By how much `heat` more would take the mech above its torso's points left (0: not above them)."""
    after = track.heated(mark, heat)
    return int(track.state(after).derived.get("overheated", 0)) if heat > 0 else 0


def generate(track: MechTrack, mark: UnitMark, heat: int, check: Check | None) -> tuple[UnitMark, str]:
    """`heat` generated (negative: cooled by hand, no check), then checked for overheating: above the torso's points
    left a die is rolled; higher than the amount overheated, the action goes ahead; equal or lower, the mech receives
    the number rolled in hits (as in combat: its shield and armour first, excess to the torso) and is shut down.
    ValueError: a mech destroyed or shut down, heat past 99, or an overheat with no die given."""
    hot = track.heated(mark, heat)
    over = int(track.state(hot).derived.get("overheated", 0)) if heat > 0 else 0
    said = overheat_words(track, hot)
    if not over:
        return hot, said
    if check is None or (check.die is None and check.dice is None):
        raise ValueError(
            f"{track.name} overheats by {over} at {said.split(',')[0]}: give the die rolled for the overheat check "
            f"(--roll N), or --roll {AUTO} for Warbench to roll it"
        )
    die = check.die if check.die is not None else check.dice() if check.dice is not None else 0
    if die > over:
        return hot, f"{said}: rolled {die}, goes ahead"
    part = check.part
    if part is None:
        part = list(track.parts)[check.dice() - 1] if check.dice is not None and len(track.parts) == 6 else track.torso
    struck, words = track.struck(hot, part, die)
    hits = words or f"{die} hit{'s' if die > 1 else ''} on {track.part_name(part)}"
    if track.state(struck).destroyed:
        return struck, f"{said}: rolled {die}, {hits}: destroyed"
    down = struck.model_copy(update={"shut_down": True})
    cool = track.state(down).derived.get("heat_capacity", 0)
    return down, f"{said}: rolled {die}, {hits}; SHUT DOWN: it cannot act until cooled to heat {cool}"
