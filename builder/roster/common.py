"""What every roster file has: the format version, game, catalogue, name and notes."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator
from typing import Annotated, Any, ClassVar, NamedTuple

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, field_validator

from catalog.models.common import MAX_NUMBER
from catalog.slug import SLUG_PATTERN
from catalog.wording import escaped, hidden_character

FORMAT_VERSION = 1
"""The roster file format this Warbench writes (`warbench = 1`)."""

Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN, max_length=80)]


def _plain(allowed: str, what: str = "names are plain text") -> AfterValidator:
    """A validator refusing control and bidi characters (other than `allowed`): a name from a stranger's file or
    code must not drive a terminal or fake a line of output, and a path holding one (NUL above all) names no
    file."""

    def check(text: str) -> str:
        if (char := hidden_character(text, allowed)) is not None:
            raise ValueError(f"holds the control character {escaped(char)}; {what}")
        return text

    return AfterValidator(check)


Text = Annotated[str, StringConstraints(max_length=200), _plain("")]
"""A short user-typed name (roster, mech, pilot): one line of plain text."""
Notes = Annotated[str, StringConstraints(max_length=4000), _plain("\n\t")]
PathText = Annotated[str, StringConstraints(min_length=1, max_length=1000), _plain("", "a file path is plain text")]
"""A file path (or catalogue id) named inside a file, relative to that file: one line without control characters,
so that no reader is handed a path the system refuses."""
PathOrCode = Annotated[
    str, StringConstraints(min_length=1, max_length=5000), _plain("", "a file path or share code is plain text")
]
"""A roster named inside a file: its path, or its share code."""


class Ref(NamedTuple):
    """A reference from a roster to a catalogue entry: where it is, what kind, which id."""

    path: str
    kind: str
    id: str


class Renames:
    """A catalogue revision's renames, applied one field at a time; keeps a line per id it changed."""

    def __init__(self, renamed: dict[str, str]) -> None:
        self.renamed = renamed
        self.lines: list[str] = []

    def __call__(self, old: str, where: str) -> str:
        """The id to keep at `where` (the new one if `old` was renamed)."""
        new = self.renamed.get(old)
        if new is None:
            return old
        self.lines.append(f"{where}: '{old}' is now '{new}'")
        return new


MAX_ENTRIES = 1_000
"""No roster of any game comes near this many units, mechs, weapons or parts in one list: a longer list is a
stranger's file or code, refused before its entries are read."""


class RosterModel(BaseModel):
    """Base of roster records: unknown keys are mistakes; records are edited in place by the builder; no list holds
    more than MAX_ENTRIES."""

    model_config = ConfigDict(
        extra="forbid", strict=True, validate_assignment=True, populate_by_name=True, defer_build=True
    )

    @field_validator("*", mode="before")
    @classmethod
    def _not_too_many(cls, value: Any) -> Any:
        if isinstance(value, (list, dict)) and len(value) > MAX_ENTRIES:
            raise ValueError(f"{len(value):,} entries, far more than any roster holds (at most {MAX_ENTRIES:,})")
        return value


class RosterBase(RosterModel):
    """The header every roster file starts with."""

    warbench: int = FORMAT_VERSION
    """Roster file format version."""
    game: str
    catalogue: PathText
    """Catalogue id (bundled or installed) or a path to a catalogue file."""
    catalogue_revision: int | None = Field(None, le=MAX_NUMBER)
    """The catalogue revision the roster was last saved against; later revisions report what changed."""
    name: Text = ""
    notes: Notes = ""

    @property
    def force_format(self) -> str | None:
        """The force format the roster is built to (Warcaster: standard or skirmish); None where its game has none."""
        return None

    @property
    def built_to(self) -> int | None:
        """The point limit the roster is built to, where its game agrees one for a game (Warsurge); else None."""
        return None

    def references(self) -> Iterator[Ref]:
        """Every catalogue id the roster names, with its key path (checked on load)."""
        return iter(())

    @abstractmethod
    def entry_ids(self) -> list[str]:
        """The roster's entries in order, by id (a battle notices by them that the roster changed since)."""

    RENAMED_KINDS: ClassVar[tuple[str, ...]] = ()
    """The kinds of id `rename_ids` can rename, in the order a catalogue revision's renames are applied."""

    def rename_ids(self, kind: str, renamed: dict[str, str]) -> list[str]:
        """Apply a catalogue revision's renames in place; returns a line per id changed."""
        return []
