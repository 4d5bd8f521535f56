"""McWarrior mechs in a share code: budget, districts, and each mech's names, skill, parts and upgrades."""

from __future__ import annotations

from typing import Any

from builder.games.mcwarrior.catalogue import McWarriorCatalogue
from builder.games.mcwarrior.roster import McWarriorRoster, Mech
from exports.share.errors import ShareCodeError
from exports.share.fields import MAX_ITEMS, MAX_NAME_CHARS, Decoder, Encoder, NotStrict
from exports.share.names import read_name, write_name


def _upgrades_for(catalogue: McWarriorCatalogue, slot: str) -> list[str]:
    return [u.id for u in catalogue.upgrades if slot in u.slots]


def encode(enc: Encoder, roster: McWarriorRoster, catalogue: McWarriorCatalogue) -> None:
    w = enc.w
    w.flag(roster.budget is not None)
    if roster.budget is not None:
        w.flag(roster.budget == catalogue.rules.default_budget)
        if roster.budget != catalogue.rules.default_budget:
            w.number(roster.budget, "budget")
    enc.optional_number(roster.districts, "districts")
    w.count(len(roster.mechs), MAX_ITEMS, "mechs")
    skills = [s.id for s in catalogue.skills]
    for m, mech in enumerate(roster.mechs):
        where = f"mechs[{m}]"
        write_name(w, mech.name, MAX_NAME_CHARS, f"{where}.name")
        write_name(w, mech.pilot, MAX_NAME_CHARS, f"{where}.pilot")
        enc.optional_ref(mech.skill, skills, f"{where}.skill", "skill")
        if enc.strict:
            _encode_strict(enc, mech, catalogue, where)
        else:
            _encode_general(enc, mech, catalogue, where)


def _point_range(catalogue: McWarriorCatalogue) -> range:
    return range(catalogue.rules.min_points, catalogue.rules.max_points + 1)


def _encode_strict(enc: Encoder, mech: Mech, catalogue: McWarriorCatalogue, where: str) -> None:
    """Per part: absent or its points in the book's range; per slot: none or an upgrade it offers, and a level."""
    points = _point_range(catalogue)
    parts = [p.id for p in catalogue.parts]
    if not set(mech.parts) <= set(parts) or not set(mech.upgrades) <= set(catalogue.slots):
        raise NotStrict(where)
    for part in parts:
        value = mech.parts.get(part)
        if value is not None and value not in points:
            raise NotStrict(f"{where}.parts.{part}")
        enc.w.choice(0 if value is None else value - points.start + 1, len(points) + 1)
    for slot in catalogue.slots:
        choice = mech.upgrades.get(slot)
        enc.optional_ref(
            None if choice is None else choice.id, _upgrades_for(catalogue, slot), f"{where}.upgrades.{slot}", "upgrade"
        )
        if choice is None:
            continue
        upgrade = catalogue.upgrade(choice.id)
        assert upgrade is not None, "enc.optional_ref above refused an upgrade the slot does not offer"
        if upgrade.levelled:
            if choice.level is not None and choice.level < 1:
                raise NotStrict(f"{where}.upgrades.{slot}.level")
            enc.w.number(choice.level or 0, f"{where}.upgrades.{slot}.level")
        elif choice.level is not None:
            raise NotStrict(f"{where}.upgrades.{slot}.level")


def _encode_general(enc: Encoder, mech: Mech, catalogue: McWarriorCatalogue, where: str) -> None:
    """Any loadable mech: part keys with any whole number, slot keys with any upgrade and level."""
    w = enc.w
    parts, upgrades = [p.id for p in catalogue.parts], [u.id for u in catalogue.upgrades]
    slots = list(catalogue.known("upgrade_slot"))
    w.count(len(mech.parts), MAX_ITEMS, f"{where}.parts")
    for part, value in mech.parts.items():
        enc.ref(part, parts, f"{where}.parts", "part")
        w.signed(value, f"{where}.parts.{part}")
    w.count(len(mech.upgrades), MAX_ITEMS, f"{where}.upgrades")
    for slot, choice in mech.upgrades.items():
        enc.ref(slot, slots, f"{where}.upgrades", "upgrade slot")
        enc.ref(choice.id, upgrades, f"{where}.upgrades.{slot}", "upgrade")
        w.flag(choice.level is not None)
        if choice.level is not None:
            w.signed(choice.level, f"{where}.upgrades.{slot}.level")


def decode(dec: Decoder, catalogue: McWarriorCatalogue) -> dict[str, Any]:
    r = dec.r
    budget = None
    if r.flag():
        budget = catalogue.rules.default_budget if r.flag() else r.number("budget")
    mechs: list[dict[str, Any]] = []
    data = {"budget": budget, "districts": dec.optional_number("districts"), "mechs": mechs}
    skills = [s.id for s in catalogue.skills]
    for _ in range(r.count(MAX_ITEMS, "mechs")):
        mech: dict[str, Any] = {
            "name": read_name(r, MAX_NAME_CHARS, "mech name"),
            "pilot": read_name(r, MAX_NAME_CHARS, "pilot name"),
            "skill": dec.optional_ref(skills, "skill"),
        }
        mech.update(_decode_strict(dec, catalogue) if dec.strict else _decode_general(dec, catalogue))
        mechs.append(mech)
    return data


def _decode_strict(dec: Decoder, catalogue: McWarriorCatalogue) -> dict[str, Any]:
    points = _point_range(catalogue)
    parts: dict[str, int] = {}
    upgrades: dict[str, dict[str, Any]] = {}
    for part in catalogue.parts:
        symbol = dec.r.choice(len(points) + 1, "part points")
        if symbol:
            parts[part.id] = points.start + symbol - 1
    for slot in catalogue.slots:
        upgrade = dec.optional_ref(_upgrades_for(catalogue, slot), "upgrade")
        if upgrade is not None:
            offered = catalogue.upgrade(upgrade)
            assert offered is not None, "dec.optional_ref gives an upgrade from the catalogue's own list"
            level = dec.r.number("upgrade level") if offered.levelled else 0
            upgrades[slot] = {"id": upgrade, "level": level or None}
    return {"parts": parts, "upgrades": upgrades}


def _decode_general(dec: Decoder, catalogue: McWarriorCatalogue) -> dict[str, Any]:
    r = dec.r
    part_ids, upgrade_ids = [p.id for p in catalogue.parts], [u.id for u in catalogue.upgrades]
    slots = list(catalogue.known("upgrade_slot"))
    parts: dict[str, int] = {}
    for _ in range(r.count(MAX_ITEMS, "parts")):
        part = dec.ref(part_ids, "part")
        if part in parts:
            raise ShareCodeError(f"the share code repeats part '{part}' on one mech (damaged code)")
        parts[part] = r.signed("part points")
    upgrades: dict[str, dict[str, Any]] = {}
    for _ in range(r.count(MAX_ITEMS, "upgrades")):
        slot = dec.ref(slots, "upgrade slot")
        if slot in upgrades:
            raise ShareCodeError(f"the share code repeats upgrade slot '{slot}' on one mech (damaged code)")
        upgrade = dec.ref(upgrade_ids, "upgrade")
        upgrades[slot] = {"id": upgrade, "level": r.signed("upgrade level") if r.flag() else None}
    return {"parts": parts, "upgrades": upgrades}
