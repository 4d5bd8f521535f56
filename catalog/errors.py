"""The errors Warbench reports to a user as one clear line (and exit code 2 on the command line)."""

from __future__ import annotations


class WarbenchError(Exception):
    """Base of every error that is the user's input, not a bug: shown as one line, never a traceback."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.problems = problems or []

    def __str__(self) -> str:
        return self.message


class CatalogueError(WarbenchError):
    """A catalogue file is missing, unreadable or breaks the catalogue format (every problem listed)."""


class RosterFileError(WarbenchError):
    """A roster file is missing, unreadable, malformed or names ids its catalogue does not have."""


class ShareCodeError(WarbenchError):
    """A share code or QR image cannot be decoded into exactly the roster that was encoded."""


class ExportError(WarbenchError):
    """An export could not be written (bad path, unwritable target, missing font)."""
