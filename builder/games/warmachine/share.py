"""Warmachine armies in a share code: faction, points, variant, league stage, entries with hardpoints."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from builder.games.warmachine.catalogue import WarmachineCatalogue
from builder.games.warmachine.roster import WarmachineRoster, WarmachineUnit
from exports.share.errors import ShareCodeError
from exports.share.fields import MAX_ITEMS, Decoder, Encoder, NotStrict

VARIANTS = ("standard", "reduced-fa")


def _all_slots(catalogue: WarmachineCatalogue) -> tuple[list[str], list[str]]:
    slots = dict.fromkeys(h.id for e in catalogue.entries for h in e.hardpoints)
    options = dict.fromkeys(o.id for e in catalogue.entries for h in e.hardpoints for o in h.options)
    return list(slots), list(options)


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
    for _ in range(r.count(MAX_ITEMS, "entries")):
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
        units.append({"id": entry_id, "hardpoints": hardpoints, "battlegroup": battlegroup})
    return units
