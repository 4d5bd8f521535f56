"""The Warmachine Mk IV catalogue format: points, field allowance, leaders, cohort hardpoints."""

from __future__ import annotations

from typing import Literal, cast

from pydantic import Field

from catalog.models.common import (
    CatalogueHeader,
    CatalogueModel,
    Named,
    Slug,
    duplicate_id_problems,
    index_by_id,
)

EntryType = Literal["leader", "warjack", "unit", "solo", "attachment"]


class HardpointChoice(Named):
    """One option for a hardpoint slot, with its points (added to the model's)."""

    points: int = Field(0, ge=0)


class WarmachineHardpoint(Named):
    """A hardpoint slot of a cohort model; the army takes exactly one option per slot."""

    options: list[HardpointChoice] = Field(min_length=1)


class WarmachineStats(CatalogueModel):
    """A model's stat line as the card prints it; any stat may be left out."""

    spd: int | None = Field(None, ge=0, le=20)
    str_: int | None = Field(None, alias="str", ge=0, le=30)
    mat: int | None = Field(None, ge=0, le=20)
    rat: int | None = Field(None, ge=0, le=20)
    def_: int | None = Field(None, alias="def", ge=0, le=30)
    arm: int | None = Field(None, ge=0, le=40)
    foc: int | None = Field(None, ge=0, le=20)
    """Focus (leaders)."""

    def shown(self) -> list[tuple[str, int]]:
        """(label, value) for every stat the data gives, in card order."""
        pairs = (
            ("SPD", self.spd),
            ("STR", self.str_),
            ("MAT", self.mat),
            ("RAT", self.rat),
            ("DEF", self.def_),
            ("ARM", self.arm),
            ("FOC", self.foc),
        )
        return [(label, value) for label, value in pairs if value is not None]


class WarmachineWeapon(Named):
    """A weapon on a model's card: ranged (`rng`, `rof`) or melee (`rng` is its reach); keywords are rule ids."""

    kind: Literal["ranged", "melee"]
    rng: int | None = Field(None, ge=0, le=24)
    rof: int | None = Field(None, ge=1, le=10)
    pow: int | None = Field(None, ge=0, le=30)
    keywords: list[Slug] = []
    """Ids of the catalogue's `keywords` (each explained on the card)."""


GRID_BOX = "."
GRID_GAP = " "
"""A damage grid row: '.' a plain box, a capital letter a system box (the letter names the system), ' ' no box."""
MK_IV_SYSTEMS = {"L": "left arm", "R": "right arm", "M": "movement", "C": "cortex"}
"""The system letters of Mk IV warjack grids; a catalogue's `systems` names any others (or renames these)."""


def is_system_letter(text: str) -> bool:
    """One capital letter: a system box in a grid row, or a key of a catalogue's `systems`."""
    return len(text) == 1 and "A" <= text <= "Z"


class Entry(Named):
    """A model or unit an army may take."""

    faction: Slug
    """The faction id (one of the catalogue's factions)."""
    type: EntryType
    """What it is in an army: leader, warjack, unit, solo or attachment."""
    points: int = Field(ge=0)
    """Army points it costs."""
    fa: int | None = Field(None, ge=1)
    """Field allowance; None with `character = true` (at most one)."""
    character: bool = False
    """A named model: one of it in an army at most."""
    controller: bool = False
    """Controls a battlegroup (leaders do)."""
    cohort: bool = False
    """A cohort model (warjack) that joins a battlegroup."""
    hardpoints: list[WarmachineHardpoint] = []
    """Warjack hardpoints, each with the weapons it may carry and their points."""
    summary: str = ""
    """A line about it for its card, in your own words."""
    joins: list[Slug] = Field([], max_length=20)
    """For an attachment: ids of the unit entries it may join (its card names them); it is never alone."""
    models: int = Field(1, ge=1, le=20)
    """Models in the unit (1 for a solo, leader or warjack)."""
    stats: WarmachineStats | None = None
    """Its stat line (SPD, MAT, RAT, DEF, ARM, …) for cards and battles."""
    weapons: list[WarmachineWeapon] = []
    """Its weapons with their stats, as its card lists them."""
    keywords: list[Slug] = []
    """Ids of the catalogue's `keywords` the model has (each explained on the card)."""
    damage: int | None = Field(None, ge=1, le=60)
    """Damage boxes per model; None for a model with one wound (or a grid)."""
    grid: list[str] = Field([], max_length=8)
    """A warjack's damage grid, one string per row from the top, every row one character per column: '.' a box,
    a system's capital letter (L left arm, R right arm, M movement, C cortex, or one the catalogue's systems
    names), ' ' no box. Typed as a TOML list (["..LR..", " .MC. "]) so that the spaces stay."""

    def system_letters(self) -> list[str]:
        """The system letters of its damage grid, each once, in reading order."""
        return list(dict.fromkeys(c for row in self.grid for c in row if is_system_letter(c)))

    def boxes(self) -> int:
        """Damage a model takes before it is destroyed: the grid's boxes, the damage boxes, or one."""
        if self.grid:
            return sum(1 for row in self.grid for c in row if c != GRID_GAP)
        return self.damage or 1

    @property
    def is_controller(self) -> bool:
        return self.controller or self.type == "leader"

    def hardpoint(self, slot: str) -> WarmachineHardpoint | None:
        return next((h for h in self.hardpoints if h.id == slot), None)


