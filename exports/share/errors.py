"""The error of a share code or QR picture that cannot be decoded (one line, exit code 2 on the command line)."""

from __future__ import annotations

from catalog.errors import WarbenchError


class ShareCodeError(WarbenchError):
    """A share code or QR image cannot be decoded into exactly the roster that was encoded."""
