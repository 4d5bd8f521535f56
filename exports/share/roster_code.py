"""A roster's share code as a whole: plain (naming its catalogue), or with the profiles of the entries it uses for
a catalogue that is not bundled (one code, nothing else needed), read back and their catalogue installed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from builder.catalogues import parse_catalogue
from builder.game import GAMES, catalogue_model
from builder.roster.common import RosterBase
from builder.roster.errors import RosterFileError
from builder.roster.files import LoadedRoster, roster_from_data, roster_to_data
from catalog.errors import CatalogueError
from catalog.installing import contents, install
from catalog.models.common import CatalogueHeader
from catalog.overlay import entry_key
from catalog.toml_input import pydantic_problems
from exports.share.bits import BitReader
from exports.share.bundled_base import (
    BUNDLED_KEY,
    BundledBase,
    check_rebuilt,
    differs,
    on_bundled,
    rebuild,
    roster_names,
)
from exports.share.codec import decode_fields, decode_payload, encode_payload
from exports.share.envelope import (
    CODE_FORMAT,
    MAX_CODE_CHARS,
    PROFILES_FORMAT,
    ROSTER_FORMATS,
    Header,
    finish,
    is_bundled,
    open_any,
    read_header,
    resolve_catalogue,
    seal,
)
from exports.share.errors import ShareCodeError
from exports.share.profiles import HEADER_ONLY, catalogue_data, pack, read_blob, unpack, used_entries

PROFILES_SOURCE = "the profiles a shared roster uses, from catalogue"
"""How the `source` of profiles installed from a roster's code begins (a whole catalogue may replace them)."""


def roster_profiles(roster: RosterBase, catalogue: CatalogueHeader) -> tuple[bytes, CatalogueHeader]:
    """The profiles a roster's code carries, packed, and the catalogue they make: the entries the roster uses
    (the whole catalogue when a cut-down one would not check clean)."""
    full = catalogue_data(catalogue)
    header = {"id": catalogue.id, "revision": catalogue.revision}
    cut = used_entries(full, roster_to_data(roster))
    try:
        return pack(cut), parse_catalogue({**cut, **header}, "the roster's profiles")
    except CatalogueError:
        whole = {key: value for key, value in full.items() if key not in HEADER_ONLY}
        return pack(whole), parse_catalogue({**whole, **header}, "the roster's profiles")


def profiles_on_bundled(roster: RosterBase, catalogue: CatalogueHeader) -> tuple[bytes, CatalogueHeader] | None:
    """The profiles a roster's code carries when some entries it uses are the bundled catalogue's own (those travel
    as a reference), packed, and the catalogue its roster is coded against; None when none are."""
    names = roster_names(roster)
    cut = used_entries(catalogue_data(catalogue), names)
    built = on_bundled(cut, names, catalogue.game)
    if built is None:
        return None
    carried, merged = built
    header = {"id": catalogue.id, "revision": catalogue.revision}
    try:
        parse_catalogue({**cut, **header}, "the roster's profiles")
        return pack(carried), parse_catalogue({**merged, **header}, "the roster's profiles")
    except CatalogueError:
        return None


def encode_roster(
    roster: RosterBase, catalogue: CatalogueHeader, *, with_notes: bool = False, profiles: bool | None = None
) -> str:
    """The roster's share code: the same roster always gives the same code. Notes are private: they travel only
    when `with_notes` says so. A catalogue that is not bundled sends the profiles the roster uses along
    (`profiles` forces it either way), unless they make the code too long: the entries the bundled catalogue has
    alike travel as a reference to it when that makes the code shorter."""
    carry = not is_bundled(catalogue) if profiles is None else profiles
    if carry:
        code = code_with_profiles(roster, catalogue, with_notes=with_notes)
        if len(code) <= MAX_CODE_CHARS or profiles:
            return _bounded(code, "the roster with its profiles")
    return _bounded(seal(encode_payload(roster, catalogue, with_notes=with_notes)), "the roster")


def code_with_profiles(roster: RosterBase, catalogue: CatalogueHeader, *, with_notes: bool = False) -> str:
    """The roster's code with the profiles it uses, however long: the shorter of building on the bundled catalogue
    and carrying every entry it uses."""
    ways = (profiles_on_bundled(roster, catalogue), roster_profiles(roster, catalogue))
    return min(
        (
            seal(encode_payload(roster, catalogue, with_notes=with_notes, profiles=way), PROFILES_FORMAT)
            for way in ways
            if way is not None
        ),
        key=len,
    )


def _bounded(code: str, what: str) -> str:
    if len(code) > MAX_CODE_CHARS:
        raise ShareCodeError(f"{what} is too large for a share code ({len(code)} characters; at most {MAX_CODE_CHARS})")
    return code


def shared_catalogue(header: Header, data: dict[str, Any]) -> tuple[dict[str, Any], CatalogueHeader]:
    """The catalogue data a code's profiles make (with the header's id and revision), checked like a file."""
    data = {**data, "id": header.catalogue_id, "revision": header.revision}
    try:
        return data, parse_catalogue(data, "the share code's profiles")
    except CatalogueError as exc:
        raise ShareCodeError(f"the share code's profiles are not a valid catalogue: {exc}") from None


