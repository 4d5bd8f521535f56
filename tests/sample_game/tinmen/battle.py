"""A tin man in battle: its springs (the engine's damage boxes) and whether it has rusted, a key of this game alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from builder.battles.model import UnitMark
from builder.battles.tracks import Track
from tinmen.models import TinmenCatalogue, TinmenRoster


class TinMark(UnitMark):
    """A tin man's mark: the engine's springs lost, and rust (its moves halve, say the rules it would have)."""

    rusted: bool = False


@dataclass(frozen=True)
class TinTrack(Track):
    marks: ClassVar[tuple[str, ...]] = ("damage", "rusted")


def tracks(roster: TinmenRoster, catalogue: TinmenCatalogue) -> list[Track]:
    found = [(i, catalogue.unit(unit.id)) for i, unit in enumerate(roster.units)]
    return [TinTrack(i, u.name, u.points, 1, u.springs, box_word="springs") for i, u in found if u is not None]
