"""What every Warcaster rule shares: the rule set, catalogue look-ups that never raise, loadout sums."""

from __future__ import annotations

from builder.rules.registry import RuleSet

RULES = RuleSet("warcaster")

NOT_COUNTED = frozenset({"hero", "attachment", "mantlet"})
"""Unit types that do not count toward a format's `max_units`."""


def unit_path(index: int) -> str:
    return f"units[{index}]"


def entries(roster, catalogue) -> list[tuple[int, object, object | None]]:
    """(index, roster unit, catalogue unit or None) for every unit of the roster, in order."""
    known = catalogue.known("unit")
    return [(i, unit, known.get(unit.id)) for i, unit in enumerate(roster.units)]


def format_of(roster, catalogue):
    """The roster's Format, or None when the catalogue does not know its id."""
    return catalogue.known("format").get(roster.format)


def name(kind_index: dict, entry_id: str | None) -> str:
    """The display name of an id in one of the catalogue's id dicts, or the id itself."""
    entry = kind_index.get(entry_id) if entry_id is not None else None
    return entry.name if entry is not None else f"'{entry_id}'"


def names(kind_index: dict, ids) -> str:
    """Display names joined by commas ("none" for an empty list)."""
    return ", ".join(name(kind_index, i) for i in ids) or "none"


def counted_type(entry) -> str:
    """The type used for counting: an unknown entry counts as an ordinary unit."""
    return entry.type if entry is not None else "unknown"


def with_article(word: str) -> str:
    """The word with its indefinite article: "a squad", "an Iron Star Alliance"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else (many or word + 's')}"


def offered_option(entry, slot: str, weapon: str):
    """The HardpointOption of `weapon` on the chassis' `slot`, or None if the slot or weapon is not offered."""
    for hardpoint in entry.hardpoints:
        if hardpoint.id == slot:
            for option in hardpoint.options:
                if option.weapon == weapon:
                    return option
            return None
    return None


def loadout_points(entry, hardpoints: dict[str, str]) -> tuple[int, list[str]]:
    """Weapon points a loadout uses on a chassis, and the slots whose cost is unknown (counted as 0).

    Weapons on slots the chassis lacks, or that a slot does not offer, cost nothing here: the
    hardpoint rule reports them.
    """
    used = 0
    unknown: list[str] = []
    for slot, weapon in hardpoints.items():
        option = offered_option(entry, slot, weapon)
        if option is None:
            continue
        if option.cost is None:
            unknown.append(slot)
        else:
            used += option.cost
    return used, unknown


def has_weapon_points(entry) -> bool:
    """Warjacks, vehicles and vehicle heroes: entries with hardpoints and an allotment."""
    return entry is not None and bool(entry.hardpoints) and entry.weapon_points is not None
