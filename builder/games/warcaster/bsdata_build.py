"""The catalogue's tables from BattleScribe Warcaster data: units with their weapons, cortexes and hardpoints,
cyphers, factions, rules and formats, each summary from our own table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeAlias

from builder.games.warcaster.bsdata_records import Data, Unit, Weapon
from catalog.errors import CatalogueError
from catalog.slug import slugify

WILD_CARD = "wild-card"
NAMED_HEROES = {"Fiddler & Co"}
"""Named characters the data files under Units: typed hero (see the catalogue notes)."""
WEIGHT_BY_POINTS = {5: "light", 8: "heavy"}
STAT_ORDER = (
    ("SPD", "spd"),
    ("STR", "str"),
    ("MAT", "mat"),
    ("RAT", "rat"),
    ("FOC", "foc"),
    ("DEF", "def"),
    ("ARM", "arm"),
)
TYPE_BY_PROFILE = {"Warjack": "warjack", "Squad": "squad", "Solo": "solo", "Vehicle": "vehicle", "Mantlet": "mantlet"}
WeaponKey: TypeAlias = tuple[str, int | str | None, int | str | None, frozenset[str], tuple["WeaponKey", ...]]
"""A weapon by content: name, RNG, POW, rules and the keys of the weapons it mounts."""
Row: TypeAlias = dict[str, Any]
"""One TOML table of the catalogue being written (values of any TOML type)."""


def _int(text: str) -> int | None:
    text = text.strip().lstrip("+")
    return int(text) if text.isascii() and text.isdigit() else None


class WeaponTable:
    """Weapons keyed by content; a name with several different profiles gets one id per profile."""

    def __init__(self) -> None:
        self.uses: Counter[WeaponKey] = Counter()
        self.first: dict[WeaponKey, Weapon] = {}

    @staticmethod
    def key(weapon: Weapon) -> WeaponKey:
        return (
            weapon.name,
            weapon.rng,
            weapon.pow,
            frozenset(weapon.rules),
            tuple(WeaponTable.key(p) for p in weapon.parts),
        )

    def add(self, weapon: Weapon) -> None:
        key = self.key(weapon)
        self.uses[key] += 1
        self.first.setdefault(key, weapon)
        for part in weapon.parts:
            self.add(part)

    def assign_ids(self) -> dict[WeaponKey, str]:
        """Plain slug for the most used profile of a name; others get '-<where the data defines it>'."""
        by_name: dict[str, list[WeaponKey]] = {}
        for key in self.first:
            by_name.setdefault(key[0], []).append(key)
        ids: dict[WeaponKey, str] = {}
        for name, keys in by_name.items():
            keys.sort(key=lambda k: -self.uses[k])  # stable: ties keep first appearance
            ids[keys[0]] = slugify(name)
            for key in keys[1:]:
                ids[key] = f"{slugify(name)}-{slugify(self.first[key].owner)}"
        if len(set(ids.values())) != len(ids):
            raise CatalogueError("weapon ids collide after disambiguation")
        return ids


def build(data: Data, summaries: dict[str, Any]) -> tuple[dict[str, list[Row]], list[str]]:
    """The catalogue as plain data, ready for the TOML writer, and the summaries the table lacks (`rules.x`)."""
    missing: list[str] = []
    rule_ids: set[str] = set()

    def rule_refs(names: list[str]) -> list[str]:
        refs = [slugify(n) for n in names]
        rule_ids.update(refs)
        return refs

    def summary(table: str, key: str) -> str:
        text: str = summaries.get(table, {}).get(key, "")
        if not text:
            missing.append(f"{table}.{key}")
        return text

    weapons = WeaponTable()
    for unit in data.units:
        for weapon in unit.weapons:
            weapons.add(weapon)
        for _, options in unit.slots:
            for option in options:
                weapons.add(option.weapon)
    weapon_ids = weapons.assign_ids()

    cortexes: dict[str, Row] = {}
    units = []
    for unit in data.units:
        units.append(_unit(unit, weapon_ids, rule_refs, cortexes))
    weapon_rows = []
    for key, weapon in weapons.first.items():
        row = {
            "id": weapon_ids[key],
            "name": weapon.name,
            "rng": weapon.rng,
            "pow": weapon.pow,
            "rules": rule_refs(weapon.rules),
        }
        if weapon.parts:
            row["parts"] = [weapon_ids[WeaponTable.key(p)] for p in weapon.parts]
        weapon_rows.append(row)

    rules = []
    for rule_id in sorted(rule_ids):
        rule = data.rules[rule_id]
        rules.append({"id": rule_id, "name": rule.name, "summary": summary("rules", rule_id)})
    cyphers = [
        {
            "id": slugify(c.name),
            "name": c.name,
            "bs_id": c.bs_id,
            "type": c.type,
            "pow": c.pow,
            "summary": summary("cyphers", slugify(c.name)),
        }
        for c in data.cyphers
    ]
    factions = [
        {"id": slugify(name), "name": name, "summary": summary("factions", slugify(name))}
        for name in data.cat_revisions
    ]
    return {
        "formats": _formats(data),
        "factions": factions,
        "rules": rules,
        "weapons": sorted(weapon_rows, key=lambda w: w["id"]),
        "cortexes": sorted(cortexes.values(), key=lambda c: c["id"]),
        "units": units,
        "cyphers": cyphers,
    }, missing


def _unit(
    unit: Unit, weapon_ids: dict[WeaponKey, str], rule_refs: Callable[[list[str]], list[str]], cortexes: dict[str, Row]
) -> Row:
    categories = set(unit.categories)
    if "Attachments" in categories:
        kind = "attachment"
    elif "Mantlet" in categories:
        kind = "mantlet"
    elif "Heroes" in categories or unit.name in NAMED_HEROES:
        kind = "hero"
    else:
        kind = TYPE_BY_PROFILE[unit.profile_type]
    chars = unit.characteristics
    row: Row = {
        "id": slugify(unit.name),
        "name": unit.name,
        "bs_id": unit.bs_id,
        "type": kind,
        "faction": WILD_CARD if unit.faction == "Wild Card" else slugify(unit.faction),
    }
    if unit.serves:
        row["serves"] = [slugify(f) for f in unit.serves]
    if kind == "hero" or unit.roster_max == 1:
        row["unique"] = True
    elif unit.roster_max in (2, 3):
        row["limit"] = unit.roster_max
    cost = chars.get("CST", "")
    if kind == "attachment":
        row["dc_modifier"] = _int(cost) or 0
    elif _int(cost) is not None:
        row["dc"] = _int(cost)
    if _int(chars.get("DMG", "")) is not None:
        row["health"] = _int(chars["DMG"])
    models = _int(chars.get("NUM", ""))
    if models is not None and models > 1:
        row["models"] = models
    row["stats"] = {key: _stat(chars[name]) for name, key in STAT_ORDER if name in chars}
    row["weapons"] = [weapon_ids[_key(w)] for w in unit.weapons]
    row["rules"] = rule_refs(unit.rules)
    if unit.profile_type == "Warjack" and unit.weapon_points in WEIGHT_BY_POINTS:
        row["weight"] = WEIGHT_BY_POINTS[unit.weapon_points]
    if unit.weapon_points is not None:
        row["weapon_points"] = unit.weapon_points
    if unit.cortexes:
        row["cortexes"] = []
        for name, rules in unit.cortexes:
            cortex: Row = {"id": slugify(name), "name": name, "rules": rule_refs(rules)}
            known = cortexes.setdefault(cortex["id"], {**cortex, "bs_ids": []})
            if {k: v for k, v in known.items() if k != "bs_ids"} != cortex:
                raise CatalogueError(f"cortex {name!r} differs between chassis")
            known["bs_ids"].append(unit.cortex_ids[name])
            row["cortexes"].append(cortex["id"])
    if unit.joins:
        row["joins"] = [slugify(n) for n in unit.joins]
    row["hardpoints"] = [
        {
            "id": slugify(slot),
            "name": slot,
            "options": [
                {"weapon": weapon_ids[_key(o.weapon)], "cost": o.cost, "rules": rule_refs(o.rules), "bs_id": o.bs_id}
                for o in options
            ],
        }
        for slot, options in unit.slots
    ]
    return row


def _key(weapon: Weapon) -> WeaponKey:
    return WeaponTable.key(weapon)


def _stat(text: str) -> int | str:
    return int(text) if text.isascii() and text.isdigit() else text


def _formats(data: Data) -> list[Row]:
    full, skirmish = data.force_limits["Full Battleforce"], data.force_limits["Skirmish"]
    rows = []
    for fid, name, limits in (("standard", "Standard", full), ("skirmish", "Skirmish", skirmish)):
        rows.append(
            {
                "id": fid,
                "name": name,
                "max_units": limits["Units max"],
                "max_heroes": limits["Heroes max"],
                "max_mantlets": limits["Mantlet max"],
                "max_per_unit": 4,
                "rack_min": limits["Cyphers min"],
                "rack_max": limits["Cyphers max"],
                "rack_min_per_type": 3,
            }
        )
    return rows
