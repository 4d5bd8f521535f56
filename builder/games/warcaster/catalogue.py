"""The Warcaster: Neo-Mechanika catalogue: factions, units, warjack chassis, weapons, cyphers, formats."""

from __future__ import annotations

from typing import Literal, cast

from pydantic import Field

from catalog.models.common import (
    CatalogueHeader,
    CatalogueModel,
    Named,
    RuleText,
    Slug,
    duplicate_id_problems,
    index_by_id,
)

StatValue = int | str
"""A printed stat: a number, or the book's mark ("-", "*", "+1")."""

UnitType = Literal["warjack", "squad", "solo", "hero", "vehicle", "mantlet", "attachment"]
CypherType = Literal["fury", "geometric", "harmonic", "overdrive"]
CYPHER_TYPES: tuple[CypherType, ...] = ("fury", "geometric", "harmonic", "overdrive")
Lasting = Literal["resolved", "turn", "pulse"]
"""How long a Cypher played stays in play: discarded once resolved, until the end of the turn, or of the Pulse round."""
CORE_LASTS: dict[str, Lasting] = {
    "ascension-catalyst": "turn",
    "kinetic-accelerator": "turn",
    "momentum-calibrator": "turn",
    "reiteration-complex": "turn",
    "divination-algorithm": "pulse",
    "force-barrier": "pulse",
    "interdiction-protocol": "pulse",
    "plexus-densifier": "pulse",
    "revelation-matrix": "pulse",
}
"""The core Cyphers whose cards say they stay in play (the rest are discarded once resolved), as the rulebook has
them; the bundled catalogue leaves it to this table, so its content, and every code made with it, stay the same."""
CORE_PLAYED_ON: dict[str, UnitType] = {"encrypted-command": "solo"}
"""The core Cyphers whose cards name a narrower target than their type's (a Harmonic is played on any friendly
unit; Encrypted Command only on a friendly solo), kept here for the same reason."""
WILD_CARD = "wild-card"
"""The faction id of Wild Cards; their `serves` lists the factions they work for."""


class Faction(Named):
    """A faction a force is built from."""

    summary: str = ""
    """A line about the faction, in our own words."""


class Stats(CatalogueModel):
    """A model's stat line as printed (health and DC live on the unit)."""

    spd: StatValue | None = None
    strength: StatValue | None = Field(None, alias="str")
    mat: StatValue | None = None
    rat: StatValue | None = None
    foc: StatValue | None = None
    defense: StatValue | None = Field(None, alias="def")
    arm: StatValue | None = None


class Weapon(Named):
    """A weapon profile, fixed on a unit or mounted on a hardpoint."""

    rng: StatValue | None = None
    """Range in inches, or the book's mark ("-" for melee reach shown elsewhere)."""
    pow: StatValue | None = None
    """Power of the damage roll."""
    rules: list[Slug] = []
    """Ids of the special rules this weapon has."""
    parts: list[Slug] = []
    """For a mount that carries several weapons ("Assault Rifle & Bayonet"): the ids of those weapons."""


BsId = str
"""A BattleScribe entry id ("3b72-5fc5-a159-1429"): stable across data revisions, so imports match on it first."""


class Cortex(Named):
    """A warjack cortex: costs no weapon points and grants rules."""

    rules: list[Slug] = []
    """Ids of the special rules the cortex gives its warjack."""
    bs_ids: list[BsId] = []
    """BattleScribe entry ids of this cortex, one per chassis that offers it (optional: for imports)."""


class HardpointOption(CatalogueModel):
    """One weapon a hardpoint slot offers, with its weapon-point cost on this chassis."""

    weapon: Slug
    """Id of the weapon."""
    cost: int | None = Field(None, ge=0)
    """Weapon points; None where the reference data gives no cost (a known gap, counted as 0)."""
    rules: list[Slug] = []
    """Rules this weapon gains only when mounted on this chassis (e.g. Turret on a vehicle)."""
    bs_id: BsId | None = None
    """The BattleScribe entry id of this option (optional: for imports)."""


class Hardpoint(Named):
    """A hardpoint slot of a chassis ("left-arm", "shoulder")."""

    options: list[HardpointOption] = Field(min_length=1)


