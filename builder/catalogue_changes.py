"""What an updated catalogue changes, by name ("Strike Raptor: DC 4 → 5"), and which recent rosters it breaks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from builder.roster.files import read_roster, roster_from_data, roster_to_data
from builder.rules import validate
from catalog.errors import WarbenchError

LABELS = {"dc": "DC", "dc_modifier": "DC modifier", "rng": "RNG", "pow": "POW", "rof": "ROF", "fa": "FA"}
UNCOMPARED = ("id", "name", "bs_id", "bs_ids")
"""Keys that name or link an entry rather than describe it."""
LONG_TEXT = 40
"""Text longer than this is reported as changed, not quoted."""


def _by_id(data: dict[str, Any], kind: str) -> dict[str, dict[str, Any]]:
    return {row["id"]: row for row in data.get(kind, []) if isinstance(row, dict) and "id" in row}


def _tables(data: dict[str, Any]) -> list[str]:
    return [
        key
        for key, rows in data.items()
        if isinstance(rows, list) and any(isinstance(r, dict) and "id" in r for r in rows)
    ]


def _shown(value: object) -> str:
    return "none" if value is None else ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def _step(name: str, label: str, old: object, new: object) -> list[str]:
    if old == new:
        return []
    if any(isinstance(v, str) and len(v) > LONG_TEXT for v in (old, new)):
        return [f"{name}: {label} changed"]
    return [f"{name}: {label} {_shown(old)} → {_shown(new)}"]


def _options(entry: dict[str, Any], weapon_name: Callable[[Any], str]) -> dict[tuple[str, str], tuple[str, object]]:
    """(slot name, option name) -> (what its cost is called, the cost) of every hardpoint option: a Warcaster
    option is the weapon it names, a Warmachine one has a name of its own; a cost left out counts as 0."""
    found: dict[tuple[str, str], tuple[str, object]] = {}
    for slot in entry.get("hardpoints", []):
        for option in slot.get("options", []):
            name = option.get("name") or weapon_name(option.get("weapon", option.get("id")))
            label = "points" if "points" in option or "weapon" not in option else "cost"
            cost = option.get(label)
            found[str(slot.get("name", slot.get("id"))), str(name)] = (label, 0 if cost is None else cost)
    return found


def _entry_changes(old: dict[str, Any], new: dict[str, Any], weapon_name: Callable[[Any], str]) -> list[str]:
    name = str(new.get("name", new["id"]))
    lines: list[str] = []
    for key in dict.fromkeys([*old, *new]):
        before, after = old.get(key), new.get(key)
        if key in UNCOMPARED or before == after:
            continue
        if key == "hardpoints":
            was, now = _options(old, weapon_name), _options(new, weapon_name)
            for slot, weapon in dict.fromkeys([*was, *now]):
                where = f"{weapon} on {slot}"
                if (slot, weapon) not in was:
                    label, cost = now[slot, weapon]
                    lines.append(f"{name}: new option {where} ({label} {_shown(cost)})")
                elif (slot, weapon) not in now:
                    lines.append(f"{name}: option {where} removed")
                else:
                    (label, before_cost), (_, after_cost) = was[slot, weapon], now[slot, weapon]
                    lines += _step(name, f"{where} {label}", before_cost, after_cost)
        elif isinstance(before, dict) or isinstance(after, dict):
            for stat in dict.fromkeys([*(before or {}), *(after or {})]):
                label = stat.upper() if key == "stats" else f"{key} {stat}"
                lines += _step(name, label, (before or {}).get(stat), (after or {}).get(stat))
        elif key == "weapons":
            lines += _step(
                name, "weapons", [weapon_name(w) for w in before or []], [weapon_name(w) for w in after or []]
            )
        elif isinstance(before, list) or isinstance(after, list):
            flat = [v for v in (before or []) + (after or []) if not isinstance(v, (dict, list))]
            if len(flat) == len(before or []) + len(after or []):
                lines += _step(
                    name, LABELS.get(key, key), sorted(map(str, before or [])), sorted(map(str, after or []))
                )
            else:
                lines.append(f"{name}: {key} changed")
        else:
            lines += _step(name, LABELS.get(key, key.replace("_", " ")), before, after)
    return lines


def _weapon_changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Weapons compared by profile, not id (an id may move when the data renames the entry that defines it):
    a profile gone and one come under the same name is a change, others are added or removed."""

    def profiles(data: dict[str, Any]) -> list[dict[str, Any]]:
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
        lines += _entry_changes({**match, "id": ""}, {**row, "id": ""}, str)
    lines += [f"removed weapon: {row.get('name')}" for row in gone]
    return lines


def differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Every entry added or removed, and every number that changed, each as one line naming the entry."""
    lines: list[str] = []
    names = {**_by_id(old, "weapons"), **_by_id(new, "weapons")}

    def weapon_name(weapon_id: Any) -> str:  # an id as the file has it: any TOML value
        return str(names.get(weapon_id, {}).get("name", weapon_id))

    lines += _weapon_changes(old, new)
    for kind in dict.fromkeys([*_tables(old), *_tables(new)]):
        if kind == "weapons":
            continue
        noun = kind.removesuffix("es") if kind.endswith("xes") else kind.removesuffix("s")
        before, after = _by_id(old, kind), _by_id(new, kind)
        added = [str(row.get("name", key)) for key, row in after.items() if key not in before]
        removed = [str(row.get("name", key)) for key, row in before.items() if key not in after]
        if added:
            lines.append(f"added {noun}{'s' if len(added) > 1 else ''}: {', '.join(added)}")
        if removed:
            lines.append(f"removed {noun}{'s' if len(removed) > 1 else ''}: {', '.join(removed)}")
        for key in after.keys() & before.keys():
            lines += _entry_changes(before[key], after[key], weapon_name)
    return sorted(lines, key=lambda line: (not line.startswith(("added", "removed")), line))


def legal_rosters(game: str, roster_paths: list[str]) -> list[tuple[str, dict[str, Any]]]:
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


def broken_on(catalogue_path: Path, rosters: list[tuple[str, dict[str, Any]]]) -> list[str]:
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
