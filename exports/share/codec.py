"""Roster <-> share code: the header, the fields every roster has, then the game's own fields; for a catalogue that
is not bundled, the profiles of the entries the roster uses ride along (one code, nothing else needed)."""

from __future__ import annotations

from typing import Any, Protocol

from builder.catalogues import parse_catalogue
from builder.games import GAMES, catalogue_model
from builder.roster.common import FORMAT_VERSION, RosterBase
from builder.roster.errors import RosterFileError
from builder.roster.files import LoadedRoster, roster_from_data, roster_to_data
from catalog.errors import CatalogueError
from catalog.models.common import CatalogueHeader
from exports.share.bits import BitReader, BitWriter
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
    write_header,
)
from exports.share.errors import ShareCodeError
from exports.share.fields import (
    MAX_NAME_CHARS,
    MAX_NOTES_CHARS,
    Decoder,
    Encoder,
    NotStrict,
)
from exports.share.names import read_name, write_name
from exports.share.profiles import (
    HEADER_ONLY,
    catalogue_data,
    pack,
    read_blob,
    unpack,
    used_entries,
    write_blob,
)

PROFILES_SOURCE = "the profiles a shared roster uses, from catalogue"
"""How the `source` of profiles installed from a roster's code begins (a whole catalogue may replace them)."""


class GameCodec(Protocol):
    """A game's share-code fields (exports.share.<game>); each takes its own game's roster and catalogue models."""

    def encode(self, enc: Encoder, roster: Any, catalogue: Any) -> None: ...

    def decode(self, dec: Decoder, catalogue: Any) -> dict[str, Any]: ...


def _codec(game: str) -> GameCodec:
    if game not in GAMES:
        raise ShareCodeError(f"no share code format for game {game!r}")
    codec: GameCodec = GAMES[game].codec
    return codec


def write_common(w: BitWriter, roster: RosterBase, with_notes: bool) -> None:
    """Name and notes (private unless `with_notes`: then the notes field is empty).

    The roster's saved `catalogue_revision` is not coded: a loaded roster already holds the current ids, and
    the header names the one revision the code can be read against, so saving a roster never changes its code.
    """
    write_name(w, roster.name, MAX_NAME_CHARS, "the roster's name")
    write_name(w, roster.notes if with_notes else "", MAX_NOTES_CHARS, "the roster's notes")


def encode_payload(
    roster: RosterBase,
    catalogue: CatalogueHeader,
    *,
    with_notes: bool = False,
    profiles: tuple[bytes, CatalogueHeader] | None = None,
) -> BitWriter:
    """The roster's payload bits: legal-shaped choices from the narrow lists, else the general form. With
    `profiles` (packed data, and the catalogue it makes), that data follows the header and indices count in it."""
    if roster.game != catalogue.game:
        raise ShareCodeError(
            f"a {roster.game} roster cannot be coded against the {catalogue.game} catalogue '{catalogue.id}'"
        )
    if roster.warbench != FORMAT_VERSION:
        raise ShareCodeError(f"roster format {roster.warbench} cannot be shared (save it with this Warbench first)")
    codec = _codec(roster.game)
    for strict in (True, False):
        writer = BitWriter()
        write_header(writer, catalogue)
        if profiles is not None:
            write_blob(writer, profiles[0])
        write_common(writer, roster, with_notes)
        writer.flag(strict)
        try:
            codec.encode(Encoder(writer, strict), roster, catalogue if profiles is None else profiles[1])
        except NotStrict:
            continue  # a draft with off-list choices: the general form holds anything loadable
        return writer
    raise AssertionError("the general form never raises NotStrict")


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


def encode_roster(
    roster: RosterBase, catalogue: CatalogueHeader, *, with_notes: bool = False, profiles: bool | None = None
) -> str:
    """The roster's share code: the same roster always gives the same code. Notes are private: they travel only
    when `with_notes` says so. A catalogue that is not bundled sends the profiles the roster uses along
    (`profiles` forces it either way), unless they make the code too long."""
    carry = not is_bundled(catalogue) if profiles is None else profiles
    if carry:
        code = seal(
            encode_payload(roster, catalogue, with_notes=with_notes, profiles=roster_profiles(roster, catalogue)),
            PROFILES_FORMAT,
        )
        if len(code) <= MAX_CODE_CHARS or profiles:
            return _bounded(code, "the roster with its profiles")
    return _bounded(seal(encode_payload(roster, catalogue, with_notes=with_notes)), "the roster")


