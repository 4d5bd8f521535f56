"""The Warsurge catalogue: a player's factions (units) and armouries (weapons) with their points."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal, cast

from pydantic import Field, JsonValue

from catalog.models.common import (
    CatalogueHeader,
    CatalogueModel,
    Named,
    Slug,
    duplicate_id_problems,
    index_by_id,
)

WeaponType = Literal["heavy", "battle", "assault"]
WEAPON_TYPE_RULES: dict[str, str] = {
    "heavy": "Not fired in a turn its model moves or dashes; −2 on each attack roll in a melee.",
    "battle": "Its model may move but not dash in a turn it fires; −1 on each attack roll in a melee.",
    "assault": "Its model may move, dash and fire in one turn; no melee penalty.",
}
"""What each weapon type means at the table, in our words (the free rules' weapon types and melee modifiers)."""
ROLL_OR_MORE: dict[str, JsonValue] = {"written": "{}+"}
"""A number the game writes as a roll to meet ("5+"): the catalogue editor shows and takes it so."""


class WarsurgeWeapon(Named):
    """A weapon from an armoury, with its stats and points per weapon."""

    range: int = Field(ge=0)
    """Range in inches (0 for melee)."""
    attacks: int = Field(ge=0)
    """Dice rolled when the weapon attacks, one per attack."""
    power: int = Field(ge=0)
    """Strength against a target's defence."""
    ap: int | None = Field(None, ge=2, le=7, json_schema_extra=ROLL_OR_MORE)
    """Armour piercing as n+ (None where the weapon has none)."""
    type: WeaponType
    """How portable it is: heavy, battle or assault (limits moving, dashing and melee)."""
    deflect: int = Field(0, ge=0)
    """Improves its model's armour save by this many steps (+1: 6+ becomes 5+); not added across weapons."""
    ward: int = Field(0, ge=0)
    """Improves its model's AEGIS save by this many steps; not added across weapons."""
    parry: int = Field(0, ge=0)
    """Improves its model's AEGIS save by this many steps against melee attacks only."""
    perks: list[str] = []
    """Perk names as the app shows them ("Blast 3")."""
    points: float = Field(ge=0, le=1_000_000, allow_inf_nan=False)
    """Points per weapon (may have decimals)."""
    armoury: str = ""
    """The armoury it comes from."""


class WarsurgeUnit(Named):
    """A unit from a faction, with its stats and points per model."""

    faction: str = ""
    """The faction (army list) the unit belongs to, as the app groups it."""
    move: int = Field(ge=0)
    """Inches each model moves in the Move phase."""
    dash: int = Field(ge=0)
    """Inches each model may dash in the Dash phase."""
    defence: int = Field(ge=0)
    """Resistance against a weapon's power: attacks roll against power minus defence."""
    hp: int = Field(ge=1, le=1000)
    """Hit points per model."""
    armour: int | None = Field(None, ge=2, le=7, json_schema_extra=ROLL_OR_MORE)
    """Armour save as n+, None for none (the app shows "ARM:-"); leave the key out for none."""
    aegis: int | None = Field(None, ge=2, le=7, json_schema_extra=ROLL_OR_MORE)
    """AEGIS save as n+, None for none; leave the key out for none."""
    transport: int = Field(0, ge=0)
    """Points of units it can carry (0: not a transport)."""
    fire_points: bool = False
    """Whether units riding inside may attack out of it."""
    perks: list[str] = []
    """Perk names as the app shows them ("Stealth", "Blast 3")."""
    points: float = Field(ge=0, le=1_000_000, allow_inf_nan=False)
    """Points per model (may have decimals)."""
    min_models: int = Field(1, ge=1)
    """The fewest models the unit may have."""
    max_models: int | None = Field(None, ge=1)
    """The most models the unit may have, where the catalogue sets one."""
    weapons: list[Slug] = []
    """The weapons this unit may carry."""


class WarsurgeRules(CatalogueModel):
    """The book's numbers for Warsurge rosters."""

    unit_minimum: float = Field(50, ge=0, le=1_000_000, allow_inf_nan=False)
    model_minimum: float = Field(1, ge=0, le=1_000_000, allow_inf_nan=False)
    transport_depth: int = 1
    """How deep transports may nest (a transport inside a transport: 1 level)."""
    default_point_limit: int = 500
    cp_dice_per: int = 500
    """Advanced games: one CP die per this many points of the limit."""


class PerkText(CatalogueModel):
    """What a perk does, in a sentence of the catalogue writer's own, for the cards; `name` without its level
    ("Annihilate" explains "Annihilate I" and "Annihilate II")."""

    name: str = Field(min_length=1, max_length=80)
    """The perk's name without its level ("Annihilate" explains Annihilate I and II)."""
    summary: str = Field(min_length=1, max_length=300)
    """What the perk does, in a sentence of your own, printed on the cards."""


LEVEL = re.compile(r"\s+(?:[IVX]+|\d+)$")
"""A perk's level at the end of its name: "Annihilate II", "Blast 3"."""


class WarsurgeCatalogue(CatalogueHeader):
    """A Warsurge catalogue: units and weapons with points."""

    game: Literal["warsurge"]
    rules: WarsurgeRules = WarsurgeRules()
    """The book's numbers for rosters: unit and model minimums, transport nesting, the default point limit."""
    units: list[WarsurgeUnit] = []
    weapons: list[WarsurgeWeapon] = []
    perks: list[PerkText] = []
    """Explanations of the perks the units and weapons name, printed on the cards that carry them."""

    def perk(self, name: str) -> PerkText | None:
        """The explanation of a perk as a unit or weapon names it (its level ignored), if the catalogue has one."""
        plain = LEVEL.sub("", name.strip()).casefold()
        return next((p for p in self.perks if p.name.strip().casefold() == plain), None)

    def model_post_init(self, _context: object) -> None:
        self._index = {"unit": index_by_id(self.units), "weapon": index_by_id(self.weapons)}

    @property
    def units_by_id(self) -> Mapping[str, WarsurgeUnit]:
        """The units by id, for lookups in a loop (no accessor call per id)."""
        return cast("Mapping[str, WarsurgeUnit]", self.known("unit"))

    @property
    def weapons_by_id(self) -> Mapping[str, WarsurgeWeapon]:
        """The weapons by id, for lookups in a loop."""
        return cast("Mapping[str, WarsurgeWeapon]", self.known("weapon"))

    def unit(self, unit_id: str) -> WarsurgeUnit | None:
        return cast("WarsurgeUnit | None", self._index["unit"].get(unit_id))

    def weapon(self, weapon_id: str) -> WarsurgeWeapon | None:
        return cast("WarsurgeWeapon | None", self._index["weapon"].get(weapon_id))

    def cross_reference_problems(self) -> list[tuple[str, str]]:
        problems = duplicate_id_problems("units", self.units) + duplicate_id_problems("weapons", self.weapons)
        for u, unit in enumerate(self.units):
            for w, ref in enumerate(unit.weapons):
                if ref not in self._index["weapon"]:
                    problems.append((f"units[{u}].weapons[{w}]", f"unknown weapon '{ref}'"))
            if unit.max_models is not None and unit.max_models < unit.min_models:
                problems.append((f"units[{u}].max_models", "max_models is below min_models"))
        return problems
