"""Benchmark scoring under a scenario: the key that records VP → VP, the winner and the screen updated.

Run: `python tests/bench_scenario.py` (prints figures against the 50 ms goal; `--quick` scores twice on a short
record, as the suite does). Headless, 80×24: the largest Warmachine roster against itself under First Blood with
200 turns' scoring already recorded, and the largest McWarrior warband under King Of The Hill (each press scores
0: the game never ends, so every press is measured).
"""

from __future__ import annotations

import asyncio
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from benching import RefreshClock

GAMES = (
    ("warmachine-largest.toml", "first-blood", 200),
    ("mcwarrior-largest.toml", "king-of-the-hill", 0),
)


async def measure(roster: Path, scenario: str, events: int, presses: int, warm_up: int) -> list[float]:
    """Key → VP recorded and shown, in ms, for `presses` scorings after `warm_up` untimed ones."""
    from builder.battles import new_battle, read_battle, write_battle
    from builder.scenarios import edits
    from builder.tui.app import make_app

    handled = []
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        shutil.copy(roster, folder / roster.name)
        path = folder / "battle.toml"
        new_battle(folder / roster.name, str(folder / roster.name), path, scenario=scenario)
        battle = read_battle(path).model_copy(update={"turn": 2})
        for n in range(events):
            battle = edits.score(battle, n % 2, 0)
        write_battle(path, battle)
        app = make_app(path, data_dir=folder / "data")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            clock = RefreshClock(screen, f"{roster.name} under {scenario}")
            for n in range(warm_up + presses):
                await pilot.press("v", "down" if n % 2 else "enter")
                if n % 2:
                    await pilot.press("enter")
                times = await clock.press(
                    pilot, "enter", lambda: screen.session.result.battle.play, "the recorded scoring"
                )  # the amount: 0 VP
                if n >= warm_up:
                    handled.append(times[0])
    return handled


def main(quick: bool = False) -> None:
    """Each scenario's figures; `quick` scores once for each side on a record of 4 turns, with no warm-up."""
    presses, warm_up = (2, 0) if quick else (35, 5)
    for name, scenario, events in GAMES:
        roster = REPO / "tests" / "fixtures" / "rosters" / name
        handled = asyncio.run(measure(roster, scenario, min(events, 4) if quick else events, presses, warm_up))
        print(
            f"{name:<26} {scenario:<16} key → VP and winner updated: median {statistics.median(handled):5.1f} ms, "
            f"slowest {max(handled):5.1f} ms (goal ≤ 50 ms)"
        )


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
