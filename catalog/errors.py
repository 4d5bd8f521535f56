"""The base of every error Warbench reports to a user as one clear line (exit code 2 on the command line), and
the catalogue's own; each other error sits beside what raises it."""

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