def _bounded(code: str, what: str) -> str:
    if len(code) > MAX_CODE_CHARS:
        raise ShareCodeError(f"{what} is too large for a share code ({len(code)} characters; at most {MAX_CODE_CHARS})")
    return code


def carries_profiles(code: str) -> bool:
    """Whether a (well-formed) roster code carries its profiles."""
    return open_any(code, ROSTER_FORMATS)[0] == PROFILES_FORMAT


def decode_fields(reader: BitReader, catalogue: CatalogueHeader) -> dict[str, Any]:
    """The roster data after the header (and profiles): name, notes, then the game's fields."""
    data: dict[str, Any] = {
        "warbench": FORMAT_VERSION,
        "game": catalogue.game,
        "catalogue": catalogue.id,
        "catalogue_revision": catalogue.revision,
        "name": read_name(reader, MAX_NAME_CHARS, "name"),
        "notes": read_name(reader, MAX_NOTES_CHARS, "notes"),
    }
    strict = reader.flag()
    data.update(_codec(catalogue.game).decode(Decoder(reader, strict), catalogue))
    return data


def decode_payload(reader: BitReader) -> tuple[dict[str, Any], CatalogueHeader]:
    """The roster data a payload holds, and the catalogue it needs (the reader is left after its last field)."""
    catalogue = resolve_catalogue(read_header(reader))
    return decode_fields(reader, catalogue), catalogue


def shared_catalogue(header: Header, data: dict[str, Any]) -> tuple[dict[str, Any], CatalogueHeader]:
    """The catalogue data a code's profiles make (with the header's id and revision), checked like a file."""
    data = {**data, "id": header.catalogue_id, "revision": header.revision}
    try:
        return data, parse_catalogue(data, "the share code's profiles")
    except CatalogueError as exc:
        raise ShareCodeError(f"the share code's profiles are not a valid catalogue: {exc}") from None


def read_share_code(text: str) -> tuple[dict[str, Any], Header | None, dict[str, Any] | None]:
    """(roster data, and for a code with profiles its header and catalogue data) of a well-formed roster code,
    every field checked; nothing is installed or loaded beyond the catalogue a plain code names."""
    version, reader = open_any(text, ROSTER_FORMATS)
    if version == CODE_FORMAT:
        data, _ = decode_payload(reader)
        finish(reader)
        return data, None, None
    header = read_header(reader)
    shared, cut = shared_catalogue(header, unpack(read_blob(reader)))
    data = decode_fields(reader, cut)
    finish(reader)
    return data, header, shared


def decode_share_code(text: str) -> LoadedRoster:
    """The roster a share code holds, checked like a roster file; anything else is one ShareCodeError.

    The roster names its catalogue by id, found among the bundled and installed catalogues (a roster that
    pointed at a catalogue file by path comes back naming that catalogue's id). A code with profiles uses the
    catalogue it was made with when this machine has it, else installs the profiles as a catalogue.
    """
    data, header, shared = read_share_code(text)
    notes: list[str] = []
    if header is not None and shared is not None:
        placed, notes = place_profiles(header, shared)
        data.update(catalogue=placed.id, catalogue_revision=placed.revision)
    try:
        loaded = roster_from_data(data, "share code")
    except RosterFileError as exc:
        raise ShareCodeError(f"the share code's roster does not load: {exc}") from None
    loaded.notes += notes
    return loaded


def place_profiles(header: Header, data: dict[str, Any]) -> tuple[CatalogueHeader, list[str]]:
    """The catalogue a roster with profiles is read against: the one it was made with, when installed here; else
    its profiles, installed as a catalogue (under another id when that id holds other content)."""
    from catalog.installing import contents, install

    try:
        return resolve_catalogue(header), []
    except ShareCodeError:
        pass
    origin = f"'{header.catalogue_id}' revision {header.revision} (content {header.content_hash})"
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
        f"{said} the profiles this roster uses ({contents(data)}) as catalogue '{installed.catalogue.id}': "
        f"{installed.path}"
    )
    if installed.catalogue.id != header.catalogue_id:
        note += f" ('{header.catalogue_id}' here holds other content, which is kept)"
    return installed.catalogue, [note]
