"""A roster's code with profiles too long for one QR: numbered parts like a catalogue's code, and joined back."""

from __future__ import annotations

from builder.roster.common import RosterBase
from builder.roster.files import LoadedRoster
from catalog.models.common import CatalogueHeader
from exports.share.catalogue_code import MAX_CATALOGUE_CHARS, join, split
from exports.share.codec import carries_profiles
from exports.share.envelope import CATALOGUE_FORMAT, ROSTER_FORMATS, is_bundled, open_any
from exports.share.errors import ShareCodeError
from exports.share.roster_code import code_with_profiles, decode_share_code, encode_roster, read_share_code

WHAT = "roster's share code"


def roster_parts(roster: RosterBase, catalogue: CatalogueHeader, *, with_notes: bool = False) -> list[str]:
    """The roster's code as it is shown: one code when it fits (with its profiles, or plain for a bundled
    catalogue), else the code with its profiles in numbered parts ("1/7 …"); the plain code only when even parts
    cannot hold them."""
    code = encode_roster(roster, catalogue, with_notes=with_notes)
    if is_bundled(catalogue) or carries_profiles(code):
        return [code]
    long = code_with_profiles(roster, catalogue, with_notes=with_notes)
    return split(long) if len(long) <= MAX_CATALOGUE_CHARS else [code]


def holds_roster(texts: list[str]) -> bool:
    """Whether numbered parts (across these texts) join into a roster's code rather than a catalogue's; False for
    parts that do not join (reading them as a catalogue's says why)."""
    try:
        version, _ = open_any(join("\n".join(texts)), (CATALOGUE_FORMAT, *ROSTER_FORMATS), MAX_CATALOGUE_CHARS)
    except ShareCodeError:
        return False
    return version in ROSTER_FORMATS


def decode_roster_parts(texts: list[str]) -> LoadedRoster:
    """The roster in a code given in numbered parts (in any order, across these texts), its profiles installed
    as `decode_share_code` does."""
    return decode_share_code(join("\n".join(texts), WHAT), MAX_CATALOGUE_CHARS)


def check_roster_parts(texts: list[str]) -> None:
    """Raise the ShareCodeError reading these parts would raise, without installing anything."""
    read_share_code(join("\n".join(texts), WHAT), MAX_CATALOGUE_CHARS)
