"""A BattleScribe Warcaster roster as a Warbench force: entries matched by BattleScribe id first, name second."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from pydantic import ValidationError

from builder.game import GAMES
from builder.games.warcaster.bsdata_catalogue import GAME_SYSTEM_ID
from builder.games.warcaster.catalogue import Cortex, Cypher, Unit, WarcasterCatalogue
from builder.games.warcaster.roster import WarcasterRoster, WarcasterUnit
from builder.roster.errors import RosterFileError
from catalog.models.common import CatalogueHeader
from catalog.toml_input import pydantic_problems
from catalog.wording import counted, shown

"""The BSData Warcaster: Neo-Mechanika game system (the .gst the bundled catalogue was generated from)."""
FORMAT_BY_FORCE = {"full battleforce": "standard", "skirmish": "skirmish"}
"""BattleScribe force entry names -> catalogue format ids (the data calls the standard format Full Battleforce)."""
WEAPON_POINTS = "Weapon Points"
MAX_COPIES = 20
"""Most copies one selection's `number` may ask for (a force has at most 15 units)."""
_Entry = TypeVar("_Entry")


@dataclass
class Imported:
    """The force, and everything the player should read about how it was made."""

    roster: WarcasterRoster
    notes: list[str] = field(default_factory=list)
    """What the import decided for the player (an attachment joined to a squad)."""
    unmatched: list[str] = field(default_factory=list)
    """Everything in the file that is not in the force, each named."""
    file_weapon_points: dict[int, float] = field(default_factory=dict)
    """Roster unit index -> the weapon points the file itself counts for that unit."""


def selections(element: ET.Element) -> list[ET.Element]:
    holder = element.find("selections")
    return [] if holder is None else holder.findall("selection")


def entry_ids(selection: ET.Element) -> list[str]:
    """The BattleScribe ids a selection names: a linked entry's is 'link::target', any part may match."""
    return [part for part in (selection.get("entryId") or "").split("::") if part]


def label(selection: ET.Element) -> str:
    return (selection.get("name") or "").strip() or "(no name)"


def fold(name: str) -> str:
    return " ".join(name.casefold().split())


def own_weapon_points(selection: ET.Element) -> float:
    """The weapon points the file gives a selection and everything inside it."""
    total = 0.0
    for element in selection.iter("cost"):
        if element.get("name") == WEAPON_POINTS:
            try:
                total += float(element.get("value") or 0)
            except ValueError:
                continue
    return total


class Matcher:
    """Catalogue lookups by BattleScribe id and by name."""

    def __init__(self, catalogue: WarcasterCatalogue) -> None:
        self.catalogue = catalogue
        self.units_by_id = {u.bs_id: u for u in catalogue.units if u.bs_id}
        self.units_by_name = {fold(u.name): u for u in catalogue.units}
        self.cyphers_by_id = {c.bs_id: c for c in catalogue.cyphers if c.bs_id}
        self.cyphers_by_name = {fold(c.name): c for c in catalogue.cyphers}

    @staticmethod
    def _by_id(selection: ET.Element, by_id: dict[str, _Entry]) -> _Entry | None:
        return next((by_id[part] for part in reversed(entry_ids(selection)) if part in by_id), None)

    def unit(self, selection: ET.Element) -> Unit | None:
        """The unit or attachment a selection is: by id, else by name (a Cypher's id wins over a unit's name)."""
        found = self._by_id(selection, self.units_by_id)
        if found is None and self._by_id(selection, self.cyphers_by_id) is None:
            found = self.units_by_name.get(fold(label(selection)))
        return found

    def cypher(self, selection: ET.Element) -> Cypher | None:
        found = self._by_id(selection, self.cyphers_by_id)
        return found if found is not None else self.cyphers_by_name.get(fold(label(selection)))

    def cortex(self, selection: ET.Element, entry: Unit) -> Cortex | None:
        """One of the chassis' cortexes, by any of its ids or its name."""
        ids = set(entry_ids(selection))
        options = [c for c in map(self.catalogue.cortex, entry.cortexes) if c is not None]
        return next((c for c in options if ids & set(c.bs_ids)), None) or next(
            (c for c in options if fold(c.name) == fold(label(selection))), None
        )

    def slot_for(self, selection: ET.Element, entry: Unit, taken: dict[str, str]) -> tuple[str, str] | None:
        """(slot id, weapon id) of the first free slot in card order offering this weapon, by id then by name."""
        ids = set(entry_ids(selection))
        name = fold(label(selection))
        for by_id in (True, False):
            for slot in entry.hardpoints:
                if slot.id in taken:
                    continue
                for option in slot.options:
                    weapon = self.catalogue.weapon(option.weapon)
                    if (option.bs_id in ids) if by_id else (weapon is not None and fold(weapon.name) == name):
                        return slot.id, option.weapon
        return None

    def fixed_weapon(self, selection: ET.Element, entry: Unit) -> bool:
        """A weapon the unit always carries (the file lists it; the force needs nothing for it)."""
        names = {fold(w.name) for w in map(self.catalogue.weapon, entry.weapons) if w is not None}
        return fold(label(selection)) in names


