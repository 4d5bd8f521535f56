"""Warcaster totals: the figures the TUI bar, `validate --json` and the PDF roster sheet show.

Keys (all JSON-serialisable; a `max_*`/`rack_*` limit is None when the roster's format is unknown):

- `format`: the roster's format id
- `units`, `max_units`: units counted toward the force size (heroes, attachments, mantlets excluded)
- `heroes`, `max_heroes`; `mantlets`, `max_mantlets`
- `rack`, `rack_min`, `rack_max`: Cypher cards in the rack and the allowed range
- `rack_types`: {"fury": n, "geometric": n, "harmonic": n, "overdrive": n}; `rack_min_per_type`
- `unit_dc`: one deployment cost per roster unit, in roster order, its attachments' modifiers added
  (an unknown DC counts 0); `dc`: their sum
- `weapon_points`: [{"unit": roster index, "used": n, "total": n}] for each warjack or vehicle
"""

from __future__ import annotations

from builder.rules.warcaster_base import NOT_COUNTED, RULES, UNKNOWN, has_weapon_points, loadout_points, tables
from builder.rules.warcaster_rack import rack_type_counts


@RULES.totals_function
def warcaster_totals(roster, catalogue) -> dict:
    """Counts against the format's limits, the rack by type, deployment costs and weapon points."""
    lookups = tables(catalogue)
    fmt = lookups.formats.get(roster.format)
    known = lookups.units
    units = heroes = mantlets = 0
    unit_dc: list[int] = []
    weapon_points: list[dict[str, int]] = []
    for i, unit in enumerate(roster.units):
        entry = known.get(unit.id)
        kind = entry.type if entry is not None else UNKNOWN
        if kind == "hero":
            heroes += 1
        elif kind == "mantlet":
            mantlets += 1
        elif kind not in NOT_COUNTED:
            units += 1
        dc = (entry.dc or 0) if entry is not None else 0
        for att_id in unit.attachments:
            att = known.get(att_id)
            if att is not None:
                dc += att.dc_modifier
        unit_dc.append(dc)
        if has_weapon_points(entry):
            used, _unknown = loadout_points(lookups.options[unit.id], unit.hardpoints)
            weapon_points.append({"unit": i, "used": used, "total": entry.weapon_points})

    def limit(field: str) -> int | None:
        return getattr(fmt, field) if fmt is not None else None

    return {
        "format": roster.format,
        "units": units,
        "max_units": limit("max_units"),
        "heroes": heroes,
        "max_heroes": limit("max_heroes"),
        "mantlets": mantlets,
        "max_mantlets": limit("max_mantlets"),
        "rack": len(roster.rack),
        "rack_min": limit("rack_min"),
        "rack_max": limit("rack_max"),
        "rack_types": rack_type_counts(roster, catalogue),
        "rack_min_per_type": limit("rack_min_per_type"),
        "dc": sum(unit_dc),
        "unit_dc": unit_dc,
        "weapon_points": weapon_points,
    }
