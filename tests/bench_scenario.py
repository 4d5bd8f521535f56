"""Benchmark scoring under a scenario: the key that records VP → VP, the winner and the screen updated.

Run: `python tests/bench_scenario.py` (not part of the pass/fail suite; prints figures against the 50 ms goal).
Headless, 80×24: the largest Warmachine roster against itself under First Blood with 200 turns' scoring
already recorded, and the largest McWarrior warband under King Of The Hill (each press scores 0: the game
never ends, so every press is measured).
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
PRESSES = 40


async def measure(roster: Path, scenario: str, events: int) -> list[float]:
    from builder.battles import new_battle, read_battle, write_battle
    from builder.scenarios import edits
    from builder.tui.app import make_app

    folder = Path(tempfile.mkdtemp())
    shutil.copy(roster, folder / roster.name)
    path = folder / "battle.toml"
    new_battle(folder / roster.name, str(folder / roster.name), path, scenario=scenario)
    battle = read_battle(path).model_copy(update={"turn": 2})
    for n in range(events):
        battle = edits.score(battle, n % 2, 0)
    write_battle(path, battle)
    app = make_app(path, data_dir=folder / "data")
    handled = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        done_at: list[float] = []
        original = screen.refresh_view

        def refresh_view() -> None:
            original()
            done_at.append(time.perf_counter())

        screen.refresh_view = refresh_view
        for n in range(PRESSES):
            await pilot.press("v", "down" if n % 2 else "enter")
            if n % 2:
                await pilot.press("enter")
            done_at.clear()
            start = time.perf_counter()
            await pilot.press("enter")  # the amount: 0 VP
            handled.append(1000 * (done_at[0] - start))
    return handled[5:]


def main() -> None:
    for name, scenario, events in (
        ("warmachine-largest.toml", "first-blood", 200),
        ("mcwarrior-largest.toml", "king-of-the-hill", 0),
    ):
        handled = asyncio.run(measure(REPO / "tests" / "fixtures" / "rosters" / name, scenario, events))
        print(
            f"{name:<26} {scenario:<16} key → VP and winner updated: median {statistics.median(handled):5.1f} ms, "
            f"slowest {max(handled):5.1f} ms (goal ≤ 50 ms)"
        )


if __name__ == "__main__":
    main()