def import_warcaster(root: ET.Element, catalogue: CatalogueHeader, source: str) -> Imported:
    """The force a <roster> element describes, for this catalogue; RosterFileError for another game system."""
    assert isinstance(catalogue, WarcasterCatalogue), "BattleScribe rosters are read against a Warcaster catalogue"
    system_id, system = root.get("gameSystemId"), (root.get("gameSystemName") or "").strip()
    ours = GAMES["warcaster"].name  # BattleScribe's game system has the game's own name
    if system_id != GAME_SYSTEM_ID and not (system_id is None and fold(system) == fold(ours)):
        raise RosterFileError(
            f"{source}: the roster is for {system or 'an unnamed game system'} ({system_id or 'no id'}), not {ours}"
        )
    forces_holder = root.find("forces")
    forces = [] if forces_holder is None else forces_holder.findall("force")
    if not forces:
        raise RosterFileError(f"{source}: the BattleScribe roster has no force")
    force = forces[0]
    faction = next((f for f in catalogue.factions if fold(f.name) == fold(force.get("catalogueName") or "")), None)
    if faction is None:
        raise RosterFileError(
            f"{source}: no faction of '{catalogue.id}' is called '{force.get('catalogueName') or ''}'"
        )
    fmt = FORMAT_BY_FORCE.get(fold(force.get("name") or ""))
    fmt = fmt or next((f.id for f in catalogue.formats if fold(f.name) == fold(force.get("name") or "")), "standard")
    try:
        roster = WarcasterRoster(
            catalogue=catalogue.id, name=(root.get("name") or "").strip(), faction=faction.id, format=fmt
        )
    except ValidationError as exc:  # the only value taken from the file as it stands is the roster's name
        raise RosterFileError(f"{source}: the <roster> element's {pydantic_problems(exc)[0]}") from None
    result = Imported(roster)
    for extra in forces[1:]:
        result.unmatched.append(
            f"force '{extra.get('name') or ''}' ({extra.get('catalogueName') or ''}): "
            "a Warbench force is one faction; only the first force was imported"
        )
    _Builder(Matcher(catalogue), result).force(force)
    return result


