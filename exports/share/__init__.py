"""Share codes: a roster as short Base32 text (and a QR code) that names its catalogue exactly."""

from __future__ import annotations

from exports.share.envelope import MAX_CODE_CHARS
from exports.share.roster_code import decode_share_code, encode_roster

__all__ = ["MAX_CODE_CHARS", "decode_share_code", "encode_roster"]
