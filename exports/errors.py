"""The error of an export that cannot be written (one line, exit code 2 on the command line)."""

from __future__ import annotations

from catalog.errors import WarbenchError


class ExportError(WarbenchError):
    """An export could not be written (bad path, unwritable target, missing font)."""
