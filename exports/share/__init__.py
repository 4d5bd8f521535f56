"""Share codes: a roster as short Base32 text (and a QR code) that names its catalogue exactly."""

from __future__ import annotations

from exports.share.codec import decode_share_code, encode_roster
from exports.share.envelope import MAX_CODE_CHARS

__all__ = ["MAX_CODE_CHARS", "decode_share_code", "encode_roster"]
