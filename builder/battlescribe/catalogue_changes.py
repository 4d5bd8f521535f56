"""What an updated catalogue changes, by name ("Strike Raptor: DC 4 → 5"), and which recent rosters it breaks."""

from __future__ import annotations

from pathlib import Path

from builder.roster.files import read_roster, roster_from_data, roster_to_data
from builder.rules import validate
from catalog.errors import WarbenchError

UNIT_FIELDS = (("dc", "DC"), ("dc_modifier", "DC modifier"), ("health", "health"), ("models", "models"),
               ("weapon_points", "weapon points"), ("type", "type"), ("faction", "faction"))
WEAPON_FIELDS = (("rng", "RNG"), ("pow", "POW"))
KINDS = (("units", "unit"), ("cyphers", "Cypher"), ("cortexes", "cortex"))


def _by_id(data: dict, kind: str) -> dict[str, dict]:
    return {row["id"]: row for row in data.get(kind, []) if isinstance(row, dict) and "id" in row}


def _shown(value) -> str:
    return "none" if value is None else ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def _step(name: str, label: str, old, new) -> list[str]:
    return [] if old == new else [f"{name}: {label} {_shown(old)} → {_shown(new)}"]


def _options(unit: dict, weapon_name) -> dict[tuple[str, str], object]:
    """(slot name, weapon name) -> weapon-point cost of every hardpoint option."""
    return {(slot.get("name", slot.get("id")), weapon_name(option.get("weapon"))): option.get("cost")
            for slot in unit.get("hardpoints", []) for option in slot.get("options", [])}


def _unit_changes(old: dict, new: dict, weapon_name) -> list[str]:
    name = new.get("name", new["id"])
    lines: list[str] = []
    for key, label in UNIT_FIELDS:
        lines += _step(name, label, old.get(key), new.get(key))
    old_stats, new_stats = old.get("stats", {}), new.get("stats", {})
    for stat in dict.fromkeys([*old_stats, *new_stats]):
        lines += _step(name, stat.upper(), old_stats.get(stat), new_stats.get(stat))
    lines += _step(name, "weapons", [weapon_name(w) for w in old.get("weapons", [])],
                   [weapon_name(w) for w in new.get("weapons", [])])
    lines += _step(name, "rules", sorted(old.get("rules", [])), sorted(new.get("rules", [])))
    old_options, new_options = _options(old, weapon_name), _options(new, weapon_name)
    for slot, weapon in dict.fromkeys([*old_options, *new_options]):
        where = f"{weapon} on {slot}"
        if (slot, weapon) not in old_options:
            lines.append(f"{name}: new option {where} ({_shown(new_options[slot, weapon])} weapon points)")
        elif (slot, weapon) not in new_options:
            lines.append(f"{name}: option {where} removed")
        else:
            lines += _step(name, f"{where} cost", old_options[slot, weapon], new_options[slot, weapon])
    return lines


def _weapon_changes(old: dict, new: dict) -> list[str]:
    """Weapons compared by profile, not id (an id may move when the data renames the entry that defines it):
    a profile gone and one come under the same name is a change, others are added or removed."""
    def profiles(data: dict) -> list[dict]:
        return [{k: v for k, v in row.items() if k != "id"} for row in data.get("weapons", [])]

    before, after = profiles(old), profiles(new)
    gone = [row for row in before if row not in after]
    came = [row for row in after if row not in before]
    lines = []
    for row in came:
        match = next((g for g in gone if g.get("name") == row.get("name")), None)
        if match is None:
            lines.append(f"added weapon: {row.get('name')}")
            continue
        gone.remove(match)
        for field, label in WEAPON_FIELDS:
            lines += _step(str(row.get("name")), label, match.get(field), row.get(field))
        lines += _step(str(row.get("name")), "rules", sorted(match.get("rules", [])), sorted(row.get("rules", [])))
    lines += [f"removed weapon: {row.get('name')}" for row in gone]
    return lines


def differences(old: dict, new: dict) -> list[str]:
    """Every entry added or removed, and every number that changed, each as one line naming the entry."""
    lines: list[str] = []
    names = {**_by_id(old, "weapons"), **_by_id(new, "weapons")}

    def weapon_name(weapon_id: str) -> str:
        return str(names.get(weapon_id, {}).get("name", weapon_id))

    lines += _weapon_changes(old, new)
    old_formats = _by_id(old, "formats")
    for key, row in _by_id(new, "formats").items():
        for field in dict.fromkeys([*old_formats.get(key, {}), *row]):
            if field not in ("id", "name"):
                lines += _step(str(row.get("name", key)), field.replace("_", " "), old_formats.get(key, {}).get(field),
                               row.get(field))
    for kind, noun in KINDS:
        before, after = _by_id(old, kind), _by_id(new, kind)
        added = [row.get("name", key) for key, row in after.items() if key not in before]
        removed = [row.get("name", key) for key, row in before.items() if key not in after]
        if added:
            lines.append(f"added {noun}s: {', '.join(added)}")
        if removed:
            lines.append(f"removed {noun}s: {', '.join(removed)}")
        for key in after.keys() & before.keys():
            if kind == "units":
                lines += _unit_changes(before[key], after[key], weapon_name)
            elif kind == "cyphers":
                lines += _step(after[key].get("name", key), "POW", before[key].get("pow"), after[key].get("pow"))
    return sorted(lines, key=lambda line: (not line.startswith(("added", "removed")), line))


def legal_rosters(game: str, roster_paths: list[str]) -> list[tuple[str, dict]]:
    """(path, roster data) of each of these rosters that is of `game`, loads and is legal today."""
    found = []
    for path in roster_paths:
        try:
            loaded = read_roster(path)
        except WarbenchError:
            continue
        if loaded.roster.game == game and validate(loaded.roster, loaded.catalogue).valid:
            found.append((path, roster_to_data(loaded.roster)))
    return found


def broken_on(catalogue_path: Path, rosters: list[tuple[str, dict]]) -> list[str]:
    """One line for each roster that does not load or is not legal on the catalogue file."""
    lines = []
    for path, data in rosters:
        try:
            moved = roster_from_data({**data, "catalogue": str(catalogue_path.resolve())}, path)
        except WarbenchError as exc:
            lines.append(f"{path}: no longer loads: {exc.problems[0] if exc.problems else exc}")
            continue
        report = validate(moved.roster, moved.catalogue)
        if not report.valid:
            findings = "; ".join(dict.fromkeys(f"{f.code} {f.message}" for f in report.errors))
            lines.append(f"{path}: no longer legal: {findings}")
    return lines
