"""A mech's upgrades used at the table: an Active upgrade's heat (the Use Upgrade action), the Heat Exchanger's reset
once a game, an Energy Shield's level restored once a turn, and the pilot's self-destruct under a Respawn rule."""

from __future__ import annotations

from builder.battles.model import UnitMark
from builder.games.mcwarrior.overheat import Check, checked, overheated_by
from builder.games.mcwarrior.track import MechTrack
from builder.games.mcwarrior.unit_mark import MechMark, as_mech
from catalog.slug import slugify
from catalog.wording import possessive, shown


def slot_named(track: MechTrack, typed: str) -> str:
    """The upgrade slot a player names: the slot, a part on it (either leg: the legs'), or the upgrade's id or name in
    any case; ValueError naming the mech's upgrades where it has none so named, or two (name the arm)."""
    key = slugify(typed)
    if key in track.upgrades:
        return key
    if track.part_slots.get(key) in track.upgrades:
        return track.part_slots[key]
    named = [slot for slot, (name, _) in track.upgrades.items() if key in {slugify(n) for n in name.split(" + ")}]
    if len(named) > 1:
        raise ValueError(
            f"{track.name} has {shown(typed)} on {' and '.join(named)}: name the slot ({', '.join(named)})"
        )
    if not named:
        have = ", ".join(f"{name} ({slot})" for slot, (name, _) in track.upgrades.items()) or "none"
        raise ValueError(f"{track.name} has no upgrade {shown(typed)} (its upgrades: {have})")
    return named[0]


def use(
    track: MechTrack, mark: UnitMark, slot: str, turn: int, check: Check | None = None, rockets: int | None = None
) -> tuple[MechMark, str]:
    """The upgrade on `slot` used in turn `turn` (its heat checked for overheating with `check`; a Rocket Launcher
    firing `rockets`), and what it did in words (a failed check: its heat and hits, not its effect); ValueError where the book refuses it: a mech destroyed or shut down
    by overheating (its Heat Exchanger still works), an upgrade a critical hit destroyed, a weapon on an arm with no
    points left, a Heat Exchanger used before, a shield full or empty or restored this turn already, more rockets
    than are left, a passive upgrade."""
    mark = as_mech(mark)
    if slot not in track.upgrades:
        raise ValueError(f"{track.name} has no upgrade on {slot!r}")
    name = track.upgrades[slot][0]
    track.refuse_wreck(mark)
    if slot in mark.upgrades_lost:
        raise ValueError(f"{possessive(track.name)} {name} was destroyed by a critical hit")
    if slot in track.heat_resets:
        return _exchanged(track, mark, slot, name)
    track.refuse_shut_down(mark)
    if slot in track.shields:
        return _restored(track, mark, slot, name, turn, check)
    if slot in track.rockets:
        return _fired(track, mark, name, rockets, check)
    if slot in track.use_heat:
        arm = next((part for part, on in track.weapons.items() if on == slot), None)
        if arm is not None and not track.state(mark).parts_left.get(arm):
            raise ValueError(
                f"{possessive(track.name)} {track.part_name(arm)} has no points left: {name} cannot attack"
            )
        heat = track.use_heat[slot]
        hot, words, ahead = checked(track, mark, heat, check)
        if not heat and not overheated_by(track, mark, 0):  # no die was due: the use changed nothing
            return mark, f"uses {name}, which makes no heat: nothing to record"
        return hot, f"{'uses' if ahead else 'tries to use'} {name} for {heat} heat: {words}"
    if slot in track.actives:
        raise ValueError(f"the catalogue gives no heat for {name}: record the heat it makes with the heat mark")
    raise ValueError(f"{name} is passive: it works by itself, with nothing to use")


def refusal(track: MechTrack, mark: UnitMark, slot: str, turn: int) -> str:
    """Why the book refuses the upgrade on `slot` now, as `use` says it (a launcher firing one rocket), whatever the
    overheat die; "" where it may be used."""
    try:
        use(track, mark, slot, turn, Check(die=6), 1 if slot in track.rockets else None)
    except ValueError as exc:
        return str(exc)
    return ""