class Faction(Named):
    """A Warmachine faction."""


class WarmachineRules(CatalogueModel):
    """Points levels and the journeyman league's stages."""

    default_points: int = 75
    league_levels: list[int] = [30, 50, 75, 100]


class Keyword(Named):
    """A keyword a card may carry, with a short explanation in our own words."""

    summary: str = Field(min_length=1, max_length=240)
    """What the keyword means at the table, in your own words, printed on cards."""


class WarmachineCatalogue(CatalogueHeader):
    """A Warmachine Mk IV catalogue."""

    game: Literal["warmachine"]
    rules: WarmachineRules = WarmachineRules()
    """The book's numbers for armies: the default points and the league's points levels."""
    factions: list[Faction] = Field(min_length=1)
    entries: list[Entry] = []
    keywords: list[Keyword] = []
    systems: dict[str, str] = {}
    """Names of grid system letters beyond (or instead of) the Mk IV ones ("H" → "head"), said beside every grid."""

    def model_post_init(self, _context: object) -> None:
        self._index = {
            "faction": index_by_id(self.factions),
            "entry": index_by_id(self.entries),
            "keyword": index_by_id(self.keywords),
        }

    def entry(self, entry_id: str) -> Entry | None:
        return cast("Entry | None", self._index["entry"].get(entry_id))

    def keyword(self, keyword_id: str) -> Keyword | None:
        return cast("Keyword | None", self._index["keyword"].get(keyword_id))

    def system_name(self, letter: str) -> str | None:
        """What a grid's system letter stands for: the catalogue's name for it, else the Mk IV one."""
        return self.systems.get(letter) or MK_IV_SYSTEMS.get(letter)

    def grid_legend(self, entry: Entry) -> tuple[tuple[str, str], ...]:
        """Each system letter of an entry's damage grid, in reading order, with what it stands for."""
        return tuple((letter, self.system_name(letter) or letter) for letter in entry.system_letters())

    def cross_reference_problems(self) -> list[tuple[str, str]]:
        problems = (
            duplicate_id_problems("factions", self.factions)
            + duplicate_id_problems("entries", self.entries)
            + duplicate_id_problems("keywords", self.keywords)
        )
        for letter, name in self.systems.items():
            if not is_system_letter(letter) or not 1 <= len(name) <= 40:
                problems.append(
                    (f"systems.{letter}", "a system is named by one capital letter, with a name of 1-40 characters")
                )
        for e, entry in enumerate(self.entries):
            problems += _grid_problems(f"entries[{e}].grid", entry.grid)
            problems += [
                (f"entries[{e}].grid", f"system box '{letter}' is not named (add it to the catalogue's systems)")
                for letter in entry.system_letters()
                if self.system_name(letter) is None
            ]
            if entry.grid and entry.damage is not None:
                problems.append((f"entries[{e}].damage", "give damage boxes or a grid, not both"))
            used = [(f"entries[{e}].keywords[{k}]", kw) for k, kw in enumerate(entry.keywords)]
            used += [
                (f"entries[{e}].weapons[{w}].keywords[{k}]", kw)
                for w, weapon in enumerate(entry.weapons)
                for k, kw in enumerate(weapon.keywords)
            ]
            problems += [
                (where, f"unknown keyword '{kw}' (add it to the catalogue's keywords)")
                for where, kw in used
                if kw not in self._index["keyword"]
            ]
            if entry.faction not in self._index["faction"]:
                problems.append((f"entries[{e}].faction", f"unknown faction '{entry.faction}'"))
            problems += _joins_problems(e, entry, self)
            if entry.fa is None and not entry.character:
                problems.append((f"entries[{e}].fa", "give a field allowance or mark the entry as a character"))
        return problems


def _joins_problems(e: int, entry: Entry, catalogue: WarmachineCatalogue) -> list[tuple[str, str]]:
    """An attachment joins units of the catalogue, each named once; nothing else joins anything."""
    if entry.joins and entry.type != "attachment":
        return [(f"entries[{e}].joins", f"only an attachment joins a unit ({entry.name} is a {entry.type})")]
    problems = []
    for j, target in enumerate(entry.joins):
        where = f"entries[{e}].joins[{j}]"
        other = catalogue.entry(target)
        if target in entry.joins[:j]:
            problems.append((where, f"'{target}' is named twice"))
        elif other is None:
            problems.append((where, f"unknown entry '{target}'"))
        elif other.type != "unit":
            problems.append((where, f"{other.name} is not a unit, so no attachment joins it"))
    return problems


def _grid_problems(where: str, grid: list[str]) -> list[tuple[str, str]]:
    """A grid's rows are one width, and hold only boxes, system letters and gaps."""
    problems = []
    if grid and len({len(row) for row in grid}) > 1:
        problems.append((where, "every row of a damage grid has the same number of columns"))
    for r, row in enumerate(grid):
        if not row or len(row) > 12 or any(not (c in (GRID_BOX, GRID_GAP) or is_system_letter(c)) for c in row):
            problems.append(
                (f"{where}[{r}]", "a grid row is 1-12 characters: '.' a box, a capital letter a system box, ' ' no box")
            )
    return problems
