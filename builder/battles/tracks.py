"""What a roster entry brings to the table and what it has left once marked: models, boxes, points."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from builder.battles.model import UnitMark
from builder.spans import Spans, dim, spans


@dataclass(frozen=True)
class UnitState:
    """One entry as the battle left it."""

    track: "Track"
    damage: tuple[int, ...]
    """Damage on each model (capped at its boxes)."""
    models_left: int
    boxes_left: int
    remaining: float
    """Points the entry still counts for: Warsurge pro rata of HP left, elsewhere all of them until destroyed."""
    parts_left: dict[str, int] = field(default_factory=dict)
    heat: int = 0
    derived: dict = field(default_factory=dict)
    """McWarrior: the numbers the parts left give (target number, heat capacity, dice, move)."""

    @property
    def destroyed(self) -> bool:
        return self.models_left == 0


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

    @property
    def full(self) -> int:
        """Boxes of the whole entry."""
        return self.models * self.boxes

    def limits(self) -> str:
        return f"{self.models} models of {self.boxes} boxes"

    def problems(self, mark: UnitMark) -> list[str]:
        """Why a mark cannot be this entry's (more models or damage than it has)."""
        if len(mark.damage) > self.models:
            return [f"damage on {len(mark.damage)} models, but {self.name} has {self.models}"]
        return [f"model {m + 1} of {self.name} takes {d} damage of {self.boxes} boxes"
                for m, d in enumerate(mark.damage) if d > self.boxes]

    def damage_of(self, mark: UnitMark) -> list[int]:
        """Damage on each model, as the mark records it."""
        return list(mark.damage)

    def with_damage(self, mark: UnitMark, damage: list[int]) -> UnitMark:
        """The mark recording this damage on each model."""
        return mark.model_copy(update={"damage": _trimmed(damage)})

    def state(self, mark: UnitMark | None) -> UnitState:
        damage = tuple(min(d, self.boxes) for d in (self.damage_of(mark) if mark else ())[:self.models])
        damage += (0,) * (self.models - len(damage))
        left = self.full - sum(damage)
        alive = sum(d < self.boxes for d in damage)
        if self.value == "pro-rata":
            remaining = self.points / self.full * left if self.full else 0.0
        else:
            remaining = self.points if alive else 0.0
        return UnitState(self, damage, alive, left, remaining)

    def take(self, mark: UnitMark, amount: int) -> UnitMark:
        """`amount` more damage (negative: healed), on the first model still standing (healed from the last
        damaged); a whole model each time its boxes fill."""
        damage = list(self.state(mark).damage)
        for _ in range(abs(amount)):
            if amount > 0:
                target = next((m for m, d in enumerate(damage) if d < self.boxes), None)
                if target is None:
                    break
                damage[target] += 1
            else:
                target = next((m for m in reversed(range(len(damage))) if damage[m] > 0), None)
                if target is None:
                    break
                damage[target] -= 1
        return self.with_damage(mark, damage)

    # -- what a screen shows ----------------------------------------------------------------
    def summary(self, state: UnitState) -> str:
        """The line under the entry's name in a list: models and boxes left (drawn as marks when few)."""
        if self.models > 1:
            marks = f"  {boxes(state)}" if self.full <= 6 else ""
            return f"{state.models_left}/{self.models} models, {state.boxes_left}/{self.full} {self.box_word}{marks}"
        marks = f"{boxes(state)}  " if self.boxes <= 12 else ""
        return f"{marks}{state.boxes_left}/{self.boxes} {self.box_word}"

    def note(self) -> Spans:
        """What follows the entry's name and points in its detail (a mech's pilot)."""
        return ()

    def detail(self, state: UnitState) -> list[Spans]:
        """The lines under the entry's name in its detail: its damage grid, or each model's boxes."""
        if self.grid:
            legend = [f"{letter} {name}" for letter, name in self.grid_legend]
            return [spans(row, dim(note)) for row, note in beside(grid_rows(self.grid, state.damage[0]), legend)]
        if self.models > 4:
            return [spans(f"{state.models_left}/{self.models} models standing, {state.boxes_left}/{self.full} "
                          f"{self.box_word}: {boxes(state)}")]
        return [spans(f"model {model}: {'■' * (self.boxes - damage)}{'□' * damage}  {self.boxes - damage}/"
                      f"{self.boxes} {self.box_word}" + ("  removed" if damage >= self.boxes else ""))
                for model, damage in enumerate(state.damage, start=1)]

    def casualty(self, mark: UnitMark, restore: bool = False) -> UnitMark:
        """One model more removed (its boxes all filled), or with `restore` the last one back unharmed."""
        damage = list(self.state(mark).damage)
        if restore:
            gone = [m for m, d in enumerate(damage) if d >= self.boxes]
            if gone:
                damage[gone[-1]] = 0
        else:
            standing = [m for m, d in enumerate(damage) if d < self.boxes]
            if standing:
                damage[standing[0]] = self.boxes
        return self.with_damage(mark, damage)


