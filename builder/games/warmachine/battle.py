"""What a Warmachine roster brings to a battle."""

from __future__ import annotations

from builder.battles.tracks import Track
from builder.games.warmachine.catalogue import WarmachineCatalogue
from builder.games.warmachine.roster import WarmachineRoster
from builder.games.warmachine.rules import WarmachineTotals
from builder.rules import validate


def tracks(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> list[Track]:
    """Models with their damage boxes (or grid); their points count until the last model falls."""
    totals = validate(roster, catalogue).totals
    assert isinstance(totals, WarmachineTotals), "a Warmachine roster's rules count Warmachine totals"
    rows = totals.units
    tracks: list[Track] = []
    for i, (unit, row) in enumerate(zip(roster.units, rows)):
        entry = catalogue.entry(unit.id)
        tracks.append(
            Track(
                i,
                row.name,
                row.points,
                entry.models if entry else 1,
                entry.boxes() if entry else 1,
                grid=tuple(entry.grid) if entry else (),
                grid_legend=catalogue.grid_legend(entry) if entry else (),
                leader=entry is not None and entry.type == "leader",
            )
        )
    return tracks
