"""What a Warmachine roster brings to a battle."""

from __future__ import annotations

from builder.battles.tracks import Track
from builder.games.warmachine.catalogue import WarmachineCatalogue
from builder.games.warmachine.roster import WarmachineRoster
from builder.games.warmachine.rules import WarmachineTotals
from builder.rules import validate


def joined(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> dict[int, list[int]]:
    """Unit index -> the indexes of the attachments that joined it, in army order. An attachment counts as joined
    when it names another unit of the army that is no attachment itself; whether it may join that unit is the
    rules' finding, and one that joined nothing stays a unit of its own, so no model is ever lost."""
    found: dict[int, list[int]] = {}
    for a, unit in enumerate(roster.units):
        entry = catalogue.entry(unit.id)
        target = unit.attached_to
        if entry is None or entry.type != "attachment" or target is None or target == a:
            continue
        other = catalogue.entry(roster.units[target].id) if target < len(roster.units) else None
        if other is not None and other.type != "attachment":
            found.setdefault(target, []).append(a)
    return found


def tracks(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> list[Track]:
    """Models with their damage boxes (or grid); their points count until the last model falls. An attachment's
    models are the last models of the unit it joined, each with its own boxes, and its points are the unit's."""
    totals = validate(roster, catalogue).totals
    assert isinstance(totals, WarmachineTotals), "a Warmachine roster's rules count Warmachine totals"
    rows = totals.units
    attachments = joined(roster, catalogue)
    absorbed = {a for group in attachments.values() for a in group}
    tracks: list[Track] = []
    for i, (unit, row) in enumerate(zip(roster.units, rows)):
        if i in absorbed:
            continue
        entry = catalogue.entry(unit.id)
        extra = [(rows[a].name, catalogue.entry(roster.units[a].id)) for a in attachments.get(i, [])]
        attached = tuple((name, e.boxes()) for name, e in extra if e for _ in range(e.models))
        tracks.append(
            Track(
                i,
                row.name,
                row.points + sum(rows[a].points for a in attachments.get(i, [])),
                (entry.models if entry else 1) + len(attached),
                entry.boxes() if entry else 1,
                grid=tuple(entry.grid) if entry else (),
                grid_legend=catalogue.grid_legend(entry) if entry else (),
                leader=entry is not None and entry.type == "leader",
                attached=attached,
            )
        )
    return tracks
