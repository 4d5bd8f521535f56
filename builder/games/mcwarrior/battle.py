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
USE_HEAT = {
    "rocket-launcher": 0,
    "reaction-protocol": 1,
    "targeting-system": 1,
    "melee-weapon": 1,
    "short-range-weapon": 1,
    "long-range-weapon": 1,
    "far-range-weapon": 2,
    "boosters": 1,
    "jump-jets": 1,
    "grappling-feet": 1,
}
"""Active upgrade id -> the heat one use generates, as its description says (the Rocket Launcher's action "does not
generate any Heat"; a Far Range Weapon's shot is 1 and its reload 1 more; a Short Range Weapon's two shots 1 in
all). The bundled catalogue marks an upgrade `active` but gives no number (an Active upgrade's `heat`, where a
catalogue gives it, comes first; on a passive one it makes nothing usable); kept here for the reason `SKILL_MOVES`
is."""
HEAT_RESETS = frozenset({"heat-exchanger"})
"""Upgrade ids that reset the mech's heat to 0 once a game (the Heat Exchanger)."""
ROCKETS = {"rocket-launcher": 6}
"""Upgrade id -> the rockets it comes with, each fired gone for the game (the book's Rocket Launcher: 6)."""
SHIELDS = frozenset({"energy-shield"})
"""Upgrade ids bought by level whose levels hits strip first, one restored a turn for 1 heat (the Energy Shield)."""


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
            shields=_shields(t, mech),
            use_heat=_by_slot(
                t, mech, {**USE_HEAT, **{u.id: u.heat for u in t.upgrades.values() if u.heat is not None and u.active}}
            ),
            heat_resets=tuple(_by_slot(t, mech, dict.fromkeys(HEAT_RESETS, 0))),
            rockets=_by_slot(t, mech, ROCKETS),
            actives=tuple(_by_slot(t, mech, {u.id: 0 for u in t.upgrades.values() if u.active})),
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


def _shields(t: Tables, mech: Mech) -> dict[str, int]:
    """Upgrade slot -> the levels its Energy Shield was bought at (`SHIELDS`)."""
    return {
        slot: 1 if choice.level is None else choice.level
        for slot, entries in slot_choices(t, mech).items()
        for _key, choice in entries[:1]
        if choice.id in SHIELDS
    }


def _by_slot(t: Tables, mech: Mech, table: dict[str, int]) -> dict[str, int]:
    """Upgrade slot -> the table's number for its upgrade, for the slots whose upgrade the table names."""
    return {
        slot: table[choice.id]
        for slot, entries in slot_choices(t, mech).items()
        for _key, choice in entries[:1]
        if choice.id in table
    }


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
    """The pilot's name and skill, as the pane shows them ("Kai, Sniper"; a pilot with no name: "unnamed, Dodge")."""
    skill = catalogue.skill(mech.skill) if mech.skill else None
    name = mech.pilot.strip() or ("unnamed" if skill else "")
    return ", ".join(part for part in (name, skill.name if skill else "") if part)
