"""What a McWarrior roster brings to a battle."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from builder.battles.tracks import Track
from builder.games.mcwarrior.catalogue import McWarriorCatalogue
from builder.games.mcwarrior.costs import Tables, derived, slot_choices, tables
from builder.games.mcwarrior.roster import McWarriorRoster, Mech
from builder.games.mcwarrior.rules import McWarriorTotals
from builder.games.mcwarrior.track import MechTrack
from builder.rules import validate

SKILL_MOVES = {"techie": 2}
"""Skill id -> inches its pilot may move on a Move action even with no points left in the legs (the book's Techie:
"up to 2\" into any direction"). Kept here, not in the catalogue: a new catalogue key would change the bundled
entries that old share codes carry by hash."""
HITS_STOPPED = {"additional-armor": 1}
"""Upgrade id -> hits it stops of each batch the mech receives (the book's Additional Armor: "Reduce all hits this
Mech receives by 1, no matter the body part hit"). Here, not in the catalogue, for the reason `SKILL_MOVES` is."""


def tracks(roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> list[Track]:
    """Mechs with the points of each body part; a mech counts its bolts until its torso falls."""
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
            weapons=_weapons(t, mech),
            least_move=SKILL_MOVES.get(mech.skill or "", 0),
            hit_stops=_hit_stops(t, mech),
        )
        for i, (mech, totals) in enumerate(zip(roster.mechs, mechs))
    ]


def _upgrades(t: Tables, mech: Mech, costs: dict[str, int]) -> dict[str, tuple[str, int]]:
    """Upgrade slot -> (name, bolts) of the mech's upgrades (a legs' upgrade written on both legs is one)."""
    found: dict[str, tuple[str, int]] = {}
    for slot, entries in slot_choices(t, mech).items():
        names = [t.upgrades[choice.id].name for _key, choice in entries if choice.id in t.upgrades]
        if names:
            found[slot] = (" + ".join(dict.fromkeys(names)), costs.get(slot, 0))
    return found


def _hit_stops(t: Tables, mech: Mech) -> dict[str, int]:
    """Upgrade slot -> hits its upgrade stops of each batch (`HITS_STOPPED`)."""
    found: dict[str, int] = {}
    for slot, entries in slot_choices(t, mech).items():
        if stops := sum(HITS_STOPPED.get(choice.id, 0) for _key, choice in entries):
            found[slot] = stops
    return found


def _weapons(t: Tables, mech: Mech) -> dict[str, str]:
    """Arm -> the slot of its weapon: an upgrade on a part whose points are dice, unless bought by level (a shield)."""
    chosen = slot_choices(t, mech)
    found: dict[str, str] = {}
    for pid, part in t.parts.items():
        entries = chosen.get(part.upgrade_slot, [])
        upgrades = [t.upgrades[choice.id] for _key, choice in entries if choice.id in t.upgrades]
        if part.gives == "dice" and upgrades and not any(u.levelled for u in upgrades):
            found[pid] = part.upgrade_slot
    return found


def _derived(
    derive: Callable[[Tables, Mech], dict[str, Any]], t: Tables, mech: Mech, parts_left: dict[str, int]
) -> dict[str, Any]:
    """The mech's derived numbers with only the points its parts have left."""
    return derive(t, mech.model_copy(update={"parts": parts_left}))


def _pilot(catalogue: McWarriorCatalogue, mech: Mech) -> str:
    """The pilot's name and skill, as the pane shows them."""
    skill = catalogue.skill(mech.skill) if mech.skill else None
    return ", ".join(part for part in (mech.pilot, skill.name if skill else "") if part)
