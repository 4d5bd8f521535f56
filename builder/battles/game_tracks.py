"""Each game's tracks for a roster: what every entry brings to the table (named in each game's record)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from builder.battles.tracks import MechTrack, Track
from builder.battles.warcaster_track import WarcasterTrack
from builder.roster.mcwarrior import McWarriorRoster, Mech
from builder.roster.warcaster import WarcasterRoster
from builder.rules import validate
from builder.rules.mcwarrior import McWarriorTotals
from builder.rules.warcaster_totals import WarcasterTotals
from catalog.models.mcwarrior import McWarriorCatalogue
from catalog.models.warcaster import WarcasterCatalogue

if TYPE_CHECKING:
    from builder.rules.mcwarrior_costs import Tables


def warcaster_tracks(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Track]:
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


def mcwarrior_tracks(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> list[Track]:
    """Mechs with the points of each body part; a mech counts its bolts until its torso falls."""
    from builder.rules.mcwarrior_costs import derived, tables

    t = tables(catalogue)
    force = validate(roster, catalogue).totals
    assert isinstance(force, McWarriorTotals), "a McWarrior roster's rules count McWarrior totals"
    mechs = force.mechs
    names = {pid: part.name for pid, part in t.parts.items()}
    slots = {pid: part.upgrade_slot for pid, part in t.parts.items()}
    return [
        MechTrack(
            i,
            totals.name or f"Mech {i + 1}",
            totals.bolts,
            1,
            sum(mech.parts.values()),
            parts={pid: mech.parts.get(pid, 0) for pid in t.parts},
            part_names=names,
            derive=partial(_derived, derived, t, mech),
            pilot=_pilot(catalogue, mech),
            part_slots=slots,
            upgrades=_upgrades(t, mech, totals.upgrade_costs),
        )
        for i, (mech, totals) in enumerate(zip(roster.mechs, mechs))
    ]


def _upgrades(t: Tables, mech: Mech, costs: dict[str, int]) -> dict[str, tuple[str, int]]:
    """Upgrade slot -> (name, bolts) of the mech's upgrades (a legs' upgrade written on both legs is one)."""
    from builder.rules.mcwarrior_costs import slot_choices

    found: dict[str, tuple[str, int]] = {}
    for slot, entries in slot_choices(t, mech).items():
        names = [t.upgrades[choice.id].name for _key, choice in entries if choice.id in t.upgrades]
        if names:
            found[slot] = (" + ".join(dict.fromkeys(names)), costs.get(slot, 0))
    return found


def _derived(
    derive: Callable[[Tables, Mech], dict[str, Any]], t: Tables, mech: Mech, parts_left: dict[str, int]
) -> dict[str, Any]:
    """The mech's derived numbers with only the points its parts have left."""
    return derive(t, mech.model_copy(update={"parts": parts_left}))


def _pilot(catalogue: McWarriorCatalogue, mech: Mech) -> str:
    skill = catalogue.skill(mech.skill) if mech.skill else None
    return ", ".join(part for part in (mech.pilot, skill.name if skill else "") if part)
