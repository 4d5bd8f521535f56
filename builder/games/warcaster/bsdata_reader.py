"""Read BattleScribe Warcaster data (a .gst and its faction .cat element trees) into plain records."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from builder.games.warcaster.bsdata_records import Cypher, Data, Option, Rule, Unit, Weapon
from builder.games.warcaster.bsdata_values import BadData, attr, characteristic, kids, number, required_number, value
from catalog.slug import slugify

CYPHER_GROUPS = {"Furies": "fury", "Geometrics": "geometric", "Harmonics": "harmonic", "Overdrives": "overdrive"}
_POW = re.compile(r"POW\s*\(\s*([^)\s]*)\s*\)")


class Reader:
    """Resolves links across the game system and the faction catalogues."""

    def __init__(self, gst: ET.Element, cats: list[ET.Element], corrections: dict[str, str] | None = None) -> None:
        self.gst = gst
        self.cats = {(c.get("name") or "").strip(): c for c in cats}
        """Faction name (the catalogue's name) -> its element tree, in the order given."""
        self.corrected: dict[str, str] = {}
        """The corrections that matched a name in the data (wrong -> right)."""
        for root in (self.gst, *self.cats.values()):
            self._correct(root, corrections or {})
        self.by_id: dict[str, ET.Element] = {}
        for root in (self.gst, *self.cats.values()):
            for element in root.iter():
                if "id" in element.attrib and element.tag in (
                    "selectionEntry",
                    "rule",
                    "profile",
                    "selectionEntryGroup",
                    "categoryEntry",
                    "profileType",
                ):
                    self.by_id.setdefault(attr(element, "id"), element)
        self.owner: dict[str, str] = {}
        for faction, root in (("Wild Card", self.gst), *self.cats.items()):
            self._owners(root, faction)
        self.rules: dict[str, Rule] = {}
        self.conflicts: dict[str, set[str]] = {}
        """Rule names whose descriptions differ between places (first one kept)."""
        self.profileless: list[str] = []
        """Hardpoint options the data lists without a weapon profile."""
        self._inside: list[ET.Element] = []
        """The entries whose weapon is being read, outermost first (a link back to one is a cycle)."""

    def _correct(self, root: ET.Element, corrections: dict[str, str]) -> None:
        """Replace every name the reviewed corrections list as wrong, before anything reads a name."""
        for element in root.iter():
            name = (element.get("name") or "").strip()
            if name in corrections:
                element.set("name", corrections[name])
                self.corrected[name] = corrections[name]

    def _owners(self, element: ET.Element, owner: str) -> None:
        for child in element:
            inner = owner
            if child.tag == "selectionEntry":
                self.owner.setdefault(attr(child, "id"), owner)
                inner = attr(child, "name").strip()
            self._owners(child, inner)

    # -- rules -------------------------------------------------------------------------------------
    def _rule(self, element: ET.Element) -> str:
        name = attr(element, "name").strip()
        description = " ".join((element.findtext("description") or "").split())
        known = self.rules.get(slugify(name))
        if known is None or (not known.description and description):
            self.rules[slugify(name)] = Rule(name, description)
        elif description and description != known.description:
            self.conflicts.setdefault(name, {known.description}).add(description)
        return name

    def rule_names(self, entry: ET.Element) -> list[str]:
        """Every rule an entry carries: its own rules, linked rules and rules in info groups, in order."""
        names: list[str] = []
        holders = [entry] + kids(entry, "infoGroups", "infoGroup")
        for holder in holders:
            for rule in kids(holder, "rules", "rule"):
                names.append(self._rule(rule))
            for link in kids(holder, "infoLinks", "infoLink"):
                if link.get("type") == "rule":
                    names.append(self._rule(self.by_id[attr(link, "targetId")]))
        return list(dict.fromkeys(names))

    # -- weapons -----------------------------------------------------------------------------------
    def _profile_type(self, profile: ET.Element) -> str:
        return attr(self.by_id[attr(profile, "typeId")], "name")

    def weapon_profile(self, entry: ET.Element) -> ET.Element | None:
        for profile in kids(entry, "profiles", "profile"):
            if self._profile_type(profile) == "Weapon":
                return profile
        for link in kids(entry, "infoLinks", "infoLink"):
            if link.get("type") == "profile":
                return self.by_id[attr(link, "targetId")]
        return None

    def weapon(self, entry: ET.Element) -> Weapon | None:
        """The weapon an entry describes; an entry without a profile whose children are weapons is a mount of them
        (BadData when its links lead back to an entry that mounts it: a cycle has no weapon)."""
        if any(inside is entry for inside in self._inside):
            raise BadData(entry, "its entryLinks lead back to itself (a cycle of links)")
        self._inside.append(entry)
        try:
            return self._weapon(entry)
        finally:
            self._inside.pop()

    def _weapon(self, entry: ET.Element) -> Weapon | None:
        profile = self.weapon_profile(entry)
        if profile is None:
            children = kids(entry, "selectionEntries", "selectionEntry") + [
                self.by_id[attr(link, "targetId")] for link in kids(entry, "entryLinks", "entryLink")
            ]
            parts = [w for w in map(self.weapon, children) if w is not None]
            if not parts:
                return None
            return Weapon(
                attr(entry, "name").strip(),
                None,
                None,
                self.rule_names(entry),
                self.owner.get(attr(entry, "id"), ""),
                parts,
            )
        chars = {c.get("name"): c for c in kids(profile, "characteristics", "characteristic")}
        return Weapon(
            attr(entry, "name").strip(),
            value(chars["RNG"].text, chars["RNG"]) if "RNG" in chars else None,
            value(chars["POW"].text, chars["POW"]) if "POW" in chars else None,
            self.rule_names(entry),
            self.owner.get(attr(entry, "id"), ""),
        )

    # -- units -------------------------------------------------------------------------------------
    def _option(self, element: ET.Element) -> Option:
        """A hardpoint option from an entryLink (cost on the link) or an inline entry (cost on the entry)."""
        target = self.by_id[attr(element, "targetId")] if element.tag == "entryLink" else element
        weapon = self.weapon(target)
        if weapon is None:  # listed as an option but the data gives it no profile (a known gap)
            weapon = Weapon(
                attr(target, "name").strip(),
                None,
                None,
                self.rule_names(target),
                self.owner.get(attr(target, "id"), ""),
            )
            self.profileless.append(weapon.name)
        costs = [c for c in kids(element, "costs", "cost") if c.get("name") == "Weapon Points"]
        cost = number(costs[0], "value") if costs else None
        note = "" if costs else "no cost"
        if element.tag == "selectionEntry" and cost == 0:
            cost, note = None, "zero on an inline entry"
        extra = [
            self._rule(self.by_id[attr(link, "targetId")])
            for link in kids(element, "infoLinks", "infoLink")
            if link.get("type") == "rule" and element.tag == "entryLink"
        ]
        return Option(weapon, cost, note, extra, attr(target, "id"))

    def _slot_options(self, group: ET.Element) -> list[Option]:
        return [self._option(e) for e in kids(group, "selectionEntries", "selectionEntry")] + [
            self._option(e) for e in kids(group, "entryLinks", "entryLink")
        ]

    def _hardpoints(self, unit: Unit, group: ET.Element) -> None:
        for constraint in kids(group, "constraints", "constraint"):
            if constraint.get("type") == "max" and constraint.get("field") != "selections":
                unit.weapon_points = number(constraint, "value")
        subgroups = kids(group, "selectionEntryGroups", "selectionEntryGroup")
        if subgroups:
            unit.slots = [(attr(g, "name").strip(), self._slot_options(g)) for g in subgroups]
        else:  # a vehicle's single hardpoint: the group itself is the slot
            unit.slots = [("Hardpoint", self._slot_options(group))]

    def unit(self, entry: ET.Element, faction: str) -> Unit:
        profiles = [p for p in kids(entry, "profiles", "profile") if self._profile_type(p) != "Weapon"]
        profile = profiles[0]
        categories = [
            attr(self.by_id[attr(c, "targetId")], "name") for c in kids(entry, "categoryLinks", "categoryLink")
        ]
        roster_max = [
            number(c, "value")
            for c in kids(entry, "constraints", "constraint")
            if c.get("type") == "max" and c.get("scope") == "roster" and c.get("field") == "selections"
        ]
        unit = Unit(
            name=attr(entry, "name").strip(),
            faction=faction,
            profile_type=self._profile_type(profile),
            categories=list(dict.fromkeys(categories)),
            characteristics={
                attr(c, "name"): characteristic(c) for c in kids(profile, "characteristics", "characteristic")
            },
            rules=self.rule_names(entry),
            weapons=[],
            roster_max=roster_max[0] if roster_max else None,
            bs_id=attr(entry, "id"),
        )
        for child in kids(entry, "selectionEntries", "selectionEntry"):
            self._fixed(unit, child, child)
        for link in kids(entry, "entryLinks", "entryLink"):
            self._fixed(unit, self.by_id[attr(link, "targetId")], link)
        for group in kids(entry, "selectionEntryGroups", "selectionEntryGroup"):
            name = attr(group, "name").strip()
            if name == "Cortex":
                cortexes = kids(group, "selectionEntries", "selectionEntry")
                unit.cortexes = [(attr(c, "name").strip(), self.rule_names(c)) for c in cortexes]
                unit.cortex_ids = {attr(c, "name").strip(): attr(c, "id") for c in cortexes}
            elif name.startswith("Hardpoint"):
                self._hardpoints(unit, group)
            else:
                raise ValueError(f"{unit.name}: unexpected option group {name!r}")
        unit.joins = [
            attr(self.by_id[attr(r, "childId")], "name").strip()
            for m in kids(entry, "modifiers", "modifier")
            for r in kids(m, "repeats", "repeat")
        ]
        return unit

    def _fixed(self, unit: Unit, entry: ET.Element, holder: ET.Element) -> None:
        """A fixed weapon, once per copy the unit must take (Corebus has two Fists)."""
        weapon = self.weapon(entry)
        if weapon is not None:
            copies = [
                required_number(c, "value")
                for c in kids(holder, "constraints", "constraint")
                if c.get("type") == "min" and c.get("field") == "selections"
            ]
            unit.weapons += [weapon] * max(copies + [1])
        else:  # an upgrade without a profile only carries rules
            unit.rules += [r for r in self.rule_names(entry) if r not in unit.rules]

    # -- the whole data set ------------------------------------------------------------------------
    def read(self) -> Data:
        units: list[Unit] = []
        serves: dict[str, list[str]] = {}
        for faction, root in self.cats.items():
            units += [self.unit(e, faction) for e in kids(root, "selectionEntries", "selectionEntry")]
            for link in kids(root, "entryLinks", "entryLink"):
                if link.get("name") != "Cyphers":
                    serves.setdefault(attr(self.by_id[attr(link, "targetId")], "name").strip(), []).append(faction)
        for entry in kids(self.gst, "sharedSelectionEntries", "selectionEntry"):
            if entry.get("type") == "model":
                unit = self.unit(entry, "Wild Card")
                unit.serves = serves.get(unit.name, [])
                units.append(unit)
        return Data(
            attr(self.gst, "revision"),
            {f: attr(c, "revision") for f, c in self.cats.items()},
            units,
            self.rules,
            self.cyphers(),
            self.force_limits(),
        )

    def cyphers(self) -> list[Cypher]:
        found = []
        for group in kids(self.gst, "sharedSelectionEntryGroups", "selectionEntryGroup"):
            kind = CYPHER_GROUPS[attr(group, "name")]
            for entry in kids(group, "selectionEntries", "selectionEntry"):
                rule = kids(entry, "rules", "rule")[0]
                text = " ".join((rule.findtext("description") or "").split())
                match = _POW.search(text.split("Target")[0])
                found.append(
                    Cypher(
                        attr(entry, "name").strip(),
                        kind,
                        value(match.group(1), rule) if match else None,
                        text,
                        attr(entry, "id"),
                    )
                )
        return found

    def force_limits(self) -> dict[str, dict[str, int]]:
        """Per force entry: the max (and min) selections of each category, before modifiers."""
        limits: dict[str, dict[str, int]] = {}
        for force in kids(self.gst, "forceEntries", "forceEntry"):
            found: dict[str, int] = {}
            for link in kids(force, "categoryLinks", "categoryLink"):
                for c in kids(link, "constraints", "constraint"):
                    found[f"{link.get('name')} {c.get('type')}"] = required_number(c, "value")
            limits[attr(force, "name")] = found
        return limits

    def rule_descriptions(self) -> dict[str, str]:
        """Every rule description in the data (units, weapons, cortexes, cyphers) by rule name."""
        texts: dict[str, str] = {}
        for root in (self.gst, *self.cats.values()):
            for rule in root.iter("rule"):
                texts[attr(rule, "name").strip()] = " ".join((rule.findtext("description") or "").split())
        return texts
