"""Warcaster forces in a share code: faction, format, the rack as a bit set, every unit's loadout."""

from __future__ import annotations

from math import factorial
from typing import Any

from builder.games.warcaster.catalogue import WILD_CARD, WarcasterCatalogue
from builder.games.warcaster.roster import WarcasterRoster, WarcasterUnit
from exports.share.bits import width
from exports.share.errors import ShareCodeError
from exports.share.fields import MAX_ITEMS, Decoder, Encoder, NotStrict


def _unit_pool(catalogue: WarcasterCatalogue, faction: str, strict: bool) -> list[str]:
    """Strict: the units a force of `faction` may field (its own and its Wild Cards); else every unit."""
    if not strict:
        return [u.id for u in catalogue.units]
    return [
        u.id
        for u in catalogue.units
        if u.type != "attachment" and (u.faction == faction or (u.faction == WILD_CARD and faction in u.serves))
    ]


def _cypher_pool(catalogue: WarcasterCatalogue, faction: str, strict: bool) -> list[str]:
    """Strict: the core Cyphers and the faction's own; else every Cypher."""
    return [c.id for c in catalogue.cyphers if not strict or c.faction is None or c.faction == faction]


def _attachments_for(catalogue: WarcasterCatalogue, unit_id: str) -> list[str]:
    return [u.id for u in catalogue.units if u.type == "attachment" and unit_id in u.joins]


def _slot_ids(catalogue: WarcasterCatalogue) -> list[str]:
    return list(dict.fromkeys(h.id for u in catalogue.units for h in u.hardpoints))


def permutation_rank(order: list[int]) -> int:
    """The rank of an ordering among all orderings of the same items (0 for sorted)."""
    items, rank = sorted(order), 0
    for value in order:
        index = items.index(value)
        rank = rank * len(items) + index
        items.pop(index)
    return rank


def permutation_unrank(items: list[int], rank: int) -> list[int]:
    digits: list[int] = []
    for radix in range(1, len(items) + 1):
        rank, digit = divmod(rank, radix)
        digits.append(digit)
    items, order = list(items), list[int]()
    for digit in reversed(digits):
        order.append(items.pop(digit))
    return order


def encode_rack(enc: Encoder, rack: list[str], pool: list[str]) -> None:
    """In pool order: a bit set (mode 0); unique in another order: bit set + rank (10); else a list (11)."""
    w = enc.w
    positions = [enc.position(cypher, pool, f"rack[{i}]", "cypher") for i, cypher in enumerate(rack)]
    chosen = sorted(set(positions))
    if positions == chosen or len(chosen) == len(positions):
        if positions == chosen:
            w.flag(False)
        else:
            w.bits(0b10, 2)
        for index in range(len(pool)):
            w.flag(index in chosen)
        if positions != chosen:
            w.bits(permutation_rank(positions), width(factorial(len(positions))))
        return
    w.bits(0b11, 2)
    w.count(len(rack), MAX_ITEMS, "rack")
    for index in positions:
        w.choice(index, len(pool))


def decode_rack(dec: Decoder, pool: list[str]) -> list[str]:
    r = dec.r
    if not r.flag():
        return [pool[i] for i in range(len(pool)) if r.flag()]
    if not r.flag():
        chosen = [i for i in range(len(pool)) if r.flag()]
        orderings = factorial(len(chosen))
        rank = r.bits(width(orderings))
        if rank >= orderings:
            raise ShareCodeError("the share code's rack order is out of range (damaged code)")
        return [pool[i] for i in permutation_unrank(chosen, rank)]
    return [dec.ref(pool, "cypher") for _ in range(r.count(MAX_ITEMS, "rack cards"))]


