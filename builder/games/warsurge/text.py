"""Warsurge's plain-text list for chat and forums."""

from __future__ import annotations

from typing import TYPE_CHECKING

from catalog.wording import counted
from exports.text import name_or

if TYPE_CHECKING:
    from builder.games.warsurge.catalogue import WarsurgeCatalogue
    from builder.games.warsurge.roster import WarsurgeRoster, WarsurgeRosterUnit
    from builder.games.warsurge.rules import WarsurgeTotals


def _title(unit: WarsurgeRosterUnit, catalogue: WarsurgeCatalogue) -> str:
    """A Warsurge unit as the list names it: catalogue name, then the player's label in quotes."""
    title = name_or(catalogue.unit(unit.id), unit.id)
    return title + (f" “{unit.label}”" if unit.label else "")


def lines(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue, totals: WarsurgeTotals) -> list[str]:
    """The roster's units with their models, points, weapons and transports."""
    lines = [
        f"{totals.points}/{roster.point_limit} points, {counted(len(roster.units), 'unit')} "
        f"(at most {totals.max_units})",
        "",
    ]
    rows = totals.unit_points
    for i, unit in enumerate(roster.units, 1):
        title = _title(unit, catalogue)
        points = rows[i - 1].points
        lines.append(f"  {i}. {title} ×{unit.models} — {points} pts")
        details = [f"{name_or(catalogue.weapon(w), w)} ×{q}" for w, q in unit.weapons.items()]
        if unit.embarked_in:
            carrier = next((n for n, u in enumerate(roster.units, 1) if u.key == unit.embarked_in), None)
            details.append(
                f"embarked in {carrier}. {_title(roster.units[carrier - 1], catalogue)}"
                if carrier is not None
                else f"embarked in an unknown transport ('{unit.embarked_in}')"
            )
        if details:
            lines.append(f"     {'; '.join(details)}")
    return lines
