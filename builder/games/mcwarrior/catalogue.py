"""The McWarrior catalogue: body parts, their bolt costs, upgrades, pilot skills and the warband rule."""

from __future__ import annotations

from typing import Annotated, Literal, cast

from pydantic import Field, StrictInt

from catalog.models.common import (
    CatalogueHeader,
    CatalogueModel,
    Named,
    RuleText,
    Slug,
    duplicate_id_problems,
    index_by_id,
)

LEGS = "legs"
"""The upgrade slot shared by both legs (installed in both, paid once)."""


class Part(Named):
    """A body part bought in points (head, torso, left-arm, right-arm, left-leg, right-leg)."""

    gives: str = ""
    """What its points mean in play ("target number", "heat capacity", "dice", "move")."""
    upgrade_slot: Slug
    """The upgrade slot it belongs to: its own id, or `legs` for both legs."""


class Upgrade(RuleText):
    """An upgrade for one slot, paid in bolts."""

    slots: list[Slug] = Field(min_length=1)
    """Upgrade slots that offer it (`head`, `torso`, `left-arm`, `right-arm`, `legs`)."""
    cost: int = Field(ge=0)
    """Bolts; for a levelled upgrade, the cost of level 1."""
    levelled: bool = False
    """Bought by level (Energy Shield): level k costs `cost + (k - 1) * level_step`."""
    level_step: int = 1
    """How much each further level costs more than the one before."""
    active: bool = False
    """Used with the Use Upgrade action (generates heat)."""
    heat: int | None = Field(None, ge=0, le=99)
    """The heat one use of an Active upgrade generates (not given: the book's number for a book upgrade, else the
    player records it)."""

    def cost_at(self, level: int = 1) -> int:
        """Bolts for this upgrade at a level (1 for plain upgrades)."""
        if not self.levelled:
            return self.cost
        return sum(self.cost + (k - 1) * self.level_step for k in range(1, level + 1))


class Skill(RuleText):
    """A pilot skill."""


class Warband(CatalogueModel):
    """The Battle for Port Oldsand warband rule."""

    mechs: int = Field(4, ge=1)
    base_bolts: int = Field(150, ge=0)
    bolts_per_district: int = Field(10, ge=0)


class McWarriorRules(CatalogueModel):
    """The book's numbers for building a mech."""

    point_costs: list[int] = Field(min_length=1)
    """Bolts for the 1st, 2nd, … point of a part; its length is the most points a part can have."""
    min_points: int = Field(1, ge=0)
    default_budget: int = Field(40, ge=1)
    usual_budget: Annotated[tuple[StrictInt, StrictInt], Field(strict=False)] = (40, 60)
    """The low and high budgets the book suggests (a TOML array of two whole numbers)."""
    hit_location: list[Slug] = Field(min_length=6, max_length=6)
    """The d6 hit-location table: part ids for rolls 1 to 6."""

    @property
    def max_points(self) -> int:
        return len(self.point_costs)

    def part_cost(self, points: int) -> int:
        """Bolts for a part bought up to `points` (cumulative)."""
        return sum(self.point_costs[:points])


class McWarriorCatalogue(CatalogueHeader):
    """A McWarrior catalogue."""

    game: Literal["mcwarrior"]
    rules: McWarriorRules
    """The book's numbers: bolts per mech, part limits and part costs."""
    warband: Warband = Warband()
    """Warband (campaign) numbers: mechs per warband and bolts per district."""
    parts: list[Part] = Field(min_length=1)
    upgrades: list[Upgrade] = []
    skills: list[Skill] = Field(min_length=1)

    def model_post_init(self, _context: object) -> None:
        slots = {p.upgrade_slot: p.upgrade_slot for p in self.parts}
        self._index = {
            "part": index_by_id(self.parts),
            "upgrade": index_by_id(self.upgrades),
            "skill": index_by_id(self.skills),
            "slot": slots,
            "upgrade_slot": {**slots, **{p.id: p.id for p in self.parts}},
        }

    def part(self, part_id: str) -> Part | None:
        return cast("Part | None", self._index["part"].get(part_id))

    def upgrade(self, upgrade_id: str) -> Upgrade | None:
        return cast("Upgrade | None", self._index["upgrade"].get(upgrade_id))

    def skill(self, skill_id: str) -> Skill | None:
        return cast("Skill | None", self._index["skill"].get(skill_id))

    @property
    def slots(self) -> list[str]:
        """Upgrade slots in part order (head, torso, left-arm, right-arm, legs)."""
        return list(self._index["slot"])

    def cross_reference_problems(self) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        for field in ("parts", "upgrades", "skills"):
            problems += duplicate_id_problems(field, getattr(self, field))
        slots = self._index["slot"]
        for u, upgrade in enumerate(self.upgrades):
            for s, slot in enumerate(upgrade.slots):
                if slot not in slots:
                    problems.append((f"upgrades[{u}].slots[{s}]", f"unknown upgrade slot '{slot}'"))
        for i, part in enumerate(self.rules.hit_location):
            if part not in self._index["part"]:
                problems.append((f"rules.hit_location[{i}]", f"unknown part '{part}'"))
        return problems
