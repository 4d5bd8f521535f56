"""Where in a catalogue being edited each problem and warning of `catalog check` lies: its entry and the form field."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.catalogues import catalogue_warnings, parse_merged
from builder.editing.catalogue_form import HEADER
from catalog.errors import CatalogueError
from catalog.overlay import Data, entry_key, own_index

if TYPE_CHECKING:
    from builder.editing.catalogue import CatalogueSession

LOCATION = re.compile(r"^(?P<kind>[a-z_]+)\[(?P<index>\d+)\](?:\.(?P<field>[A-Za-z0-9_.-]+))?")


@dataclass(frozen=True)
class Problem:
    """One problem (or warning) `catalog check` finds, and the entry and field it is about when it is about one."""

    where: str
    message: str
    kind: str | None
    index: int | None
    field: str | None
    heading: str = ""
    """What the problems list names it by: its entry's name, with the key inside the entry unless the message
    begins with that key ("Wolf Rider", "faction is required"); empty: `where`."""

    @property
    def shown_where(self) -> str:
        return self.heading or self.where


def _heading(entry: object, rest: str, message: str) -> str:
    """An entry's name (else its key), and the key path inside it unless the message names that key first."""
    name = str(entry.get("name") or entry_key(entry) or "") if isinstance(entry, dict) else ""
    if not name or not rest:
        return name
    last = re.split(r"[.\[]", rest)[-1]
    return name if message.startswith(f"{last} ") else f"{name} · {rest}"


def located(problem: str, merged: Data, session: CatalogueSession) -> Problem:
    """A `catalog check` problem placed in the session's own entries (the loader counts the entries of the merged
    catalogue, so an index is mapped back by the entry's key)."""
    problem = problem.removeprefix(session.source + ": ")
    where, _, message = problem.partition(": ")
    found = LOCATION.match(where)
    if found is None:
        key = where.split(".")[0].split("[")[0]
        return Problem(
            where,
            message or problem,
            HEADER if key in session.data or key in {f.key for f in session.kinds[0].fields} else None,
            0 if key else None,
            key or None,
        )
    kind, index = found["kind"], int(found["index"])
    merged_list = merged.get(kind, [])
    entry = merged_list[index] if isinstance(merged_list, list) and index < len(merged_list) else None
    heading = _heading(entry, where[found.end("index") + 1 :].lstrip("]."), message)
    mine = own_index(kind, index, session.data, merged) if session.base_data() is not None else index
    field = _field_of(session, kind, found["field"])
    return Problem(where, message, kind, mine, field, heading)


def _field_of(session: CatalogueSession, kind: str, path: str | None) -> str | None:
    """The form field a problem's key path falls in: the longest field key it starts with."""
    if not path or kind not in session.kinds_by_key:
        return None
    keys = {field.key for field in session.kind(kind).fields}
    parts = path.split(".")
    return next((".".join(parts[:n]) for n in range(len(parts), 0, -1) if ".".join(parts[:n]) in keys), None)


def checked(session: CatalogueSession) -> tuple[list[Problem], list[Problem]]:
    """`catalog check`'s problems and warnings for the session's data as it stands, each located in its own entries;
    warnings only of a catalogue with no problems (they are its game's, asked of the catalogue loaded)."""
    try:
        merged = session.merged()
    except CatalogueError as exc:
        return [Problem("extends", str(exc), HEADER, 0, "extends")], []
    try:
        catalogue = parse_merged(merged, session.source)
    except CatalogueError as exc:
        return [located(p, merged, session) for p in (exc.problems or [str(exc)])], []
    return [], [located(f"{w.path}: {w.message}", merged, session) for w in catalogue_warnings(catalogue)]
