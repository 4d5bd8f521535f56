"""What a roster entry brings to the table and what it has left once marked: models, boxes, points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from builder.battles.model import UnitMark

WHERE = {"reserve": "in reserve", "play": "in play", "removed": "removed"}
"""Where a unit can be in a game that keeps reserves, as the screen and the report say it."""


@dataclass(frozen=True)
class UnitState:
    """One entry as the battle left it."""

    track: Track
    damage: tuple[int, ...]
    """Damage on each model (capped at its boxes)."""
    models_left: int
    boxes_left: int
    remaining: float
    """Points the entry still counts for: Warsurge pro rata of HP left, elsewhere all of them until destroyed."""
    where: str = ""
    """Where the unit is, in a game that keeps reserves (Warcaster): "reserve", "play" or "removed" (else "")."""
    returned: int = 0
    """How many times the unit was destroyed and came back (Warcaster: to the reserves; McWarrior: redeployed)."""
    vulnerable: bool = False
    """Warmachine's Execution Mode: a Leader the scenario says is vulnerable (at 0 boxes, it stays in play; or
    recorded so with boxes left)."""
    struck: int = 0
    """Warmachine: the boxes a Leader the scenario's record destroyed has left on the tracker (0: none, or not so
    destroyed); it stands as destroyed, with no models, boxes nor points left."""

    @property
    def destroyed(self) -> bool:
        return self.models_left == 0 and not self.vulnerable


@dataclass(frozen=True)
class Track:
    """One roster entry: its points, its models and the damage boxes (HP) of each."""

    index: int
    name: str
    points: float
    models: int
    boxes: int
    value: Literal["pro-rata", "whole"] = "whole"
    """How its points count while damaged: in proportion to HP left (Warsurge), or whole until it is gone."""
    box_word: str = "boxes"
    """What the game calls a model's boxes ("HP", "DMG")."""
    grid: tuple[str, ...] = ()
    """A warjack's damage grid, when the catalogue gives one (its boxes fill in reading order)."""
    grid_legend: tuple[tuple[str, str], ...] = ()
    """What the grid's system letters stand for: (letter, name) pairs in reading order."""
    leader: bool = False
    """The army's Leader (Warmachine): its boxes filled destroy it, which Assassination Mode makes a win."""
    attached: tuple[tuple[str, int], ...] = ()
    """Models that joined the unit from entries of their own (a Warcaster squad's attachments, a Warmachine unit's
    command attachment): (name, boxes) of each, the last models of the unit (counted in `models`)."""
    marks: ClassVar[tuple[str, ...]] = ("damage",)
    """The keys of a mark (besides `index`) that record what this kind of entry has taken."""
    mark_words: ClassVar[str] = "the damage on each of its models"

    def foreign_keys(self, mark: UnitMark) -> list[str]:
        """The keys a file gave this entry's mark that its game does not record (heat on a Warsurge unit): they
        are findings, never silently ignored."""
        return [
            key
            for key in type(mark).model_fields
            if key != "index" and key in mark.model_fields_set and key not in self.marks
        ]

    @property
    def sizes(self) -> tuple[int, ...]:
        """The boxes of each model in turn (its attached models last, each with its own)."""
        return (self.boxes,) * (self.models - len(self.attached)) + tuple(boxes for _, boxes in self.attached)

    @property
    def full(self) -> int:
        """Boxes of the whole entry."""
        return sum(self.sizes)

    def model_name(self, model: int) -> str:
        """What model `model` (from 0) is called on screen: its number, or an attached model's name."""
        first = self.models - len(self.attached)
        return f"model {model + 1}" if model < first else self.attached[model - first][0]

    def limits(self) -> str:
        return f"{self.models} models of {self.boxes} boxes"

    def round_begins(self, mark: UnitMark, respawn: bool = False) -> tuple[UnitMark, str] | None:
        """What the book does to the entry by itself as a new round begins (McWarrior's Upkeep: 1 heat cooled; with
        `respawn`, the scenario's Respawn rule, a destroyed mech redeployed), and the words saying it ("Dust Devil
        cools to heat 4/2"); None: nothing."""
        return None

    def restored(self, mark: UnitMark) -> UnitMark:
        """The entry back as it started (the `r` key): a blank mark, unless the game keeps what is gone for good (a
        McWarrior mech's rockets fired and once-a-game uses)."""
        return type(mark)(index=mark.index)

    def details(self, state: UnitState) -> dict[str, Any]:
        """What `battle --json` says of it beyond models, boxes and points (a mech's heat and parts)."""
        return {}

    def left_words(self, state: UnitState) -> str:
        """What it has left, as the report says it ("2/3 models, 5/9 boxes")."""
        if self.models > 1:
            return f"{state.models_left}/{self.models} models, {state.boxes_left}/{self.full} {self.box_word}"
        return f"{state.boxes_left}/{self.full} {self.box_word}"

    def problems(self, mark: UnitMark) -> list[str]:
        """Why a mark cannot be this entry's (more models or damage than it has)."""
        if len(mark.damage) > self.models:
            return [f"damage on {len(mark.damage)} models, but {self.name} has {self.models}"]
        return [
            f"{self.model_name(m)} of {self.name} takes {d} damage of {self.sizes[m]} boxes"
            for m, d in enumerate(mark.damage)
            if d > self.sizes[m]
        ]

    def damage_of(self, mark: UnitMark) -> list[int]:
        """Damage on each model, as the mark records it."""
        return list(mark.damage)

    def with_damage(self, mark: UnitMark, damage: list[int]) -> UnitMark:
        """The mark recording this damage on each model."""
        return mark.model_copy(update={"damage": _trimmed(damage)})

    def damage_on(self, mark: UnitMark | None) -> tuple[int, ...]:
        """Damage on every model, capped at its boxes."""
        sizes = self.sizes
        damage = tuple(min(d, size) for d, size in zip(self.damage_of(mark) if mark else (), sizes))
        return damage + (0,) * (self.models - len(damage))

    def state(self, mark: UnitMark | None) -> UnitState:
        damage = self.damage_on(mark)
        left = self.full - sum(damage)
        alive = sum(d < size for d, size in zip(damage, self.sizes))
        if self.value == "pro-rata":
            remaining = self.points / self.full * left if self.full else 0.0
        else:
            remaining = self.points if alive else 0.0
        return UnitState(self, damage, alive, left, remaining)

    def take(self, mark: UnitMark, amount: int) -> UnitMark:
        """`amount` more damage (negative: healed), on the first model still standing (healed from the last
        damaged); a whole model each time its boxes fill."""
        damage, sizes = list(self.damage_on(mark)), self.sizes
        for _ in range(abs(amount)):
            if amount > 0:
                target = next((m for m, d in enumerate(damage) if d < sizes[m]), None)
                if target is None:
                    break
                damage[target] += 1
            else:
                target = next((m for m in reversed(range(len(damage))) if damage[m] > 0), None)
                if target is None:
                    break
                damage[target] -= 1
        return self.settled(self.with_damage(mark, damage))

    def casualty(self, mark: UnitMark, restore: bool = False) -> UnitMark:
        """One model more removed (its boxes all filled), or with `restore` the last one back unharmed."""
        damage, sizes = list(self.damage_on(mark)), self.sizes
        if restore:
            gone = [m for m, d in enumerate(damage) if d >= sizes[m]]
            if gone:
                damage[gone[-1]] = 0
        else:
            standing = [m for m, d in enumerate(damage) if d < sizes[m]]
            if standing:
                damage[standing[0]] = sizes[standing[0]]
        return self.settled(self.with_damage(mark, damage))

    def settled(self, mark: UnitMark) -> UnitMark:
        """The mark after a change, as the game's rules leave it (Warcaster: a unit destroyed leaves play)."""
        return mark


def track_at(tracks: Sequence[Track], index: int) -> Track | None:
    """The track of roster entry `index`, or None when the entry has none of its own (it joined another unit, or the
    roster has no such entry)."""
    if index < len(tracks) and tracks[index].index == index:
        return tracks[index]
    return next((track for track in tracks if track.index == index), None)


def _trimmed(damage: list[int]) -> list[int]:
    """Damage per model without the untouched models at the end (the file stays short)."""
    while damage and damage[-1] == 0:
        damage.pop()
    return damage