class Unit(Named):
    """A unit a force may field (warjack chassis, squad, solo, hero, vehicle, mantlet) or an attachment."""

    type: UnitType
    """What it is in a force: warjack, squad, solo, hero, vehicle, mantlet or attachment."""
    bs_id: BsId | None = None
    """The BattleScribe selectionEntry id of this unit (optional: for imports)."""
    faction: Slug
    """The faction id, or `wild-card`."""
    serves: list[Slug] = []
    """For Wild Cards: the factions whose forces may take this unit."""
    unique: bool = False
    """At most one in a force (every hero is unique whatever this says)."""
    limit: int | None = Field(None, ge=1)
    """A per-entry cap below the format's 'of any one unit' limit."""
    dc: int | None = None
    """Deployment cost."""
    dc_modifier: int = 0
    """For attachments: what they add to their squad's DC."""
    health: int | None = None
    """Damage boxes (DMG)."""
    models: int = Field(1, ge=1)
    """Models in the unit (NUM); squads have several."""
    stats: Stats = Stats()
    """Its stat line: SPD, STR, MAT, RAT, DEF, ARM (and FOC for heroes)."""
    weapons: list[Slug] = []
    """Fixed weapons (warjacks and vehicles mount theirs on hardpoints instead)."""
    rules: list[Slug] = []
    """Ids of the unit's special rules."""
    weight: Literal["light", "heavy"] | None = None
    """Warjack weight class."""
    weapon_points: int | None = Field(None, ge=0)
    """Warjacks and vehicles: the weapon-point allotment for their hardpoints."""
    cortexes: list[Slug] = []
    """Warjacks: the cortex options of the chassis."""
    hardpoints: list[Hardpoint] = []
    """Warjacks and vehicles: their slots, each with its weapon options."""
    joins: list[Slug] = []
    """Attachments: the squads they may join."""

    @property
    def is_hero(self) -> bool:
        return self.type == "hero"

    @property
    def is_unique(self) -> bool:
        return self.unique or self.type == "hero"

    def hardpoint(self, slot: str) -> Hardpoint | None:
        """The slot with this id, or None."""
        return next((h for h in self.hardpoints if h.id == slot), None)


class Cypher(RuleText):
    """A Cypher card for the rack."""

    type: CypherType
    """Its cypher type: fury, geometric, harmonic or overdrive (a rack needs some of each)."""
    bs_id: BsId | None = None
    """The BattleScribe entry id of this card (optional: for imports)."""
    pow: StatValue | None = None
    """Power of the damage it deals, where it deals any."""
    lasts: Lasting | None = None
    """How long it stays in play once played (resolved and discarded, or until the turn or the Pulse round ends),
    where the catalogue says; a core Cypher's is known without (`lasting`)."""
    played_on: UnitType | None = None
    """The one type of friendly unit it is played on, where its card names one narrower than its type's."""
    faction: Slug | None = None
    """None for the 24 core Cyphers open to every faction."""

    @property
    def target_type(self) -> UnitType | None:
        """The type of unit its card names, narrower than its Cypher type's: as the catalogue says, else as the book
        has a core Cypher (None: its type's rule alone)."""
        return self.played_on or (CORE_PLAYED_ON.get(self.id) if self.faction is None else None)

    @property
    def lasting(self) -> Lasting | None:
        """How long it stays in play once played: as the catalogue says, else as the book has a core Cypher, else
        None (a faction's card the catalogue says nothing of: the player says, as it is played)."""
        if self.lasts is not None:
            return self.lasts
        return CORE_LASTS.get(self.id, "resolved") if self.faction is None else None


class Format(Named):
    """A force format with the book's limits."""

    max_units: int = Field(ge=0)
    """Units, not counting heroes, attachments and mantlets."""
    max_heroes: int = Field(ge=0)
    """Heroes at most."""
    max_mantlets: int = Field(ge=0)
    """Mantlets at most."""
    max_per_unit: int = Field(ge=1)
    """Copies of any one unit (warjacks of one chassis count together)."""
    rack_min: int = Field(ge=0)
    """Cyphers in a rack at least."""
    rack_max: int = Field(ge=0)
    """Cyphers in a rack at most."""
    rack_min_per_type: int = Field(ge=0)
    """Cyphers of each type (fury, geometric, harmonic, overdrive) at least."""


