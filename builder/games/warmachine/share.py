"""Warmachine armies in a share code: faction, points, variant, league stage, entries with hardpoints, and the
unit each attachment joins."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from builder.games.warmachine.catalogue import WarmachineCatalogue
from builder.games.warmachine.roster import WarmachineRoster, WarmachineUnit
from exports.share.errors import ShareCodeError
from exports.share.fields import MAX_ITEMS, Decoder, Encoder, NotStrict

VARIANTS = ("standard", "reduced-fa")
MAX_JOINED = 999
"""The highest place an attachment's `attached_to` may name (as the roster model bounds it)."""


def _all_slots(catalogue: WarmachineCatalogue) -> tuple[list[str], list[str]]:
    slots = dict.fromkeys(h.id for e in catalogue.entries for h in e.hardpoints)
    options = dict.fromkeys(o.id for e in catalogue.entries for h in e.hardpoints for o in h.options)
    return list(slots), list(options)


def attaches(catalogue: WarmachineCatalogue) -> bool:
    """Whether the catalogue says which units its attachments join; only then does a code carry the unit each
    attachment joins. No catalogue said so before `joins` existed, so every older code reads as it was written."""
    return any(entry.joins for entry in catalogue.entries)


def _controllers(catalogue: WarmachineCatalogue, strict: bool) -> list[str]:
    return [e.id for e in catalogue.entries if not strict or e.is_controller]


def encode(enc: Encoder, roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> None:
    w = enc.w
    enc.optional_ref(roster.faction, [f.id for f in catalogue.factions], "faction", "faction")
    w.flag(roster.points == catalogue.rules.default_points)
    if roster.points != catalogue.rules.default_points:
        w.number(roster.points, "points")
    w.choice(VARIANTS.index(roster.variant), len(VARIANTS))
    w.flag(roster.league is not None)
    if roster.league is not None:
        w.number(roster.league.stage - 1, "league.stage")
        _encode_units(enc, roster.league.previous, catalogue, "league.previous")
    _encode_units(enc, roster.units, catalogue, "units")


def _encode_units(enc: Encoder, units: Sequence[WarmachineUnit], catalogue: WarmachineCatalogue, name: str) -> None:
    w = enc.w
    w.count(len(units), MAX_ITEMS, name)
    entries = [e.id for e in catalogue.entries]
    slots, options = _all_slots(catalogue)
    for u, unit in enumerate(units):
        where = f"{name}[{u}]"
        enc.ref(unit.id, entries, f"{where}.id", "entry")
        if enc.strict:
            entry = catalogue.entry(unit.id)
            assert entry is not None, "enc.ref above refused an id the catalogue lacks"
            if not set(unit.hardpoints) <= {h.id for h in entry.hardpoints}:
                raise NotStrict(f"{where}.hardpoints")
            for slot in entry.hardpoints:
                enc.optional_ref(
                    unit.hardpoints.get(slot.id),
                    [o.id for o in slot.options],
                    f"{where}.hardpoints.{slot.id}",
                    "option",
                )
        else:
            w.count(len(unit.hardpoints), MAX_ITEMS, f"{where}.hardpoints")
            for slot_id, option in unit.hardpoints.items():
                enc.key(slot_id, slots, f"{where}.hardpoints")
                enc.key(option, options, f"{where}.hardpoints.{slot_id}")
        enc.optional_ref(unit.battlegroup, _controllers(catalogue, enc.strict), f"{where}.battlegroup", "entry")
        _encode_joined(enc, unit, catalogue, len(units), where)


def _encode_joined(enc: Encoder, unit: WarmachineUnit, catalogue: WarmachineCatalogue, count: int, where: str) -> None:
    """The unit an attachment joins: in the strict form one of the army's places, on attachments only; in the
    general form any place, on any entry."""
    if not attaches(catalogue):
        if unit.attached_to is not None:
            raise ShareCodeError(
                f"{where}.attached_to: catalogue '{catalogue.id}' names no unit an attachment joins (`joins`), so a "
                "code cannot say which one it joined; clear it, or add `joins` to the catalogue"
            )
        return
    if not enc.strict:
        enc.optional_number(unit.attached_to, f"{where}.attached_to")
        return
    entry = catalogue.entry(unit.id)
    target = unit.attached_to
    if entry is None or entry.type != "attachment":
        if target is not None:
            raise NotStrict(f"{where}.attached_to")
        return
    if target is not None and target >= count:
        raise NotStrict(f"{where}.attached_to")
    enc.w.choice(0 if target is None else target + 1, count + 1)


def decode(dec: Decoder, catalogue: WarmachineCatalogue) -> dict[str, Any]:
    r = dec.r
    data: dict[str, Any] = {
        "faction": dec.optional_ref([f.id for f in catalogue.factions], "faction"),
        "points": catalogue.rules.default_points if r.flag() else r.number("points"),
        "variant": VARIANTS[r.choice(len(VARIANTS), "variant")],
        "league": None,
    }
    if r.flag():
        data["league"] = {"stage": r.number("league stage") + 1, "previous": _decode_units(dec, catalogue)}
    data["units"] = _decode_units(dec, catalogue)
    return data


def _decode_units(dec: Decoder, catalogue: WarmachineCatalogue) -> list[dict[str, Any]]:
    r = dec.r
    entries = [e.id for e in catalogue.entries]
    slots, options = _all_slots(catalogue)
    units: list[dict[str, Any]] = []
    count = r.count(MAX_ITEMS, "entries")
    for _ in range(count):
        entry_id = dec.ref(entries, "entry")
        hardpoints: dict[str, str] = {}
        if dec.strict:
            entry = catalogue.entry(entry_id)
            assert entry is not None, "dec.ref gives an id from the catalogue's entries"
            for slot in entry.hardpoints:
                option = dec.optional_ref([o.id for o in slot.options], "hardpoint option")
                if option is not None:
                    hardpoints[slot.id] = option
        else:
            for _ in range(r.count(MAX_ITEMS, "hardpoints")):
                slot_id = dec.key(slots, "hardpoint slot")
                if slot_id in hardpoints:
                    raise ShareCodeError(f"the share code repeats hardpoint '{slot_id}' on one entry (damaged code)")
                hardpoints[slot_id] = dec.key(options, "hardpoint option")
        battlegroup = dec.optional_ref(_controllers(catalogue, dec.strict), "battlegroup")
        unit: dict[str, Any] = {"id": entry_id, "hardpoints": hardpoints, "battlegroup": battlegroup}
        joined = _decode_joined(dec, catalogue, entry_id, count)
        units.append(unit if joined is None else {**unit, "attached_to": joined})
    return units


def _decode_joined(dec: Decoder, catalogue: WarmachineCatalogue, entry_id: str, count: int) -> int | None:
    """What `_encode_joined` wrote: the place of the unit an attachment joins, or None."""
    if not attaches(catalogue):
        return None
    r = dec.r
    if not dec.strict:
        joined = dec.optional_number("joined unit")
        if joined is not None and joined > MAX_JOINED:
            raise ShareCodeError(f"the share code has an attachment join unit {joined + 1} (damaged code)")
        return joined
    entry = catalogue.entry(entry_id)
    if entry is None or entry.type != "attachment":
        return None
    place = r.choice(count + 1, "joined unit")
    return None if place == 0 else place - 1