@dataclass(frozen=True)
class SharedProfiles:
    """The profiles a roster's code carries, as this machine would install them."""

    header: Header
    data: dict[str, Any]
    """The catalogue data, with the header's id and revision."""
    base: BundledBase | None = None
    """The bundled catalogue they build on, when some entries travelled as a reference to it."""
    from_base: int = 0
    """How many entries were taken from this machine's copy of that bundled catalogue."""


def read_share_code(text: str, limit: int = MAX_CODE_CHARS) -> tuple[dict[str, Any], SharedProfiles | None]:
    """(roster data, and for a code with profiles those profiles) of a well-formed roster code of at most `limit`
    characters (more for one joined from parts), every field checked; nothing is installed or loaded beyond the
    catalogue a plain code names (and a bundled one)."""
    version, reader = open_any(text, ROSTER_FORMATS, limit)
    if version == CODE_FORMAT:
        data, _ = decode_payload(reader)
        finish(reader)
        return data, None
    header = read_header(reader)
    profiles = unpack(read_blob(reader))
    profiles.pop("extends", None)  # resolved already: the entries of the catalogue it named are in the data
    if BUNDLED_KEY in profiles:
        return read_on_bundled(reader, header, profiles)
    shared, cut = shared_catalogue(header, profiles)
    data = decode_fields(reader, cut)
    finish(reader)
    return data, SharedProfiles(header, shared)


def read_on_bundled(
    reader: BitReader, header: Header, carried: dict[str, Any]
) -> tuple[dict[str, Any], SharedProfiles]:
    """The roster in a code whose profiles build on a bundled catalogue: read against this machine's copy with the
    carried entries laid over it, then cut to the entries it uses, which must be the sender's exactly."""
    base, local_revision, merged = rebuild(carried, header.catalogue_id)
    try:
        _, against = shared_catalogue(header, merged)
        data = decode_fields(reader, against)
        finish(reader)
    except ShareCodeError:
        if local_revision != base.revision:
            raise ShareCodeError(differs(base, local_revision, header.catalogue_id)) from None
        raise
    try:
        names = roster_names(GAMES[against.game].roster_model.model_validate(data))
    except ValidationError as exc:
        raise ShareCodeError(f"the share code's roster does not load: {pydantic_problems(exc)[0]}") from None
    cut = used_entries(merged, names)
    check_rebuilt(cut, names, base, local_revision, header.catalogue_id)
    shared, _ = shared_catalogue(header, cut)
    own = {
        (key, entry_key(row))
        for key, rows in [*carried.items(), *base.changed.items()]
        if isinstance(rows, list)
        for row in rows
        if isinstance(row, dict)
    }
    from_base = sum(
        (key, entry_key(row)) not in own for key, rows in cut.items() if isinstance(rows, list) for row in rows
    )
    return data, SharedProfiles(header, shared, base, from_base)


def decode_share_code(text: str, limit: int = MAX_CODE_CHARS) -> LoadedRoster:
    """The roster a share code holds, checked like a roster file; anything else is one ShareCodeError.

    The roster names its catalogue by id, found among the bundled and installed catalogues (a roster that
    pointed at a catalogue file by path comes back naming that catalogue's id). A code with profiles uses the
    catalogue it was made with when this machine has it, else installs the profiles as a catalogue.
    """
    data, shared = read_share_code(text, limit)
    notes: list[str] = []
    if shared is not None:
        placed, notes = place_profiles(shared)
        data.update(catalogue=placed.id, catalogue_revision=placed.revision)
    try:
        loaded = roster_from_data(data, "share code")
    except RosterFileError as exc:
        raise ShareCodeError(f"the share code's roster does not load: {exc}") from None
    loaded.notes += notes
    return loaded


def place_profiles(shared: SharedProfiles) -> tuple[CatalogueHeader, list[str]]:
    """The catalogue a roster with profiles is read against: the one it was made with, when installed here; else
    its profiles, installed as a catalogue (under another id when that id holds other content)."""

    header, data = shared.header, shared.data
    try:
        return resolve_catalogue(header), []
    except ShareCodeError:
        pass
    origin = f"'{header.catalogue_id}' revision {header.revision} (content {header.content_hash})"
    taken = ""
    if shared.base is not None:
        origin += f", the entries of the bundled '{shared.base.id}' it uses taken from this Warbench's copy"
    if shared.base is not None and shared.from_base:
        taken = f"; {shared.from_base} of them from your bundled '{shared.base.id}', the same as the sender's"
    data = {**data, "source": f"{PROFILES_SOURCE} {origin}"}
    comment = (
        f"Installed by `warbench share import`: {PROFILES_SOURCE} {origin}.\n"
        "Only those entries are here: ask its owner for the whole catalogue (`warbench catalog share`)."
    )
    try:
        installed = install(data, comment, catalogue_model, on_conflict="rename")
    except CatalogueError as exc:
        raise ShareCodeError(f"the share code's profiles cannot be installed: {exc}") from None
    said = "installed" if installed.written else "already installed"
    note = (
        f"{said} the profiles this roster uses ({contents(data)}{taken}) as catalogue '{installed.catalogue.id}': "
        f"{installed.path}"
    )
    if installed.catalogue.id != header.catalogue_id:
        note += f" ('{header.catalogue_id}' here holds other content, which is kept)"
    return installed.catalogue, [note]
