"""What a Warsurge roster brings to a battle: units with their models and HP."""

from __future__ import annotations

from builder.battles.tracks import LeftTrack, Track
from builder.games.warsurge.catalogue import WarsurgeCatalogue
from builder.games.warsurge.roster import WarsurgeRoster
from builder.games.warsurge.rules import WarsurgeTotals
from builder.rules import validate


def tracks(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> list[Track]:
    """Units with their models and HP per model; points count in proportion to HP left."""
    totals = validate(roster, catalogue).totals
    assert isinstance(totals, WarsurgeTotals), "a Warsurge roster's rules count Warsurge totals"
    rows = totals.unit_points
    return [
        LeftTrack(i, row.name, row.points_exact, row.models, _hp(catalogue, unit.id), "pro-rata", "HP")
        for i, (row, unit) in enumerate(zip(rows, roster.units))
    ]


def _hp(catalogue: WarsurgeCatalogue, unit_id: str) -> int:
    unit = catalogue.unit(unit_id)
    return unit.hp if unit is not None else 1