class _Builder:
    """Walks a force's selections into the roster, collecting notes and what did not match."""

    def __init__(self, match: Matcher, result: Imported) -> None:
        self.match = match
        self.result = result
        self.loose: list[tuple[ET.Element, int]] = []
        """Attachments listed on their own, each with how many units were listed before it."""

    @property
    def roster(self) -> WarcasterRoster:
        return self.result.roster

    def force(self, force: ET.Element) -> None:
        for selection in selections(force):
            self.top(selection, "")
        for selection, before in self.loose:
            self.attach(selection, before)

    def top(self, selection: ET.Element, within: str) -> None:
        """A selection of the force: a unit, an attachment on its own, a Cypher, or a container of them."""
        entry = self.match.unit(selection)
        if entry is not None and entry.type == "attachment":
            self.loose.append((selection, len(self.roster.units)))
        elif entry is not None:
            copies = self.copies(selection)
            for _ in range(copies):
                self.unit(selection, entry, copies)
        elif (cypher := self.match.cypher(selection)) is not None:
            self.roster.rack.append(cypher.id)
        elif selections(selection):
            for child in selections(selection):
                self.top(child, f"{within}{label(selection)} > ")
        else:
            self.result.unmatched.append(f"{within}{label(selection)}: not in catalogue '{self.match.catalogue.id}'")

    def copies(self, selection: ET.Element) -> int:
        try:
            number = int(float(selection.get("number") or 1))
        except (ValueError, OverflowError):  # not a number, or infinite: said so below
            number = 0
        if not 1 <= number <= MAX_COPIES:
            self.result.unmatched.append(
                f"{label(selection)}: {shown(selection.get('number'), quoted=False)} copies is not a number "
                f"of units (1 to {MAX_COPIES}); imported once"
            )
            return 1
        return number

    def unit(self, selection: ET.Element, entry: Unit, copies: int) -> None:
        unit = WarcasterUnit(id=entry.id)
        index = len(self.roster.units)
        self.roster.units.append(unit)
        if entry.hardpoints:
            self.result.file_weapon_points[index] = own_weapon_points(selection) / copies
        for child in selections(selection):
            self.kit(child, unit, entry)

    def kit(self, child: ET.Element, unit: WarcasterUnit, entry: Unit) -> None:
        """What a unit's selection holds: its cortex, hardpoint weapons, fixed weapons, an attachment."""
        where = f"{entry.name} > {label(child)}"
        if entry.cortexes and (cortex := self.match.cortex(child, entry)) is not None:
            if unit.cortex is not None:
                self.result.unmatched.append(f"{where}: a second cortex (kept {unit.cortex})")
            else:
                unit.cortex = cortex.id
        elif entry.hardpoints and (found := self.match.slot_for(child, entry, unit.hardpoints)) is not None:
            unit.hardpoints[found[0]] = found[1]
        elif self.match.fixed_weapon(child, entry):
            return
        elif (att := self.match.unit(child)) is not None and att.type == "attachment":
            unit.attachments.append(att.id)
        elif selections(child):  # a container BattleScribe adds around options: look inside
            for part in selections(child):
                self.kit(part, unit, entry)
        else:
            self.result.unmatched.append(f"{where}: not an option of {entry.name} in '{self.match.catalogue.id}'")

    def attach(self, selection: ET.Element, before: int) -> None:
        """An attachment BattleScribe lists on its own joins the nearest squad listed before it that it may join and
        that lacks it (as Warbench writes them), else the first such squad."""
        att = self.match.unit(selection)
        assert att is not None, "only selections the matcher found as attachments are loose"
        units = list(enumerate(self.roster.units))
        for index, unit in [*reversed(units[:before]), *units[before:]]:
            if unit.id in att.joins and att.id not in unit.attachments:
                unit.attachments.append(att.id)
                squad = self.match.catalogue.unit(unit.id)
                assert squad is not None, "every unit in the force was matched to this catalogue"
                where = "the nearest squad before it" if index < before else "the first squad after it"
                self.result.notes.append(
                    f"{att.name} joined {squad.name} (unit {index + 1}), {where} that it may "
                    f"join; it may also join: {self.others(att, unit.id)}"
                )
                return
        self.result.unmatched.append(
            f"{att.name}: no squad in the force it may join ({', '.join(self.names(att.joins))}); left out"
        )

    def names(self, ids: Iterable[str]) -> list[str]:
        return [u.name for u in map(self.match.catalogue.unit, ids) if u is not None]

    def others(self, att: Unit, chosen: str) -> str:
        return ", ".join(self.names(j for j in att.joins if j != chosen)) or "no other squad"


def describe(roster: WarcasterRoster) -> str:
    """The force in a few words: its units and Cyphers."""
    return f"{counted(len(roster.units), 'unit')}, {counted(len(roster.rack), 'Cypher')}"
