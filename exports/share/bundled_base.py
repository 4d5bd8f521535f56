"""Profiles that build on a bundled catalogue: what a roster uses of the game's bundled catalogue, unchanged, travels
as a reference to it, a changed entry as its changed keys, and only new entries whole.

The code's profiles then hold the game's id, the values and entries that differ from the bundled catalogue, and a
`bundled` object: that catalogue's id and revision, the changed keys of entries it has (`changed`, by table; a
null value is a key the entry no longer has) and a content hash of the profiles as the sender would install them
with the roster's choices. The receiving side lays all that over its own bundled copy, reads the roster against
the result, cuts it to the entries the roster uses and refuses the code when their hash is not the sender's: its
bundled copy differs in an entry the roster needs (or reads the roster otherwise).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from builder.catalogues import load_catalogue
from builder.game import GAMES
from builder.roster.common import RosterBase
from builder.roster.files import HEADER_KEYS, roster_to_data
from catalog.errors import CatalogueError
from catalog.loader import HASH_BYTES, content_hash
from catalog.overlay import entry_key
from exports.share.errors import ShareCodeError
from exports.share.profiles import HEADER_ONLY, catalogue_data, used_entries

BUNDLED_KEY = "bundled"
"""The key of the profiles' data that names the bundled catalogue they build on (never a catalogue file's key)."""
REQUIRED_KEYS = {"id", "revision", "hash"}
"""What the `bundled` object always holds (`changed` only when an entry changed)."""
MAX_REVISION = 1_000_000
_HASH = re.compile(f"[0-9a-f]{{{HASH_BYTES * 2}}}")

Data = dict[str, Any]


@dataclass(frozen=True)
class BundledBase:
    """The bundled catalogue a code's profiles build on, what they change in it, and the hash of what they make."""

    id: str
    revision: int
    profiles_hash: str
    changed: dict[str, list[Data]] = field(default_factory=dict)

    def as_data(self) -> Data:
        data: Data = {"id": self.id, "revision": self.revision, "hash": self.profiles_hash}
        return data | ({"changed": self.changed} if self.changed else {})


def roster_names(roster: RosterBase) -> Data:
    """The roster's data without its header (name, notes, catalogue): what picks the entries it uses, alike on
    both sides of a code (the notes may stay private)."""
    return {key: value for key, value in roster_to_data(roster).items() if key not in HEADER_KEYS}


def _table(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(row, dict) for row in value)


def _keyed(value: object) -> bool:
    """Whether a value is a table of entries that each have an id (or a name)."""
    return isinstance(value, list) and all(isinstance(row, dict) and isinstance(entry_key(row), str) for row in value)


def _key_field(row: Data) -> str:
    return "id" if "id" in row else "name"


def change_of(row: Data, base_row: Data) -> Data:
    """The keys of `row` that differ from `base_row` (None for a key `row` lacks), with the key that names it."""
    change = {_key_field(row): entry_key(row)}
    change |= {key: value for key, value in row.items() if base_row.get(key) != value}
    return change | {key: None for key in base_row if key not in row}


def changed_row(base_row: Data, change: Data) -> Data:
    """The bundled entry with a code's changes to it."""
    row = {key: value for key, value in base_row.items() if change.get(key, value) is not None}
    return row | {key: value for key, value in change.items() if value is not None}


def merged_onto(carried: Data, base: Data, changed: dict[str, list[Data]]) -> Data:
    """The catalogue the carried profiles make with the bundled data: the base's values with the carried ones over
    them (a null one removed), its tables of entries with changed entries where they stand and new ones after.
    Raises KeyError naming a changed entry the base lacks."""
    merged: Data = {key: value for key, value in base.items() if not _table(value) and key not in HEADER_ONLY}
    for key, value in carried.items():
        if key != BUNDLED_KEY and not _table(value):
            merged[key] = value
    merged = {key: value for key, value in merged.items() if value is not None}
    for key in dict.fromkeys([*base, *carried, *changed]):
        rows = base.get(key, []) if _keyed(base.get(key)) else []
        own = carried.get(key, [])
        if key == BUNDLED_KEY or not _keyed(own) or not (rows or own or changed.get(key)):
            continue
        by_key = {entry_key(row): row for row in rows}
        replacing = {
            entry_key(change): changed_row(by_key[entry_key(change)], change) for change in changed.get(key, [])
        }
        replacing |= {entry_key(row): row for row in own}
        merged[key] = [replacing.pop(entry_key(row), row) for row in rows]
        merged[key] += [row for row in own if entry_key(row) in replacing]
    return merged


def _rows(data: Data) -> dict[str, list[str]]:
    """Each table's entries as canonical text, sorted: the profiles compared without regard to order (an empty
    table is no table)."""
    return {
        key: sorted(json.dumps(row, sort_keys=True) for row in rows)
        for key, rows in data.items()
        if rows and _table(rows)
    }


def _rest(data: Data) -> Data:
    """Every value that is not a table."""
    return {key: value for key, value in data.items() if not _table(value)}


