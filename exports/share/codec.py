"""A roster's payload <-> bits: the header, the fields every roster has, then the game's own fields (read against the
catalogue the header names, or the one a code's profiles make)."""

from __future__ import annotations

from typing import Any, Protocol

from builder.game import GAMES
from builder.roster.common import FORMAT_VERSION, RosterBase
from catalog.models.common import CatalogueHeader
from exports.share.bits import BitReader, BitWriter
from exports.share.envelope import (
    PROFILES_FORMAT,
    ROSTER_FORMATS,
    open_any,
    read_header,
    resolve_catalogue,
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
from exports.share.profiles import write_blob


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
