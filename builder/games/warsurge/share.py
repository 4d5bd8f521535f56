"""Warsurge rosters in a share code: point limit, units with models, weapons, labels, keys and transports."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from builder.games.warsurge.catalogue import WarsurgeCatalogue
from builder.games.warsurge.roster import WarsurgeRoster, WarsurgeRosterUnit
from exports.share.errors import ShareCodeError
from exports.share.fields import MAX_ITEMS, MAX_NAME_CHARS, Decoder, Encoder, NotStrict
from exports.share.names import read_name, write_name

ABSENT, AS_MANY_AS_MODELS = 0, 1
"""Strict weapon quantities: 0 = not taken, 1 = one per model, n + 2 = n."""


def _keys(units: Iterable[WarsurgeRosterUnit]) -> list[str]:
    return list(dict.fromkeys(u.key for u in units if u.key is not None))


def encode(enc: Encoder, roster: WarsurgeRoster, catalogue: WarsurgeCatalogue) -> None:
    w = enc.w
    w.flag(roster.point_limit == catalogue.rules.default_point_limit)
    if roster.point_limit != catalogue.rules.default_point_limit:
        w.number(roster.point_limit, "point_limit")
    w.count(len(roster.units), MAX_ITEMS, "units")
    unit_ids, weapon_ids = [u.id for u in catalogue.units], [x.id for x in catalogue.weapons]
    for u, unit in enumerate(roster.units):
        where = f"units[{u}]"
        enc.ref(unit.id, unit_ids, f"{where}.id", "unit")
        write_name(w, unit.label, MAX_NAME_CHARS, f"{where}.label")
        w.flag(unit.key is not None)
        if unit.key is not None:
            w.slug(unit.key, f"{where}.key")
        w.number(unit.models, f"{where}.models")
        if enc.strict:
            entry = catalogue.unit(unit.id)
            assert entry is not None, "enc.ref above refused an id the catalogue lacks"
            own = entry.weapons
            if not set(unit.weapons) <= set(own) or any(q < 0 for q in unit.weapons.values()):
                raise NotStrict(f"{where}.weapons")
            for weapon in own:
                quantity = unit.weapons.get(weapon)
                symbol = ABSENT if quantity is None else AS_MANY_AS_MODELS if quantity == unit.models else quantity + 2
                w.number(symbol, f"{where}.weapons.{weapon}")
        else:
            w.count(len(unit.weapons), MAX_ITEMS, f"{where}.weapons")
            for weapon, quantity in unit.weapons.items():
                enc.ref(weapon, weapon_ids, f"{where}.weapons", "weapon")
                w.signed(quantity, f"{where}.weapons.{weapon}")
        w.flag(unit.points is not None)
        if unit.points is not None:
            enc.real(unit.points, f"{where}.points")
    # Transports last: a unit may ride in one listed after it.
    keys = _keys(roster.units)
    for u, unit in enumerate(roster.units):
        if enc.strict:
            enc.optional_ref(unit.embarked_in, keys, f"units[{u}].embarked_in", "transport key")
        else:
            w.flag(unit.embarked_in is not None)
            if unit.embarked_in is not None:
                w.slug(unit.embarked_in, f"units[{u}].embarked_in")


def decode(dec: Decoder, catalogue: WarsurgeCatalogue) -> dict[str, Any]:
    r = dec.r
    limit = catalogue.rules.default_point_limit if r.flag() else r.number("point limit")
    unit_ids, weapon_ids = [u.id for u in catalogue.units], [x.id for x in catalogue.weapons]
    units: list[dict[str, Any]] = []
    for _ in range(r.count(MAX_ITEMS, "units")):
        unit_id = dec.ref(unit_ids, "unit")
        unit: dict[str, Any] = {
            "id": unit_id,
            "label": read_name(r, MAX_NAME_CHARS, "unit label"),
            "key": r.slug("unit key") if r.flag() else None,
            "models": r.number("model count"),
        }
        weapons: dict[str, int] = {}
        if dec.strict:
            entry = catalogue.unit(unit_id)
            assert entry is not None, "dec.ref gives an id from the catalogue's units"
            for weapon in entry.weapons:
                symbol = r.number("weapon quantity")
                if symbol != ABSENT:
                    weapons[weapon] = unit["models"] if symbol == AS_MANY_AS_MODELS else symbol - 2
        else:
            for _ in range(r.count(MAX_ITEMS, "weapons")):
                weapon = dec.ref(weapon_ids, "weapon")
                if weapon in weapons:
                    raise ShareCodeError(f"the share code repeats weapon '{weapon}' on one unit (damaged code)")
                weapons[weapon] = r.signed("weapon quantity")
        unit["weapons"] = weapons
        unit["points"] = dec.real("points") if r.flag() else None
        units.append(unit)
    keys = [u["key"] for u in units if u["key"] is not None]
    keys = list(dict.fromkeys(keys))
    for unit in units:
        if dec.strict:
            unit["embarked_in"] = dec.optional_ref(keys, "transport key")
        else:
            unit["embarked_in"] = r.slug("transport key") if r.flag() else None
    return {"point_limit": limit, "units": units}
