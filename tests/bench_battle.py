"""Benchmark a battle at the table: key press → every unit's state, both sides' points and the screen updated.

Run: `python tests/bench_battle.py` (not part of the pass/fail suite; prints figures against the 50 ms goal).
Headless, 80×24, on a battle of the largest Warsurge roster against the largest Warcaster-sized Warsurge force.
"""

from __future__ import annotations

import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
PRESSES = 60


async def measure(roster: Path) -> list[float]:
    from builder.battles import new_battle
    from builder.tui.app import make_app

    folder = Path(tempfile.mkdtemp())
    shutil.copy(roster, folder / roster.name)
    battle = folder / "battle.toml"
    new_battle(folder / roster.name, str(folder / roster.name), battle)
    app = make_app(battle, data_dir=folder / "data")
    handled, round_trip = [], []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        done_at: list[float] = []
        original = screen.refresh_view

        def refresh_view() -> None:
            original()
            done_at.append(time.perf_counter())

        screen.refresh_view = refresh_view  # the mark is made, replayed, and both sides' panes and totals set
        for n in range(PRESSES):
            done_at.clear()
            start = time.perf_counter()
            await pilot.press("minus" if n % 2 == 0 else "plus")
            end = time.perf_counter()
            handled.append(1000 * (done_at[0] - start))
            round_trip.append(1000 * (end - start))
    return handled[10:], round_trip[10:]


def main() -> None:
    for name in (
        "warsurge-largest.toml",
        "warcaster-largest.toml",
        "mcwarrior-largest.toml",
        "warmachine-largest.toml",
    ):
        handled, round_trip = asyncio.run(measure(REPO / "tests" / "fixtures" / "rosters" / name))
        print(
            f"{name:<26} key → totals updated: median {statistics.median(handled):5.1f} ms, slowest "
            f"{max(handled):5.1f} ms (goal ≤ 50 ms); Pilot press returned: median "
            f"{statistics.median(round_trip):5.1f} ms (includes the Pilot's own waits for idle)"
        )


if __name__ == "__main__":
    main()
