"""The code's envelope: checksum and format version, then the catalogue header (id, revision, content hash)."""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from builder.catalogues import load_catalogue
from builder.game import GAMES
from catalog.errors import CatalogueError
from catalog.loader import HASH_BYTES
from catalog.models.common import CatalogueHeader
from exports.share.base32 import decode_bits, encode_bits
from exports.share.bits import BitReader, BitWriter
from exports.share.errors import ShareCodeError

CODE_FORMAT = 3
"""Share code format version, in the 3 bits after the checksum (outside it: a newer format may change the checksum)."""
PROFILES_FORMAT = 4
"""A roster's code that also carries the profiles of the entries it uses (for a catalogue that is not bundled)."""
CATALOGUE_FORMAT = 5
"""A whole catalogue's code (its parts joined, when it was split for QR codes)."""
ROSTER_FORMATS = (CODE_FORMAT, PROFILES_FORMAT)
BATTLE_FORMATS = (7, 6, 0)
"""The formats of a battle's code (two rosters and the marks), oldest first: counted down from the top, so roster
formats keep counting up from 3 without meeting them. 7 marks damage, body parts and heat; 6 adds where a Warcaster
unit is (reserve, play, removed) and how often it went back, and the McWarrior upgrades critical hits destroyed; 0
(the last number no code ever had) is 6 with what each turn spent after the rosters (the seed and the events)."""
BATTLE_FORMAT = 6
"""The format a battle's code is written in, unless it records what its turns spent."""
SPENT_FORMAT = 0
"""The format of a battle's code that records what its turns spent."""
EXTENDED_FORMAT = 1
"""A code of a kind named in its payload (`exports.share.kinds`): format 1 whose payload starts with
`ESCAPE_BITS` zero bits, which no roster code of the old format 1 has (its first field, an Exp-Golomb number, has
fewer leading zeros), so an old roster code still says it was made by an older Warbench."""
ESCAPE_BITS = 40
KINDS = {
    0: ("a narrative's code", "open it with `warbench narrative import`"),
    1: ("a battle's code", "open it with `warbench battle import`"),
    2: ("a battle's code", "open it with `warbench battle import`"),
    3: ("a battle's code", "open it with `warbench battle import`"),
    4: ("a battle's code", "open it with `warbench battle import`"),
}
"""Extended kinds by number: what the code is, and the command that opens it."""
VERSION_BITS = 3
CHECKSUM_BITS = 32
HASH_BITS = 32
"""Bits of the catalogue's content hash a code carries: what catches a catalogue edited without a revision bump.
Sixteen (format 2) were forged by brute force in a few thousand tries; finding one of 4 billion takes a
deliberate search of hours for every code, and the CRC-32 still guards the code itself."""
HASH_HEX = HASH_BITS // 4
MAX_CODE_CHARS = 4096
"""Longest code accepted (checked before any other work) and produced."""


def bundled_numbers() -> dict[str, int]:
    """Bundled catalogue id → the small number a code names it by (each game's record fixes its number)."""
    return {record.catalogue: record.code_number for record in GAMES.values()}


