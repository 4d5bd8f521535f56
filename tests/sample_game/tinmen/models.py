"""Tinmen's catalogue and roster files: units with points and springs (their hit points), taken up to a limit."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal, cast

from pydantic import Field

from builder.roster.common import Ref, Renames, RosterBase, RosterModel, Slug
from catalog.models.common import CatalogueHeader, Named, duplicate_id_problems, index_by_id


class TinmenUnit(Named):
    """A clockwork soldier: its points and how many springs it has to lose."""

    points: int = Field(ge=0, le=10_000)
    springs: int = Field(1, ge=1, le=100)


class TinmenCatalogue(CatalogueHeader):
    """The units a Tinmen force picks from."""

    game: Literal["tinmen"] = "tinmen"
    units: list[TinmenUnit] = Field([], max_length=1_000)

    def model_post_init(self, _context: object) -> None:
        self._index = {"unit": index_by_id(self.units)}

    def unit(self, unit_id: str) -> TinmenUnit | None:
        return cast("TinmenUnit | None", self._index["unit"].get(unit_id))

    def cross_reference_problems(self) -> list[tuple[str, str]]:
        return duplicate_id_problems("units", self.units)


class TinmenRosterUnit(RosterModel):
    """A unit taken, by its catalogue id."""

    id: Slug


class TinmenRoster(RosterBase):
    """A Tinmen force: units within a point limit."""

    game: Literal["tinmen"] = "tinmen"
    RENAMED_KINDS = ("unit",)
    points: int = Field(100, ge=1, le=10_000)
    units: list[TinmenRosterUnit] = Field([], max_length=1_000)

    def entry_ids(self) -> list[str]:
        return [unit.id for unit in self.units]

    def references(self) -> Iterator[Ref]:
        for u, unit in enumerate(self.units):
            yield Ref(f"units[{u}].id", "unit", unit.id)

    def rename_ids(self, kind: str, renamed: dict[str, str]) -> list[str]:
        swap = Renames(renamed)
        for u, unit in enumerate(self.units):
            unit.id = swap(unit.id, f"units[{u}].id")
        return swap.lines