@dataclass(frozen=True)
class LeftTrack(Track):
    """A Warsurge unit, whose mark says what it has left: `models` standing and `hp` among them (lost HP sit on
    the first models, removed ones first, so that the two numbers say everything)."""

    def damage_of(self, mark: UnitMark) -> list[int]:
        if mark.models is None and mark.hp is None:
            return list(mark.damage)
        standing = self.models if mark.models is None else min(mark.models, self.models)
        hp = standing * self.boxes if mark.hp is None else mark.hp
        lost = max(standing * self.boxes - hp, 0)
        damage = [self.boxes] * (self.models - standing)
        for _ in range(standing):
            on_model = min(lost, self.boxes - 1)
            damage.append(on_model)
            lost -= on_model
        return damage

    def with_damage(self, mark: UnitMark, damage: list[int]) -> UnitMark:
        standing = sum(d < self.boxes for d in damage) + self.models - len(damage)
        hp = self.full - sum(min(d, self.boxes) for d in damage)
        untouched = standing == self.models and hp == self.full
        return mark.model_copy(update={"damage": [], "models": None if untouched else standing,
                                       "hp": None if untouched else hp})

    def problems(self, mark: UnitMark) -> list[str]:
        if mark.damage:
            return [f"{self.name}: a Warsurge unit's mark says the models and hp it has left, not damage"]
        standing = self.models if mark.models is None else mark.models
        found = []
        if standing > self.models:
            found.append(f"{self.name} has {standing} models left of {self.models}")
        elif mark.hp is not None and mark.hp > standing * self.boxes:
            found.append(f"{self.name} has {mark.hp} HP left, more than its {standing} models hold "
                         f"({standing * self.boxes})")
        elif mark.hp is not None and mark.hp < standing:
            found.append(f"{self.name} has {mark.hp} HP left for {standing} models standing (each has 1 at least)")
        return found


@dataclass(frozen=True)
class MechTrack(Track):
    """A McWarrior mech: points per body part; hits excess to a part go to the torso, which at 0 ends the mech."""

    parts: dict[str, int] = field(default_factory=dict)
    part_names: dict[str, str] = field(default_factory=dict)
    derive: object = None
    """Function of {part: points left} → the derived numbers."""
    torso: str = "torso"
    pilot: str = ""
    """The pilot and their skill, as the card shows them."""

    def limits(self) -> str:
        return ", ".join(f"{self.part_names.get(p, p)} {n}" for p, n in self.parts.items())

    def summary(self, state: UnitState) -> str:
        """Heat, and each part's initials with the points it has left."""
        parts = " ".join(f"{''.join(word[0] for word in self.part_names.get(p, p).split())}{n}"
                         for p, n in state.parts_left.items())
        return f"heat {state.heat}/{state.derived.get('heat_capacity', 0)}  {parts}"

    def note(self) -> Spans:
        return spans(dim("  pilot "), self.pilot) if self.pilot else ()

    def detail(self, state: UnitState) -> list[Spans]:
        """Each part's points left, then heat and the numbers the parts left give."""
        numbers = state.derived
        dice = ", ".join(f"{self.part_names.get(p, p)} {n}" for p, n in numbers.get("dice", {}).items())
        return [spans("  ".join(f"{self.part_names.get(p, p)} {n}/{self.parts[p]}" for p, n in state.parts_left.items())),
                spans(f"heat {state.heat} of {numbers.get('heat_capacity', 0)} · target number "
                      f"{numbers.get('target_number', 0)} · move {numbers.get('move', 0)} · dice {dice}")]

    def problems(self, mark: UnitMark) -> list[str]:
        found = [f"{self.name} has no part {p!r}" for p in mark.lost if p not in self.parts]
        found += [f"{self.name} loses {n} points of {self.part_names.get(p, p)}, which has {self.parts[p]}"
                  for p, n in mark.lost.items() if p in self.parts and n > self.parts[p]]
        return found

    def state(self, mark: UnitMark | None) -> UnitState:
        lost = mark.lost if mark else {}
        left = {p: max(n - lost.get(p, 0), 0) for p, n in self.parts.items()}
        destroyed = self.parts.get(self.torso, 0) > 0 and left.get(self.torso, 0) == 0
        return UnitState(self, (), 0 if destroyed else 1, sum(left.values()), 0.0 if destroyed else self.points,
                         left, mark.heat if mark else 0, self.derive(left) if self.derive else {})

    def hit(self, mark: UnitMark, part: str, amount: int) -> UnitMark:
        """`amount` hits on a part (negative: repaired); hits beyond what the part has left go to the torso."""
        lost = dict(mark.lost)
        if amount >= 0:
            on_part = min(amount, self.parts[part] - lost.get(part, 0))
            lost[part] = lost.get(part, 0) + on_part
            excess = amount - on_part
            if excess and part != self.torso:
                lost[self.torso] = min(lost.get(self.torso, 0) + excess, self.parts[self.torso])
        else:
            lost[part] = max(lost.get(part, 0) + amount, 0)
        return mark.model_copy(update={"lost": {p: n for p, n in lost.items() if n}})


def boxes(state: UnitState) -> str:
    """A unit's boxes as marks, ■ standing and □ lost, one group per model."""
    return " ".join("■" * (state.track.boxes - damage) + "□" * damage for damage in state.damage)


def grid_rows(grid: tuple[str, ...], damage: int) -> list[str]:
    """A damage grid with its first `damage` boxes (in reading order) marked ×; system boxes keep their letter."""
    rows, left = [], damage
    for row in grid:
        cells = []
        for cell in row:
            if cell == " ":
                cells.append("  ")
            else:
                cells.append("× " if left > 0 else ("□ " if cell == "." else f"{cell} "))
                left -= 1
        rows.append("".join(cells).rstrip())
    return rows


def beside(rows: list[str], notes: list[str]) -> list[tuple[str, str]]:
    """Each row padded to one width, with a note beside it (a grid with what its letters stand for); notes
    beyond the last row get rows of their own."""
    width = max(map(len, rows), default=0) + 3
    count = max(len(rows), len(notes))
    rows, notes = rows + [""] * (count - len(rows)), notes + [""] * (count - len(notes))
    return [(row.ljust(width) if note else row, note) for row, note in zip(rows, notes)]


def _trimmed(damage: list[int]) -> list[int]:
    """Damage per model without the untouched models at the end (the file stays short)."""
    while damage and damage[-1] == 0:
        damage.pop()
    return damage