def checksum(value: int, length: int) -> int:
    """CRC-32 of the bit string and its length (detects every error burst of up to 32 bits)."""
    data = (value << (-length % 8)).to_bytes((length + 7) // 8, "big")
    return zlib.crc32(length.to_bytes(4, "big") + data)


def seal(payload: BitWriter, code_format: int = CODE_FORMAT) -> str:
    """Checksum, format version, then the payload, zero-padded to whole Base32 characters.

    Checksum and version fill exactly 7 characters, so a mistyped character falls either there (a wrong
    checksum or version) or wholly in the payload, a burst of at most 5 bits that CRC-32 always detects.
    """
    pad = -(CHECKSUM_BITS + VERSION_BITS + payload.length) % 5
    length = payload.length + pad
    body = payload.value << pad
    value = (((checksum(body, length) << VERSION_BITS) | code_format) << length) | body
    return encode_bits(value, CHECKSUM_BITS + VERSION_BITS + length)


def normalise(text: object, limit: int = MAX_CODE_CHARS) -> str:
    """The code's characters without surrounding whitespace; size bounded before anything else."""
    if not isinstance(text, str):
        raise ShareCodeError("not a share code: expected text")
    if len(text) > limit:
        raise ShareCodeError(f"not a share code: {len(text)} characters is too long (a share code has at most {limit})")
    code = text.strip()
    if not code:
        raise ShareCodeError("not a share code: the text is empty")
    if len(code) > limit:
        raise ShareCodeError(f"not a share code: too long (a share code has at most {limit} characters)")
    return code


def open_code(text: object, code_format: int | tuple[int, ...] = ROSTER_FORMATS) -> BitReader:
    """A reader over the payload of a code whose characters, format version (one of `code_format`: a roster's,
    a battle's or a catalogue's) and checksum are right."""
    return open_any(text, code_format)[1]


WHAT = {
    CODE_FORMAT: "a roster's share code",
    PROFILES_FORMAT: "a roster's share code",
    CATALOGUE_FORMAT: "a catalogue's code",
    **dict.fromkeys(BATTLE_FORMATS, "a battle's code"),
}
OPENED_WITH = {
    CODE_FORMAT: "import it with `warbench share import`",
    PROFILES_FORMAT: "import it with `warbench share import`",
    CATALOGUE_FORMAT: "install it with `warbench catalog import`",
    **dict.fromkeys(BATTLE_FORMATS, "open it with `warbench battle import`"),
}


def open_any(
    text: object, formats: int | tuple[int, ...] = ROSTER_FORMATS, limit: int = MAX_CODE_CHARS
) -> tuple[int, BitReader]:
    """(format, reader over the payload) of a code in one of `formats` whose characters and checksum are right."""
    formats = (formats,) if isinstance(formats, int) else formats
    code = normalise(text, limit)
    value, length = decode_bits(code)
    if length < CHECKSUM_BITS + VERSION_BITS + HASH_BITS:
        raise ShareCodeError(f"not a share code: {len(code)} characters is too short (truncated?)")
    body_length = length - CHECKSUM_BITS - VERSION_BITS
    body = value & ((1 << body_length) - 1)
    version = (value >> body_length) & ((1 << VERSION_BITS) - 1)
    damaged = value >> (body_length + VERSION_BITS) != checksum(body, body_length)
    kind = None if damaged else extended_kind(version, body, body_length)
    expected = WHAT.get(formats[0]) or KINDS[0][0]
    if kind is not None and EXTENDED_FORMAT not in formats:
        what, how = KINDS.get(kind, (f"a code of a kind ({kind}) this Warbench does not know", "made by a newer one"))
        raise ShareCodeError(f"this is {what}, not {expected}: {how}")
    if damaged and (version in WHAT or 0 < version < CODE_FORMAT):  # older formats have the same checksum
        raise ShareCodeError("the share code is damaged or mistyped (its checksum does not match)")
    if version in WHAT and version not in formats:
        what = WHAT[version]
        if what == expected:
            raise ShareCodeError(
                f"{what} in format {version}, which this Warbench does not read (made by a newer Warbench, or mistyped)"
            )
        raise ShareCodeError(f"this is {what}, not {expected}: {OPENED_WITH[version]}")
    if version not in formats:
        source = (
            "an older Warbench: ask for a new code" if 0 < version < CODE_FORMAT else "a newer Warbench, or mistyped"
        )
        raise ShareCodeError(
            f"the share code is in format {version}; this Warbench reads format {formats[0]} (made by {source})"
        )
    if value >> (body_length + VERSION_BITS) != checksum(body, body_length):
        raise ShareCodeError("the share code is damaged or mistyped (its checksum does not match)")
    return version, BitReader(body, body_length, version)


def is_whole_code(text: str) -> bool:
    """Whether a text is by itself a code of a format this Warbench reads, its checksum right."""
    try:
        open_any(text, (*WHAT, EXTENDED_FORMAT))
    except ShareCodeError:
        return False
    return True


def extended_kind(version: int, body: int, length: int) -> int | None:
    """The kind an extended code names after its escape, else None (another format, or an old roster code)."""
    if version != EXTENDED_FORMAT or length <= ESCAPE_BITS or body >> (length - ESCAPE_BITS):
        return None
    reader = BitReader(body, length)
    reader.bits(ESCAPE_BITS)
    try:
        return reader.number("kind")
    except ShareCodeError:
        return None


def finish(reader: BitReader) -> None:
    """Refuse anything after the last field but the zero padding of the last character."""
    if reader.remaining >= 5 or reader.bits(reader.remaining):
        raise ShareCodeError("the share code has trailing data after the roster (damaged code)")


def write_header(writer: BitWriter, catalogue: CatalogueHeader) -> None:
    """Catalogue id (a small number for bundled ones), revision, content hash."""
    if len(catalogue.content_hash) != HASH_BYTES * 2:
        raise ShareCodeError(f"catalogue '{catalogue.id}' has no content hash (it was not loaded from a file)")
    if catalogue.id in bundled_numbers():
        writer.number(bundled_numbers()[catalogue.id], "catalogue")
    else:
        writer.number(0, "catalogue")
        writer.slug(catalogue.id, "catalogue id")
    writer.number(catalogue.revision - 1, "catalogue revision")
    writer.bits(int(catalogue.content_hash[:HASH_HEX], 16), HASH_BITS)


@dataclass(frozen=True)
class Header:
    """What a code says about the catalogue it was made with."""

    catalogue_id: str
    revision: int
    content_hash: str


def read_header(reader: BitReader) -> Header:
    number = reader.number("catalogue")
    by_number = {n: catalogue_id for catalogue_id, n in bundled_numbers().items()}
    if number == 0:
        catalogue_id = reader.slug("catalogue id")
    elif number in by_number:
        catalogue_id = by_number[number]
    else:
        raise ShareCodeError(
            f"the share code names bundled catalogue number {number}, which this Warbench "
            "does not have (made by a newer Warbench?)"
        )
    revision = reader.number("catalogue revision") + 1
    content_hash = f"{reader.bits(HASH_BITS):0{HASH_HEX}x}"
    return Header(catalogue_id, revision, content_hash)


def is_bundled(catalogue: CatalogueHeader) -> bool:
    """Whether the catalogue is one Warbench ships, unchanged (every Warbench can read codes made with it)."""
    if catalogue.id not in bundled_numbers():
        return False
    try:
        return load_catalogue(catalogue.id).content_hash == catalogue.content_hash
    except CatalogueError:
        return False


def resolve_catalogue(header: Header) -> CatalogueHeader:
    """The local catalogue the code was made with: same id, same revision, same content."""
    try:
        catalogue = load_catalogue(header.catalogue_id)
    except CatalogueError as exc:
        raise ShareCodeError(
            f"the share code needs catalogue '{header.catalogue_id}' revision {header.revision}, "
            f"which cannot be loaded here: {exc}"
        ) from None
    if catalogue.revision != header.revision:
        raise ShareCodeError(
            f"needs catalogue '{header.catalogue_id}' revision {header.revision}; "
            f"you have revision {catalogue.revision}"
        )
    if catalogue.content_hash[:HASH_HEX] != header.content_hash:
        raise ShareCodeError(
            f"needs catalogue '{header.catalogue_id}' revision {header.revision} with content hash "
            f"{header.content_hash}; yours has the same revision but hash {catalogue.content_hash[:HASH_HEX]} "
            "(an edited copy?)"
        )
    return catalogue