def base_data(game: str) -> tuple[str, int, Data]:
    """The game's bundled catalogue: its id, revision and data."""
    catalogue = load_catalogue(GAMES[game].catalogue)
    return catalogue.id, catalogue.revision, catalogue_data(catalogue)


def _length(value: object) -> int:
    return len(json.dumps(value, ensure_ascii=False))


def on_bundled(cut: Data, names: Data, game: str) -> tuple[Data, Data] | None:
    """(what the code carries, the catalogue its roster is read against) when some of the entries in `cut` are the
    bundled catalogue's own, or changed from them; None when none are, or the receiving side would not rebuild
    exactly `cut`."""
    try:
        base_id, revision, base = base_data(game)
    except CatalogueError:
        return None
    carried: Data = {"game": game}
    carried |= {key: value for key, value in cut.items() if not _table(value) and base.get(key) != value}
    carried |= {key: None for key, value in base.items() if not _table(value) and key not in (*cut, *HEADER_ONLY)}
    changed: dict[str, list[Data]] = {}
    alike = 0
    for key, rows in cut.items():
        theirs = {entry_key(row): row for row in base.get(key, [])} if _keyed(base.get(key)) else {}
        for row in rows if _keyed(rows) else []:
            old = theirs.get(entry_key(row))
            alike += old == row
            if old is not None and old != row and _length(change := change_of(row, old)) < _length(row):
                changed.setdefault(key, []).append(change)
            elif old != row:
                carried.setdefault(key, []).append(row)
    if not alike and not changed:
        return None
    merged = merged_onto(carried, base, changed)
    rebuilt = used_entries(merged, names)
    if _rows(rebuilt) != _rows(cut) or _rest(rebuilt) != _rest(cut):
        return None
    carried[BUNDLED_KEY] = BundledBase(base_id, revision, outcome_hash(rebuilt, names), changed).as_data()
    return carried, merged


def read_base(data: Data) -> BundledBase:
    """The `bundled` object of a code's profiles, every field checked."""
    value = data.get(BUNDLED_KEY)
    if not isinstance(value, dict) or not REQUIRED_KEYS <= set(value) <= {*REQUIRED_KEYS, "changed"}:
        raise ShareCodeError("the share code's profiles are damaged (their bundled catalogue is not named right)")
    base_id, revision, profiles_hash, changed = value["id"], value["revision"], value["hash"], value.get("changed", {})
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise ShareCodeError(f"the share code's profiles are for an unknown game {str(game)[:40]!r}")
    if base_id != GAMES[game].catalogue:
        raise ShareCodeError(
            f"the share code's profiles build on catalogue {str(base_id)[:80]!r}, which this Warbench does not "
            f"bundle for {GAMES[game].name} (made by a newer Warbench?)"
        )
    if type(revision) is not int or not 1 <= revision <= MAX_REVISION:
        raise ShareCodeError("the share code's profiles are damaged (their bundled catalogue's revision)")
    if not isinstance(profiles_hash, str) or not _HASH.fullmatch(profiles_hash):
        raise ShareCodeError("the share code's profiles are damaged (their content hash)")
    if not isinstance(changed, dict) or not all(_keyed(rows) and rows for rows in changed.values()):
        raise ShareCodeError("the share code's profiles are damaged (their changes to the bundled catalogue)")
    if not all(_keyed(rows) for rows in data.values() if _table(rows)):
        raise ShareCodeError("the share code's profiles are damaged (an entry without an id)")
    return BundledBase(base_id, revision, profiles_hash, changed)


def rebuild(data: Data, catalogue_id: str) -> tuple[BundledBase, int, Data]:
    """(the base the profiles name, this Warbench's revision of it, the catalogue they make with it here)."""
    base = read_base(data)
    try:
        _, revision, bundled = base_data(str(data["game"]))
    except CatalogueError as exc:
        raise ShareCodeError(
            f"the share code's profiles build on '{base.id}', which cannot be loaded here: {exc}"
        ) from None
    try:
        return base, revision, merged_onto(data, bundled, base.changed)
    except KeyError:
        raise ShareCodeError(differs(base, revision, catalogue_id)) from None


def outcome_hash(profiles: Data, names: Data) -> str:
    """The hash of the profiles a code installs with the roster's choices (what both sides must agree on)."""
    return content_hash({"profiles": profiles, "roster": names})


def check_rebuilt(cut: Data, names: Data, base: BundledBase, local_revision: int, catalogue_id: str) -> None:
    """Refuse profiles (or a roster) that came out other than the sender's: this Warbench's bundled copy differs in
    an entry the roster uses."""
    if outcome_hash(cut, names) != base.profiles_hash:
        raise ShareCodeError(differs(base, local_revision, catalogue_id))


def differs(base: BundledBase, local_revision: int, catalogue_id: str) -> str:
    """The one line for a code whose bundled entries differ here."""
    return (
        f"the share code takes entries of the bundled catalogue '{base.id}' revision {base.revision} as its sender "
        f"has them, and this Warbench's '{base.id}' (revision {local_revision}) differs in them: ask for the "
        f"catalogue itself (`warbench catalog share {catalogue_id}` on the sender's machine)"
    )
