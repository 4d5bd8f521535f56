"""What the app asks of a screen with a file open before it closes the screen or quits: the one contract the roster
editor, the catalogue editor and the league, campaign and battle screens keep."""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class OpenDocument(Protocol):
    """A screen holding a roster, catalogue or ledger that may have unsaved changes."""

    @property
    def dirty(self) -> bool:
        """Changed since it was last saved."""
        ...

    @property
    def document_name(self) -> str:
        """Its name, for the question about unsaved changes."""
        ...

    async def save(self) -> bool:
        """Save it (asking what the save needs); False: not saved."""
        ...

    def discard_changes(self) -> None:
        """The player chose not to keep the unsaved changes: drop their recovery file."""
        ...
