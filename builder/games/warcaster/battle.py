"""What a Warcaster roster brings to a battle."""

from __future__ import annotations

from builder.battles.tracks import Track
from builder.games.warcaster.catalogue import WarcasterCatalogue
from builder.games.warcaster.roster import WarcasterRoster
from builder.games.warcaster.totals import WarcasterTotals
from builder.games.warcaster.track import WarcasterTrack
from builder.rules import validate


def tracks(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Track]:
    """Units with their models and DMG boxes (a squad's attachments are models of it, with their own boxes); each
    begins in reserve, and its deployment cost counts until a hero is removed from the game."""
    totals = validate(roster, catalogue).totals
    assert isinstance(totals, WarcasterTotals), "a Warcaster roster's rules count Warcaster totals"
    costs = totals.unit_dc
    tracks: list[Track] = []
    for i, (unit, cost) in enumerate(zip(roster.units, costs)):
        known = catalogue.unit(unit.id)
        name = known.name if known else unit.id
        attached = tuple((a.name, a.health or 1) for a in map(catalogue.unit, unit.attachments) if a)
        models = (known.models if known else 1) + len(attached)
        tracks.append(
            WarcasterTrack(
                i,
                name,
                cost,
                models,
                (known.health or 1) if known else 1,
                box_word="DMG",
                attached=attached,
                hero=bool(known and known.is_hero),
            )
        )
    return tracks
