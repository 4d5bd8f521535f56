"""A bounded edit history of roster snapshots, for undo and redo."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

HISTORY_LIMIT = 200
"""How many changes every session can undo (rosters, catalogues, leagues, campaigns, battles)."""


class History(Generic[T]):
    """Undo and redo stacks of (snapshot, label); a new change clears the redo stack."""

    def __init__(self, limit: int = HISTORY_LIMIT) -> None:
        self._undo: deque[tuple[T, str]] = deque(maxlen=limit)
        self._redo: list[tuple[T, str]] = []

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def push(self, before: T, label: str) -> None:
        """Record the state before a change called `label`."""
        self._undo.append((before, label))
        self._redo.clear()

    def undo(self, current: T) -> tuple[T, str] | None:
        """The state before the last change (current goes on the redo stack), or None."""
        if not self._undo:
            return None
        before, label = self._undo.pop()
        self._redo.append((current, label))
        return before, label

    def redo(self, current: T) -> tuple[T, str] | None:
        """The state after the last undone change, or None."""
        if not self._redo:
            return None
        after, label = self._redo.pop()
        self._undo.append((current, label))
        return after, label

    def map(self, change: Callable[[T], T]) -> None:
        """Apply `change` to every snapshot kept (a document saved elsewhere: each one rewritten to match)."""
        self._undo = deque(((change(state), label) for state, label in self._undo), maxlen=self._undo.maxlen)
        self._redo = [(change(state), label) for state, label in self._redo]