def _exchanged(track: MechTrack, mark: UnitMark, slot: str, name: str) -> tuple[MechMark, str]:
    """The Heat Exchanger: heat straight to 0, once a game (a redeployed mech has used it still)."""
    mark = as_mech(mark)
    if slot in mark.used:
        raise ValueError(f"{name} works once a game: {track.name} has used it")
    if not mark.heat:
        raise ValueError(f"{possessive(track.name)} heat is 0 already: {name} (once a game) would reset nothing")
    used = [s for s in track.upgrades if s in (*mark.used, slot)]
    reset = track.cooled(mark.model_copy(update={"heat": 0, "used": used}))
    back = ", no longer shut down" if mark.shut_down and not reset.shut_down else ""
    return reset, f"uses {name}: heat {mark.heat} to 0 (once a game: used){back}"


def _fired(
    track: MechTrack, mark: UnitMark, name: str, rockets: int | None, check: Check | None
) -> tuple[MechMark, str]:
    """Rockets fired off (an Attack action that makes no heat, so checked where the mech is overheated), each gone
    for the game: 1 to those left; none where the check fails."""
    mark = as_mech(mark)
    left, of = track.rockets_left(mark), sum(track.rockets.values())
    if not left:
        raise ValueError(f"{track.name}'s {name} has no rockets left (all {of} fired)")
    if rockets is None:
        raise ValueError(f"say how many rockets {track.name} fires (1 to {left}): --use {name}:N")
    if not 1 <= rockets <= left:
        raise ValueError(f"{track.name}'s {name} fires 1 to {left} rockets (those left of {of}), not {rockets}")
    hot, words, ahead = checked(track, mark, 0, check)
    plural = "s" if rockets > 1 else ""
    if not ahead:
        return hot, f"tries to fire {rockets} rocket{plural} from {name}: {words}"
    fired = hot.model_copy(update={"rockets_fired": mark.rockets_fired + rockets})
    rolled = f"; {words}" if overheated_by(track, mark, 0) else ""  # the die that let them fly
    return fired, f"fires {rockets} rocket{plural} from {name}: {left - rockets} of {of} left{rolled}"


def _restored(
    track: MechTrack, mark: UnitMark, slot: str, name: str, turn: int, check: Check | None
) -> tuple[MechMark, str]:
    """An Energy Shield level back for 1 action and 1 heat: once a turn, while a level remains, up to those bought."""
    mark = as_mech(mark)
    left, bought = track.shield_left(mark, slot), track.shields[slot]
    if left >= bought:
        raise ValueError(f"{track.shield_words(mark, slot)} has lost no level to restore")
    if not left:
        raise ValueError(f"{track.shield_words(mark, slot)}: a level is restored only while at least 1 remains")
    if mark.shield_restored == turn:
        raise ValueError(f"{possessive(track.name)} pilot has restored a shield level this turn (once a turn)")
    hot, words, ahead = checked(track, mark, 1, check)
    if not ahead:  # the overheat check failed: the heat and its hits stand, the level does not come back
        return hot, f"tries to restore {track.shield_words(mark, slot)} for 1 heat: {words}"
    lost = {s: n - (s == slot) for s, n in hot.shield_lost.items() if n - (s == slot)}
    back = hot.model_copy(update={"shield_lost": lost, "shield_restored": turn})
    return back, f"restores {track.shield_words(back, slot)} for 1 heat: {words}"


def self_destructed(track: MechTrack, mark: UnitMark, scenario: str | None, respawn: bool) -> tuple[MechMark, str]:
    """The pilot self-destructs the mech ("A pilot may opt to selfdestruct his Mech at any time"), part of a
    scenario's Respawn rule: its torso to 0; it redeploys at the next Upkeep. ValueError without Respawn, or on a
    mech destroyed already."""
    mark = as_mech(mark)
    if not respawn:
        plays = f"{scenario} plays without it" if scenario else "this battle plays no scenario"
        raise ValueError(f"a pilot self-destructs under a scenario's Respawn rule; {plays}")
    track.refuse_wreck(mark)
    wreck = mark.model_copy(update={"lost": {**mark.lost, track.torso: track.parts[track.torso]}})
    return wreck, "self-destructs: it redeploys with its pilot at the next Upkeep, dropping what it carried"
