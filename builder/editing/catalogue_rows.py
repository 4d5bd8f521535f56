"""Rows of a catalogue entry (a warjack's weapons, its hardpoints, a hardpoint's options), added and removed as the
form's rows are: each an undoable change of the session, never TOML typed by the player."""

from __future__ import annotations

from builder.editing.catalogue import CatalogueSession
from builder.editing.catalogue_values import CatalogueEditError, blank, fresh_id, refuse_hidden, value_at
from catalog.overlay import Data
from catalog.slug import slugify
from catalog.wording import shown


def add_row(session: CatalogueSession, kind: str, index: int, key: str, name: str) -> int:
    """A new row named `name` at the end of an entry's rows (`weapons`, `hardpoints.0.options`): its id the slug
    of the name, unique among the rows, and every other field it needs at its smallest; its place."""
    spec = session.field(kind, key)
    if spec.shape != "tables":
        raise CatalogueEditError(f"{key} is not a list of rows")
    refuse_hidden("name", name)
    rows = value_at(session.entry(kind, index), key) or []
    keys = {column.key for column in spec.columns}
    row: Data = {}
    if "id" in keys:
        wanted = slugify(name)
        if not wanted:
            raise CatalogueEditError(f"{shown(name)}: a name needs letters or digits to make an id")
        row["id"] = fresh_id(wanted, rows)
    if "name" in keys:
        row["name"] = name
    for column in spec.columns:
        if column.required and column.key not in row and "." not in column.key:
            row[column.key] = blank(column)
    where = f"{key.rpartition('.')[2]} of {session.label(kind, index)}"
    session.set_value(kind, index, key, [*rows, row], label=f"add {name} to {where}")
    return len(rows)


def remove_row(session: CatalogueSession, kind: str, index: int, key: str, row: int) -> None:
    """Remove one row of an entry's rows (the key is left out once none is left)."""
    rows = list(value_at(session.entry(kind, index), key) or [])
    if not 0 <= row < len(rows):
        raise CatalogueEditError(f"{key} has no row {row + 1}")
    gone = rows.pop(row)
    named = gone.get("name", gone.get("id", row + 1)) if isinstance(gone, dict) else row + 1
    where = f"{key.rpartition('.')[2]} of {session.label(kind, index)}"
    session.set_value(kind, index, key, rows or None, label=f"remove {named} from {where}")
