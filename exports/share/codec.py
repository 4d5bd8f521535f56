"""Roster <-> share code: the header, the fields every roster has, then the game's own fields."""

from __future__ import annotations


from builder.roster.common import FORMAT_VERSION
from builder.roster.errors import RosterFileError
from exports.share.errors import ShareCodeError
from builder.games import GAMES
from catalog.models.common import CatalogueHeader
from builder.roster.files import roster_from_data
from exports.share.bits import BitReader, BitWriter
from exports.share.names import read_name, write_name
from exports.share.envelope import MAX_CODE_CHARS, finish, open_code, read_header, resolve_catalogue, seal, write_header
from exports.share.fields import MAX_NAME_CHARS, MAX_NOTES_CHARS, Decoder, Encoder, NotStrict

def _codec(game: str):
    if game not in GAMES:
        raise ShareCodeError(f"no share code format for game {game!r}")
    return GAMES[game].codec


def write_common(w: BitWriter, roster, with_notes: bool) -> None:
    """Name and notes (private unless `with_notes`: then the notes field is empty).

    The roster's saved `catalogue_revision` is not coded: a loaded roster already holds the current ids, and
    the header names the one revision the code can be read against, so saving a roster never changes its code.
    """
    write_name(w, roster.name, MAX_NAME_CHARS, "the roster's name")
    write_name(w, roster.notes if with_notes else "", MAX_NOTES_CHARS, "the roster's notes")


def encode_payload(roster, catalogue: CatalogueHeader, *, with_notes: bool = False) -> BitWriter:
    """The roster's payload bits: legal-shaped choices from the narrow lists, else the general form."""
    if roster.game != catalogue.game:
        raise ShareCodeError(f"a {roster.game} roster cannot be coded against the {catalogue.game} catalogue '{catalogue.id}'")
    if roster.warbench != FORMAT_VERSION:
        raise ShareCodeError(f"roster format {roster.warbench} cannot be shared (save it with this Warbench first)")
    codec = _codec(roster.game)
    for strict in (True, False):
        writer = BitWriter()
        write_header(writer, catalogue)
        write_common(writer, roster, with_notes)
        writer.flag(strict)
        try:
            codec.encode(Encoder(writer, strict), roster, catalogue)
        except NotStrict:
            continue  # a draft with off-list choices: the general form holds anything loadable
        return writer
    raise AssertionError("the general form never raises NotStrict")


def encode_roster(roster, catalogue: CatalogueHeader, *, with_notes: bool = False) -> str:
    """The roster's share code: the same roster always gives the same code. Notes are private: they travel only
    when `with_notes` says so."""
    code = seal(encode_payload(roster, catalogue, with_notes=with_notes))
    if len(code) > MAX_CODE_CHARS:
        raise ShareCodeError(f"the roster is too large for a share code ({len(code)} characters; at most {MAX_CODE_CHARS})")
    return code


def decode_payload(reader: BitReader) -> tuple[dict, CatalogueHeader]:
    """The roster data a payload holds, and the catalogue it needs (the reader is left after its last field)."""
    header = read_header(reader)
    catalogue = resolve_catalogue(header)
    data: dict = {"warbench": FORMAT_VERSION, "game": catalogue.game, "catalogue": catalogue.id,
                  "catalogue_revision": catalogue.revision,
                  "name": read_name(reader, MAX_NAME_CHARS, "name"), "notes": read_name(reader, MAX_NOTES_CHARS, "notes")}
    strict = reader.flag()
    data.update(_codec(catalogue.game).decode(Decoder(reader, strict), catalogue))
    return data, catalogue


def decode_share_code(text: str):
    """The roster a share code holds, checked like a roster file; anything else is one ShareCodeError.

    The roster names its catalogue by id, found among the bundled and installed catalogues (a roster that
    pointed at a catalogue file by path comes back naming that catalogue's id).
    """
    reader = open_code(text)
    data, _ = decode_payload(reader)
    finish(reader)
    try:
        return roster_from_data(data, "share code")
    except RosterFileError as exc:
        raise ShareCodeError(f"the share code's roster does not load: {exc}") from None
