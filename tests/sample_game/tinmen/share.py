"""Tinmen's share-code fields: the point limit and each unit as an index into the catalogue."""

from __future__ import annotations

from typing import Any

from exports.share.fields import MAX_ITEMS, Decoder, Encoder
from tinmen.models import TinmenCatalogue, TinmenRoster


def encode(enc: Encoder, roster: TinmenRoster, catalogue: TinmenCatalogue) -> None:
    enc.w.number(roster.points, "points")
    enc.w.count(len(roster.units), MAX_ITEMS, "units")
    ids = [u.id for u in catalogue.units]
    for u, unit in enumerate(roster.units):
        enc.ref(unit.id, ids, f"units[{u}].id", "unit")


def decode(dec: Decoder, catalogue: TinmenCatalogue) -> dict[str, Any]:
    points = dec.r.number("points")
    ids = [u.id for u in catalogue.units]
    units = [{"id": dec.ref(ids, f"units[{u}].id")} for u in range(dec.r.count(MAX_ITEMS, "units"))]
    return {"points": points, "units": units}
