"""Pieces every catalogue shares: the strict base model, slug ids, the header and the change log."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, StringConstraints, field_validator

from catalog.slug import SLUG_PATTERN

Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN, max_length=80)]
"""An id: a slug of the entry's name (see `catalog.slug.slugify`)."""


MAX_NUMBER = 1_000_000
"""No number in any game's catalogue comes near this (points, inches, dice, revisions): anything beyond it, or a
float that is not finite, is a mistake or a stranger's code, refused before it is written where it would not load."""


def outsized(value: Any) -> bool:
    """Whether a field's value (or any number in its lists, tuples and tables) is beyond ±MAX_NUMBER or not finite;
    nested records check their own fields."""
    if isinstance(value, (bool, BaseModel)):
        return False
    if isinstance(value, int):
        return abs(value) > MAX_NUMBER
    if isinstance(value, float):
        return not math.isfinite(value) or abs(value) > MAX_NUMBER
    if isinstance(value, (list, tuple)):
        return any(outsized(item) for item in value)
    if isinstance(value, dict):
        return any(outsized(item) for item in value.values())
    return False


class CatalogueModel(BaseModel):
    """Base of every catalogue record: unknown keys are mistakes, records never change once loaded, and every number
    in every field is bounded (one check here for each game's fields)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True, defer_build=True)

    @field_validator("*", mode="after")
    @classmethod
    def _bounded(cls, value: Any) -> Any:
        if outsized(value):
            raise ValueError(f"a number beyond {MAX_NUMBER:,} (or not finite), which no catalogue needs")
        return value


class Named(CatalogueModel):
    """An entry with a stable id and a display name."""

    id: Slug
    """Stable id, the slug of the name; rosters and share codes refer to entries by it."""
    name: str = Field(min_length=1, max_length=120)
    """The name as the book prints it."""


class RuleText(Named):
    """A special rule: its name and a short summary in our own words (never the book's sentences)."""

    summary: str = ""
    """One or two sentences saying what the rule does."""


class Change(CatalogueModel):
    """What one revision changed, so rosters made against an older revision load and say so."""

    revision: int = Field(ge=1)
    """The revision that made this change."""
    renamed: dict[str, Slug] = {}
    """Old id -> new id; rosters are migrated on load."""
    removed: list[str] = []
    """Ids that no longer exist; a roster that uses one is reported, never silently trimmed."""
    note: str = ""
    """What else changed (costs, stats), in a sentence."""


class CatalogueHeader(CatalogueModel):
    """The keys every catalogue file starts with."""

    id: Slug
    """The catalogue's id, as rosters name it (`catalogue = "warcaster-nm"`)."""
    game: str
    """Which game's rules apply."""
    name: str
    """Display name."""
    revision: int = Field(ge=1)
    """Bumped on every change; share codes record it."""
    source: str = ""
    """Where the names and numbers come from."""
    notes: list[str] = []
    """Known gaps and caveats, shown by `warbench catalog list` and in the TUI."""
    illustrative: bool = False
    """True for example data that is not the publisher's (e.g. invented points)."""
    changes: list[Change] = []
    """The change log, newest last."""
    extends: str = ""
    """The catalogue this one builds on and the revision it was loaded with ("warcaster-nm@3"); its entries
    come first, this file's own entries add to them or replace those with the same id."""

    _content_hash: str = PrivateAttr(default="")
    _index: dict[str, Mapping[str, object]] = PrivateAttr(default_factory=dict)
    _path: str = PrivateAttr(default="")
    # Each game's model_post_init fills _index with one dict per kind, every value an entry of that kind's
    # class; its typed accessors (`unit()`, `part()`, …) cast what they look up to that class.

    @property
    def content_hash(self) -> str:
        """Short hash of the catalogue's content (set by the loader); share codes check it."""
        return self._content_hash

    @property
    def path(self) -> str:
        """The file it was loaded from (set by the loader)."""
        return self._path

    def known(self, kind: str) -> Mapping[str, object]:
        """The entries of one kind by id (`unit`, `weapon`, `cypher`, …); empty for kinds the game lacks."""
        return self._index.get(kind, {})

    def cross_reference_problems(self) -> list[tuple[str, str]]:
        """(key path, message) for every reference to an id this catalogue does not define."""
        return []


class HasId(Protocol):
    """Anything with a string id: every catalogue entry."""

    @property
    def id(self) -> str: ...


EntryT = TypeVar("EntryT", bound=HasId)


def index_by_id(items: Iterable[EntryT]) -> dict[str, EntryT]:
    """Map id -> entry, keeping file order."""
    return {item.id: item for item in items}


def duplicate_id_problems(field: str, items: Iterable[HasId]) -> list[tuple[str, str]]:
    """(key path, message) for each entry whose id repeats an earlier one."""
    seen: set[str] = set()
    problems = []
    for i, item in enumerate(items):
        if item.id in seen:
            problems.append((f"{field}[{i}].id", f"duplicate id '{item.id}'"))
        seen.add(item.id)
    return problems
