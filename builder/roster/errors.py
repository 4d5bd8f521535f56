"""The error of a roster file that cannot be read (shown as one line, exit code 2 on the command line)."""

from __future__ import annotations

from catalog.errors import WarbenchError


class RosterFileError(WarbenchError):
    """A roster file is missing, unreadable, malformed or names ids its catalogue does not have."""
