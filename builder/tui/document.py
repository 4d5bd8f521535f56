"""What the app asks of a screen with a file open before it closes the screen or quits: the one contract the roster
editor, the catalogue editor and the league, campaign and battle screens keep."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from builder.editing.document import DocumentSession


@runtime_checkable
class OpenDocument(Protocol):
    """A screen holding a roster, catalogue or ledger session that may have unsaved changes."""

    @property
    def open_session(self) -> DocumentSession[Any] | None:
        """The session of the document it shows (None while it is still loading)."""
        ...

    async def save(self) -> bool:
        """Save it (asking what the save needs); False: not saved."""
        ...


def unsaved(screen: object) -> DocumentSession[Any] | None:
    """The session of a screen's document when it has unsaved changes."""
    if isinstance(screen, OpenDocument) and (session := screen.open_session) is not None and session.dirty:
        return session
    return None