def encode(enc: Encoder, roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> None:
    """Faction, format, rack, then each unit with its cortex, hardpoints and attachments."""
    enc.ref(roster.faction, [f.id for f in catalogue.factions], "faction", "faction")
    enc.ref(roster.format, [f.id for f in catalogue.formats], "format", "format")
    encode_rack(enc, roster.rack, _cypher_pool(catalogue, roster.faction, enc.strict))
    enc.w.count(len(roster.units), MAX_ITEMS, "units")
    pool = _unit_pool(catalogue, roster.faction, enc.strict)
    for u, unit in enumerate(roster.units):
        where = f"units[{u}]"
        enc.ref(unit.id, pool, f"{where}.id", "unit")
        if enc.strict:
            _encode_strict(enc, unit, catalogue, where)
        else:
            _encode_general(enc, unit, catalogue, where)


def _encode_strict(enc: Encoder, unit: WarcasterUnit, catalogue: WarcasterCatalogue, where: str) -> None:
    """The chassis' own cortexes and slot options; attachments as a bit set over those that join the squad."""
    entry = catalogue.unit(unit.id)
    assert entry is not None, "encode's enc.ref refused an id the catalogue lacks"
    if entry.cortexes or entry.hardpoints:
        enc.optional_ref(unit.cortex, entry.cortexes, f"{where}.cortex", "cortex")
        if not set(unit.hardpoints) <= {slot.id for slot in entry.hardpoints}:
            raise NotStrict(f"{where}.hardpoints")
        for slot in entry.hardpoints:
            enc.optional_ref(
                unit.hardpoints.get(slot.id),
                [o.weapon for o in slot.options],
                f"{where}.hardpoints.{slot.id}",
                "weapon",
            )
    elif unit.cortex is not None or unit.hardpoints:
        raise NotStrict(where)
    candidates = _attachments_for(catalogue, unit.id)
    positions = [enc.position(a, candidates, f"{where}.attachments", "attachment") for a in unit.attachments]
    if positions != sorted(set(positions)):
        raise NotStrict(f"{where}.attachments")
    for index in range(len(candidates)):
        enc.w.flag(index in positions)


def _encode_general(enc: Encoder, unit: WarcasterUnit, catalogue: WarcasterCatalogue, where: str) -> None:
    """Any loadable unit: any cortex, any slot key with any weapon, any units as attachments."""
    w = enc.w
    enc.optional_ref(unit.cortex, [c.id for c in catalogue.cortexes], f"{where}.cortex", "cortex")
    w.count(len(unit.hardpoints), MAX_ITEMS, f"{where}.hardpoints")
    weapons, slots = [x.id for x in catalogue.weapons], _slot_ids(catalogue)
    for slot, weapon in unit.hardpoints.items():
        enc.key(slot, slots, f"{where}.hardpoints")
        enc.ref(weapon, weapons, f"{where}.hardpoints.{slot}", "weapon")
    w.count(len(unit.attachments), MAX_ITEMS, f"{where}.attachments")
    units = [x.id for x in catalogue.units]
    for a, attachment in enumerate(unit.attachments):
        enc.ref(attachment, units, f"{where}.attachments[{a}]", "unit")


def decode(dec: Decoder, catalogue: WarcasterCatalogue) -> dict[str, Any]:
    faction = dec.ref([f.id for f in catalogue.factions], "faction")
    data: dict[str, Any] = {
        "faction": faction,
        "format": dec.ref([f.id for f in catalogue.formats], "format"),
        "rack": decode_rack(dec, _cypher_pool(catalogue, faction, dec.strict)),
    }
    pool = _unit_pool(catalogue, faction, dec.strict)
    units: list[dict[str, Any]] = []
    for _ in range(dec.r.count(MAX_ITEMS, "units")):
        unit_id = dec.ref(pool, "unit")
        units.append(
            _decode_strict(dec, unit_id, catalogue) if dec.strict else _decode_general(dec, unit_id, catalogue)
        )
    data["units"] = units
    return data


def _decode_strict(dec: Decoder, unit_id: str, catalogue: WarcasterCatalogue) -> dict[str, Any]:
    entry = catalogue.unit(unit_id)
    assert entry is not None, "dec.ref gives an id from the catalogue's units"
    unit: dict[str, Any] = {"id": unit_id, "cortex": None, "hardpoints": {}}
    if entry.cortexes or entry.hardpoints:
        unit["cortex"] = dec.optional_ref(entry.cortexes, "cortex")
        for slot in entry.hardpoints:
            weapon = dec.optional_ref([o.weapon for o in slot.options], "weapon option")
            if weapon is not None:
                unit["hardpoints"][slot.id] = weapon
    unit["attachments"] = [a for a in _attachments_for(catalogue, unit_id) if dec.r.flag()]
    return unit


def _decode_general(dec: Decoder, unit_id: str, catalogue: WarcasterCatalogue) -> dict[str, Any]:
    r = dec.r
    cortex = dec.optional_ref([c.id for c in catalogue.cortexes], "cortex")
    weapons, slots = [x.id for x in catalogue.weapons], _slot_ids(catalogue)
    hardpoints: dict[str, str] = {}
    for _ in range(r.count(MAX_ITEMS, "hardpoints")):
        slot = dec.key(slots, "hardpoint slot")
        if slot in hardpoints:
            raise ShareCodeError(f"the share code repeats hardpoint '{slot}' on one unit (damaged code)")
        hardpoints[slot] = dec.ref(weapons, "weapon")
    units = [x.id for x in catalogue.units]
    attachments = [dec.ref(units, "unit") for _ in range(r.count(MAX_ITEMS, "attachments"))]
    return {"id": unit_id, "cortex": cortex, "hardpoints": hardpoints, "attachments": attachments}
