"""What the battle benchmarks share: a key press timed until the battle screen is refreshed, refused when it did
nothing."""

from __future__ import annotations

import time
from collections.abc import Callable


class KeyDidNothing(RuntimeError):
    """A measured key left the screen unrefreshed or the battle as it was, so there is nothing to time."""


class RefreshClock:
    """Times a key press until the screen's `refresh_view` has run (the mark made, replayed, and both sides'
    panes and totals set), and checks that the press changed what it should."""

    def __init__(self, screen, label: str) -> None:
        self.label = label
        self.done_at: list[float] = []
        original = screen.refresh_view

        def refresh_view() -> None:
            original()
            self.done_at.append(time.perf_counter())

        screen.refresh_view = refresh_view

    async def press(self, pilot, key: str, look: Callable[[], object], what: str) -> tuple[float, float]:
        """Milliseconds from pressing `key` to the refresh, and to the Pilot's return; `look()` is `what` the key
        must change."""
        before = look()
        self.done_at.clear()
        start = time.perf_counter()
        await pilot.press(key)
        end = time.perf_counter()
        if not self.done_at:
            raise KeyDidNothing(f"{self.label}: {key!r} did not refresh the battle screen (refused, or not bound)")
        if look() == before:
            raise KeyDidNothing(f"{self.label}: {key!r} refreshed the screen but left {what} as it was")
        return 1000 * (self.done_at[0] - start), 1000 * (end - start)
