"""What a Warsurge roster brings to a battle: units with their models and HP."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from builder.battles.model import UnitMark
from builder.battles.tracks import Track
from builder.games.warsurge.catalogue import WarsurgeCatalogue
from builder.games.warsurge.roster import WarsurgeRoster
from builder.games.warsurge.rules import WarsurgeTotals
from builder.games.warsurge.unit_mark import as_left
from builder.rules import validate


@dataclass(frozen=True)
class LeftTrack(Track):
    """A Warsurge unit, whose mark says what it has left: `models` standing and `hp` among them (lost HP sit on
    the first models, removed ones first, so that the two numbers say everything)."""

    marks: ClassVar[tuple[str, ...]] = ("models", "hp")
    mark_words: ClassVar[str] = "the models and hp it has left"

    def damage_of(self, mark: UnitMark) -> list[int]:
        mark = as_left(mark)
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
        return as_left(mark).model_copy(
            update={"models": None if untouched else standing, "hp": None if untouched else hp}
        )

    def problems(self, mark: UnitMark) -> list[str]:
        mark = as_left(mark)
        standing = self.models if mark.models is None else mark.models
        found = []
        if standing > self.models:
            found.append(f"{self.name} has {standing} models left of {self.models}")
        elif mark.hp is not None and mark.hp > standing * self.boxes:
            found.append(
                f"{self.name} has {mark.hp} HP left, more than its {standing} models hold ({standing * self.boxes})"
            )
        elif mark.hp is not None and mark.hp < standing:
            found.append(f"{self.name} has {mark.hp} HP left for {standing} models standing (each has 1 at least)")
        return found


def tracks(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> list[Track]:
    """Units with their models and HP per model; points count in proportion to HP left."""
    totals = validate(roster, catalogue).totals
    assert isinstance(totals, WarsurgeTotals), "a Warsurge roster's rules count Warsurge totals"
    rows = totals.unit_points
    return [
        LeftTrack(i, row.name, row.points_exact, row.models, _hp(catalogue, unit.id), "pro-rata", "HP")
        for i, (row, unit) in enumerate(zip(rows, roster.units))
    ]


def _hp(catalogue: WarsurgeCatalogue, unit_id: str) -> int:
    unit = catalogue.unit(unit_id)
    return unit.hp if unit is not None else 1
