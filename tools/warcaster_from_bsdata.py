"""Generate catalog/data/warcaster-nm.toml from the BSData Warcaster XML plus our own summaries table.

Usage: python3 tools/warcaster_from_bsdata.py [--reference DIR] [--out PATH] [--allow-missing] [--check]

The XML gives names, numbers and BattleScribe entry ids (`bs_id`, for importing BattleScribe rosters);
tools/warcaster_corrections.toml corrects the data's misspelt names; tools/warcaster_summaries.toml gives
every summary in our own words.
The committed TOML is what ships; this script makes it reproducible.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from warcaster_bsdata import FACTION_FILES, REFERENCE_DIR, Data, Reader, Weapon  # noqa: E402
from warcaster_toml import write_catalogue  # noqa: E402

from catalog.slug import slugify  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "catalog" / "data" / "warcaster-nm.toml"
SUMMARIES = Path(__file__).resolve().parent / "warcaster_summaries.toml"
CORRECTIONS = Path(__file__).resolve().parent / "warcaster_corrections.toml"
WILD_CARD = "wild-card"
NAMED_HEROES = {"Fiddler & Co"}
"""Named characters the data files under Units: typed hero (see the catalogue notes)."""
REVISION = 3
CHANGES = [
    {"revision": 2, "note": "names corrected from the community data: Apotropaic Reactor (was Aporopaic Reactor), "
                            "Arc Disruptor (was Arc Distuptor), Astreus, Aeon of the First Magnitude (was '… first "
                            "magnitude'); BattleScribe entry ids added for importing BattleScribe rosters"},
    {"revision": 3, "note": "weapon tags, energy types, Attachment and Flight explained in full sentences for the "
                            "cards (summaries only; ids and numbers unchanged)"},
]
"""The change log rosters saved against an older revision report when they load (ids unchanged)."""
PROFILELESS_WITH_RULES = {"Cloaking Device"}
"""Hardpoint options that are equipment (rules, no weapon profile) rather than gaps."""
NOTES = [
    "Unit types: a Heroes-category entry is a hero (some heroes are vehicles with a hardpoint); an Attachments "
    "entry is an attachment, a Mantlet entry a mantlet; otherwise the data's profile type decides (Warjack, Squad, "
    "Solo, Vehicle).",
    "Fiddler & Co is filed under Units with no cap in the data, but it is a named character built like the hero "
    "versions of vehicles (Duchess, Aenigma, Execrator Nix), so it is typed hero (unique).",
    "Warjack weight comes from the Hardpoints weapon-point constraint: 5 points is light, 8 is heavy; vehicles "
    "have one slot named Hardpoint with 3 points.",
    "Skirmish: the book only says 'up to 8 units'; heroes (1), mantlets (4), 4 of a kind and the 12-15 card rack "
    "with 3 of each type come from the .gst Skirmish force entry and shared Cypher groups.",
    "The .gst also raises the hero cap when exactly 13 or 14 units (Full Battleforce) or 3-7 units (Skirmish) are "
    "taken; the book does not say so, so the formats keep the flat caps.",
    "Attachments: joins lists the squads the data lets each attachment join; Aerolith prints '-' for its cost "
    "modifier, so its dc_modifier is 0.",
    "Weapons that share a name but not a profile get one id each: the most used keeps the plain slug, the others "
    "add where the data defines them (e.g. fusion-blade-harlan-sek-the-curator).",
    "Data quirk kept as printed: the Paladin Enforcers' Bayonet has RNG 12 POW 4 (the Firebrand's Assault Rifle & "
    "Bayonet carries a Bayonet of RNG 2 POW 3).",
    "Wild Card 'serves' lists the faction catalogues that link the entry; Harlan Sek, The Curator is linked by "
    "the Empyreans only.",
    "Fixed weapons a unit must take more than once are listed once per copy (Corebus's two Fists).",
    "Names follow the data where the book differs: Flame Thrower (book: Flamethrower), Ranger Infiltrators "
    "(book: Ranger Infiltrator).",
    "Mount rules: a hardpoint option may add rules on that chassis only (e.g. Turret on the Razorbat's Blazer).",
]
WEIGHT_BY_POINTS = {5: "light", 8: "heavy"}
STAT_ORDER = (("SPD", "spd"), ("STR", "str"), ("MAT", "mat"), ("RAT", "rat"), ("FOC", "foc"), ("DEF", "def"),
              ("ARM", "arm"))
TYPE_BY_PROFILE = {"Warjack": "warjack", "Squad": "squad", "Solo": "solo", "Vehicle": "vehicle", "Mantlet": "mantlet"}


def _int(text: str) -> int | None:
    text = text.strip().lstrip("+")
    return int(text) if text.isdigit() else None


class WeaponTable:
    """Weapons keyed by content; a name with several different profiles gets one id per profile."""

    def __init__(self) -> None:
        self.uses: Counter = Counter()
        self.first: dict[tuple, Weapon] = {}

    @staticmethod
    def key(weapon: Weapon) -> tuple:
        return (weapon.name, weapon.rng, weapon.pow, frozenset(weapon.rules),
                tuple(WeaponTable.key(p) for p in weapon.parts))

    def add(self, weapon: Weapon) -> None:
        key = self.key(weapon)
        self.uses[key] += 1
        self.first.setdefault(key, weapon)
        for part in weapon.parts:
            self.add(part)

    def assign_ids(self) -> dict[tuple, str]:
        """Plain slug for the most used profile of a name; others get '-<where the data defines it>'."""
        by_name: dict[str, list[tuple]] = {}
        for key in self.first:
            by_name.setdefault(key[0], []).append(key)
        ids: dict[tuple, str] = {}
        for name, keys in by_name.items():
            keys.sort(key=lambda k: -self.uses[k])  # stable: ties keep first appearance
            ids[keys[0]] = slugify(name)
            for key in keys[1:]:
                ids[key] = f"{slugify(name)}-{slugify(self.first[key].owner)}"
        if len(set(ids.values())) != len(ids):
            raise SystemExit("weapon ids collide after disambiguation")
        return ids


def build(data: Data, summaries: dict, allow_missing: bool) -> dict:
    """The catalogue as plain data, ready for the TOML writer."""
    missing: list[str] = []
    rule_ids: set[str] = set()

    def rule_refs(names: list[str]) -> list[str]:
        refs = [slugify(n) for n in names]
        rule_ids.update(refs)
        return refs

    def summary(table: str, key: str) -> str:
        text = summaries.get(table, {}).get(key, "")
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

    cortexes: dict[str, dict] = {}
    units = []
    for unit in data.units:
        units.append(_unit(unit, weapon_ids, rule_refs, cortexes))
    weapon_rows = []
    for key, weapon in weapons.first.items():
        row = {"id": weapon_ids[key], "name": weapon.name, "rng": weapon.rng, "pow": weapon.pow,
               "rules": rule_refs(weapon.rules)}
        if weapon.parts:
            row["parts"] = [weapon_ids[WeaponTable.key(p)] for p in weapon.parts]
        weapon_rows.append(row)

    rules = []
    for rule_id in sorted(rule_ids):
        rule = data.rules[rule_id]
        rules.append({"id": rule_id, "name": rule.name, "summary": summary("rules", rule_id)})
    cyphers = [{"id": slugify(c.name), "name": c.name, "bs_id": c.bs_id, "type": c.type, "pow": c.pow,
                "summary": summary("cyphers", slugify(c.name))} for c in data.cyphers]
    factions = [{"id": slugify(name), "name": name, "summary": summary("factions", slugify(name))}
                for name in FACTION_FILES.values()]
    if missing and not allow_missing:
        raise SystemExit(f"{len(missing)} summaries missing from {SUMMARIES.name}: {', '.join(missing[:20])}")
    if missing:
        print(f"warning: {len(missing)} summaries missing", file=sys.stderr)
    return {
        "formats": _formats(data), "factions": factions, "rules": rules,
        "weapons": sorted(weapon_rows, key=lambda w: w["id"]),
        "cortexes": sorted(cortexes.values(), key=lambda c: c["id"]),
        "units": units, "cyphers": cyphers,
    }


def _unit(unit, weapon_ids, rule_refs, cortexes: dict) -> dict:
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
    row: dict = {"id": slugify(unit.name), "name": unit.name, "bs_id": unit.bs_id, "type": kind,
                 "faction": WILD_CARD if unit.faction == "Wild Card" else slugify(unit.faction)}
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
    if _int(chars.get("NUM", "")) is not None and _int(chars["NUM"]) > 1:
        row["models"] = _int(chars["NUM"])
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
            cortex = {"id": slugify(name), "name": name, "rules": rule_refs(rules)}
            known = cortexes.setdefault(cortex["id"], {**cortex, "bs_ids": []})
            if {k: v for k, v in known.items() if k != "bs_ids"} != cortex:
                raise SystemExit(f"cortex {name!r} differs between chassis")
            known["bs_ids"].append(unit.cortex_ids[name])
            row["cortexes"].append(cortex["id"])
    if unit.joins:
        row["joins"] = [slugify(n) for n in unit.joins]
    row["hardpoints"] = [
        {"id": slugify(slot), "name": slot,
         "options": [{"weapon": weapon_ids[_key(o.weapon)], "cost": o.cost, "rules": rule_refs(o.rules),
                      "bs_id": o.bs_id}
                     for o in options]}
        for slot, options in unit.slots]
    return row


def _key(weapon: Weapon) -> tuple:
    return WeaponTable.key(weapon)


def _stat(text: str) -> int | str:
    return int(text) if text.isdigit() else text


def _formats(data: Data) -> list[dict]:
    full, skirmish = data.force_limits["Full Battleforce"], data.force_limits["Skirmish"]
    rows = []
    for fid, name, limits in (("standard", "Standard", full), ("skirmish", "Skirmish", skirmish)):
        rows.append({"id": fid, "name": name, "max_units": limits["Units max"], "max_heroes": limits["Heroes max"],
                     "max_mantlets": limits["Mantlet max"], "max_per_unit": 4,
                     "rack_min": limits["Cyphers min"], "rack_max": limits["Cyphers max"], "rack_min_per_type": 3})
    return rows


def _source(data: Data) -> str:
    cats = ", ".join(f"{name.removesuffix('.cat').replace('_', ' ')} r{rev}" for name, rev in data.cat_revisions.items())
    return (f"BSData Warcaster: Neo-Mechanika BattleScribe data — game system r{data.gst_revision}; catalogues {cats}; "
            "force-building limits from the Warcaster: Neo-Mechanika rulebook (WIP)")


def gap_notes(data: Data, reader: Reader) -> list[str]:
    """One note per hardpoint option without a weapon-point cost, and per option without a weapon profile."""
    missing: dict[tuple[str, str], list[str]] = {}
    for unit in data.units:
        for _, options in unit.slots:
            for option in options:
                if option.cost is None:
                    owners = missing.setdefault((option.weapon.name, option.cost_note), [])
                    if unit.name not in owners:
                        owners.append(unit.name)
    notes = []
    for (weapon, why), owners in missing.items():
        detail = ("the data gives 0 on an inline entry, which BattleScribe also writes when no cost was set"
                  if why.startswith("zero") else "the data gives no cost")
        notes.append(f"Known gap: {weapon} on {' and '.join(owners)} has no weapon-point cost ({detail}); "
                     "cost is left out and counts as 0.")
    for name in dict.fromkeys(reader.profileless):
        if not data.rules.get(slugify(name)) and name not in PROFILELESS_WITH_RULES:
            notes.append(f"Known gap: {name} is a hardpoint option with no weapon profile in the data "
                         "(no RNG, POW or rules).")
    return notes


def load_corrections(path: Path = CORRECTIONS) -> dict[str, str]:
    """The reviewed name corrections, wrong -> right (each entry must say why)."""
    rows = tomllib.loads(path.read_text(encoding="utf-8")).get("corrections", [])
    for row in rows:
        if set(row) != {"wrong", "right", "why"} or not row["why"].strip():
            raise SystemExit(f"{path.name}: every correction has exactly wrong, right and why: {row!r}")
    return {row["wrong"]: row["right"] for row in rows}


def correction_note(corrected: dict[str, str]) -> str:
    """The catalogue note naming every corrected name."""
    listed = "; ".join(f"{right} (data: {wrong})" for wrong, right in corrected.items())
    return f"Names corrected from the data (tools/warcaster_corrections.toml): {listed}."


FINGERPRINTS = ROOT / "tests" / "fixtures" / "warcaster-reference-fingerprints.txt"


def write_fingerprints(descriptions: dict[str, str]) -> None:
    """Store hashes (never the text) of the reference rule texts and their 8-word runs for the copy test."""
    from fingerprints import fingerprints

    lines = sorted(fingerprints(descriptions.values()))
    FINGERPRINTS.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=REFERENCE_DIR)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--allow-missing", action="store_true", help="write even if some summaries are missing")
    parser.add_argument("--check", action="store_true", help="exit 1 unless the committed file is what the data gives")
    args = parser.parse_args(argv)
    corrections = load_corrections()
    reader = Reader(args.reference, corrections)
    data = reader.read()
    stale = [wrong for wrong in corrections if wrong not in reader.corrected]
    if stale:
        raise SystemExit(f"{CORRECTIONS.name}: no name in the data is {', '.join(map(repr, stale))}; "
                         "drop the corrections the data no longer needs")
    summaries = tomllib.loads(SUMMARIES.read_text(encoding="utf-8")) if SUMMARIES.exists() else {}
    body = build(data, summaries, args.allow_missing)
    header = {"id": "warcaster-nm", "game": "warcaster", "name": "Warcaster: Neo-Mechanika", "revision": REVISION,
              "source": _source(data), "notes": NOTES + [correction_note(reader.corrected)] + gap_notes(data, reader),
              "changes": CHANGES}
    text = write_catalogue(header, body)
    write_fingerprints(reader.rule_descriptions())
    if args.check:
        same = args.out.read_text(encoding="utf-8") == text
        print(f"{args.out}: {'matches the reference data' if same else 'DIFFERS from what the reference data gives'}")
        return 0 if same else 1
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}: {len(body['units'])} units, {len(body['weapons'])} weapons, "
          f"{len(body['rules'])} rules, {len(body['cortexes'])} cortexes, {len(body['cyphers'])} cyphers")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