class WarcasterCatalogue(CatalogueHeader):
    """A Warcaster: Neo-Mechanika catalogue."""

    game: Literal["warcaster"]
    formats: list[Format] = Field(min_length=1)
    factions: list[Faction] = Field(min_length=1)
    rules: list[RuleText] = []
    weapons: list[Weapon] = []
    cortexes: list[Cortex] = []
    units: list[Unit] = []
    cyphers: list[Cypher] = []

    def model_post_init(self, _context: object) -> None:
        self._index = {
            "format": index_by_id(self.formats),
            "faction": index_by_id(self.factions),
            "rule": index_by_id(self.rules),
            "weapon": index_by_id(self.weapons),
            "cortex": index_by_id(self.cortexes),
            "unit": index_by_id(self.units),
            "cypher": index_by_id(self.cyphers),
        }

    def unit(self, unit_id: str) -> Unit | None:
        return cast("Unit | None", self._index["unit"].get(unit_id))

    def weapon(self, weapon_id: str) -> Weapon | None:
        return cast("Weapon | None", self._index["weapon"].get(weapon_id))

    def cortex(self, cortex_id: str) -> Cortex | None:
        return cast("Cortex | None", self._index["cortex"].get(cortex_id))

    def cypher(self, cypher_id: str) -> Cypher | None:
        return cast("Cypher | None", self._index["cypher"].get(cypher_id))

    def format(self, format_id: str) -> Format | None:
        return cast("Format | None", self._index["format"].get(format_id))

    def rule(self, rule_id: str) -> RuleText | None:
        return cast("RuleText | None", self._index["rule"].get(rule_id))

    def cross_reference_problems(self) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        for field in ("formats", "factions", "rules", "weapons", "cortexes", "units", "cyphers"):
            problems += duplicate_id_problems(field, getattr(self, field))
        factions = self.known("faction")

        def need(kind: str, ref: str, where: str) -> None:
            if ref not in self.known(kind):
                problems.append((where, f"unknown {kind} '{ref}'"))

        for w, weapon in enumerate(self.weapons):
            for r, rule in enumerate(weapon.rules):
                need("rule", rule, f"weapons[{w}].rules[{r}]")
            for p, part in enumerate(weapon.parts):
                need("weapon", part, f"weapons[{w}].parts[{p}]")
        for c, cortex in enumerate(self.cortexes):
            for r, rule in enumerate(cortex.rules):
                need("rule", rule, f"cortexes[{c}].rules[{r}]")
        for u, unit in enumerate(self.units):
            where = f"units[{u}]"
            if unit.faction != WILD_CARD and unit.faction not in factions:
                problems.append((f"{where}.faction", f"unknown faction '{unit.faction}'"))
            for i, ref in enumerate(unit.serves):
                need("faction", ref, f"{where}.serves[{i}]")
            for i, ref in enumerate(unit.rules):
                need("rule", ref, f"{where}.rules[{i}]")
            for i, ref in enumerate(unit.weapons):
                need("weapon", ref, f"{where}.weapons[{i}]")
            for i, ref in enumerate(unit.cortexes):
                need("cortex", ref, f"{where}.cortexes[{i}]")
            for h, slot in enumerate(unit.hardpoints):
                for o, option in enumerate(slot.options):
                    need("weapon", option.weapon, f"{where}.hardpoints[{h}].options[{o}].weapon")
                    for r, rule in enumerate(option.rules):
                        need("rule", rule, f"{where}.hardpoints[{h}].options[{o}].rules[{r}]")
            for i, ref in enumerate(unit.joins):
                need("unit", ref, f"{where}.joins[{i}]")
            if unit.type == "warjack" and not unit.cortexes:
                problems.append((f"{where}.cortexes", "a warjack needs at least one cortex option"))
            if unit.hardpoints and unit.weapon_points is None:
                problems.append((f"{where}.weapon_points", "a unit with hardpoints needs weapon_points"))
        for c, cypher in enumerate(self.cyphers):
            if cypher.faction is not None:
                need("faction", cypher.faction, f"cyphers[{c}].faction")
        return problems
