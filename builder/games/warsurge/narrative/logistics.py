"""A party's rosters against a narrative's logistics: restricted perks refused, and the perks a narrative tracks
(limited use across the narrative, Countdown per stage, Recharge carried), with `narrative/perk` findings."""

from __future__ import annotations

import re
from dataclasses import dataclass

from builder.findings import Finding, error
from builder.games.warsurge.catalogue import WarsurgeCatalogue
from builder.games.warsurge.narrative.model import Logistics
from builder.games.warsurge.roster import WarsurgeRoster
from builder.games.warsurge.rules import WarsurgeTotals
from builder.rules import validate

CODE = "narrative/perk"
LEVEL = re.compile(r"\s+(?:[IVX]+|\d+)$")
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}
LIMITED = frozenset({"use", "courage", "decoy", "decoys", "explosive decoy", "explosive decoys"})
"""Limited-use perks: once across the whole narrative unless a reward refills them (Decoys count as such)."""
BOOK_RESTRICTED = {
    "incorporeal": "it passes through walls",
    "vanish": "it leaves the battlefield and comes back elsewhere",
}
"""The perks the book names as passing walls or leaving the stage; a narrative names others (`restricted_perks`)."""
ROSTER_REFUSED = {"undead legion": "a roster perk no narrative with restrictions allows"}


def base(perk: str) -> str:
    """A perk's name without its level, folded: "Countdown II" -> "countdown"."""
    return LEVEL.sub("", perk.strip()).casefold()


def level(perk: str) -> int:
    """A perk's level: "Countdown II" -> 2, "Recharge 3" -> 3, none -> 1."""
    found = LEVEL.search(perk.strip())
    if found is None:
        return 1
    word = found.group().strip()
    return int(word) if word.isdigit() else ROMAN.get(word, 1)


def kind_of(perk: str) -> str | None:
    """'limited', 'countdown' or 'recharge' for a perk a narrative tracks, else None."""
    name = base(perk)
    if name in LIMITED:
        return "limited"
    return name if name in ("countdown", "recharge") else None


@dataclass(frozen=True)
class TrackedPerk:
    """A perk of a player's unit that the narrative counts: on the unit itself or on a weapon it carries."""

    unit: int
    perk: str
    source: str
    """The unit's or the weapon's name."""

    @property
    def kind(self) -> str:
        kind = kind_of(self.perk)
        assert kind is not None
        return kind


def unit_perks(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue, index: int) -> list[tuple[str, str]]:
    """(perk, where it comes from) for a roster unit: its own perks, then those of each weapon it carries."""
    entry = roster.units[index]
    unit = catalogue.unit(entry.id)
    if unit is None:
        return []
    found = [(perk, unit.name) for perk in unit.perks]
    for weapon_id, quantity in entry.weapons.items():
        weapon = catalogue.weapon(weapon_id)
        if weapon is not None and quantity > 0:
            found += [(perk, weapon.name) for perk in weapon.perks]
    return found


def tracked_perks(roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> list[TrackedPerk]:
    return [
        TrackedPerk(u, perk, source)
        for u in range(len(roster.units))
        for perk, source in unit_perks(roster, catalogue, u)
        if kind_of(perk) is not None
    ]


def refused(logistics: Logistics, perk: str) -> str | None:
    """Why the narrative refuses a perk, or None."""
    name = base(perk)
    if name in {base(p) for p in logistics.allowed_perks}:
        return None
    if name in {base(p) for p in logistics.restricted_perks}:
        return "this narrative does not allow it"
    if not logistics.perk_restrictions:
        return None
    return BOOK_RESTRICTED.get(name) or ROSTER_REFUSED.get(name)


def roster_findings(
    logistics: Logistics, roster: WarsurgeRoster, catalogue: WarsurgeCatalogue, where: str, extra_points: int = 0
) -> list[Finding]:
    """A player's roster against the logistics: every refused perk, and its points within the narrative's limit
    (and the points rewards have added)."""
    found = []
    for u in range(len(roster.units)):
        for perk, source in unit_perks(roster, catalogue, u):
            if why := refused(logistics, perk):
                found.append(error(CODE, f"{where}.units[{u}]", f"{perk} ({source}) is refused: {why}"))
    totals = validate(roster, catalogue).totals
    assert isinstance(totals, WarsurgeTotals), "a Warsurge roster's rules count Warsurge totals"
    limit = logistics.point_limit + extra_points
    if totals.points_exact > limit:
        found.append(
            error(
                "warsurge/point-limit", where, f"{totals.points} points, over the narrative's {limit} for each player"
            )
        )
    return found


def revival_perk(logistics: Logistics, perk: str) -> bool:
    """Whether the narrative counts `perk` as bringing a whole unit back."""
    return base(perk) in {base(p) for p in logistics.revival_perks}
