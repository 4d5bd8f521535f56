"""Benchmark a battle at the table: key press → every unit's state, both sides' points and the screen updated.

Run: `python tests/bench_battle.py` (prints figures against the 50 ms goal; `--quick` presses once per roster, as
the suite does). Headless, 80×24, each largest roster against itself, pressing the keys its game is played with
today: Warsurge and Warmachine damage and heal a unit's boxes (`-`, `+`), McWarrior runs a mech hot and cools it
(`]`, `[`), Warcaster deploys the unit first (`p`: it starts in reserve) and then damages and heals it.
"""

from __future__ import annotations

import asyncio
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from benching import RefreshClock


class Play(NamedTuple):
    """A roster and the keys it is played with: `setup` once, then `keys` in turn, each timed."""

    roster: str
    keys: tuple[str, str]
    setup: tuple[str, ...] = ()


BOXES = ("minus", "plus")
SHOWN = {"minus": "-", "plus": "+", "right_square_bracket": "]", "left_square_bracket": "["}
"""How a key is written in the figures."""
PLAYS = (
    Play("warsurge-largest.toml", BOXES),
    Play("warcaster-largest.toml", BOXES, setup=("p",)),
    Play("mcwarrior-largest.toml", ("right_square_bracket", "left_square_bracket")),
    Play("warmachine-largest.toml", BOXES),
)


async def measure(play: Play, presses: int, warm_up: int) -> tuple[list[float], list[float]]:
    """Key → refreshed, and key → Pilot returned, in ms, for `presses` presses after `warm_up` untimed ones."""
    from builder.battles import new_battle
    from builder.tui.app import make_app

    handled, round_trip = [], []
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        roster = folder / play.roster
        shutil.copy(REPO / "tests" / "fixtures" / "rosters" / play.roster, roster)
        battle = folder / "battle.toml"
        new_battle(roster, str(roster), battle)
        app = make_app(battle, data_dir=folder / "data")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            clock = RefreshClock(screen, play.roster)

            def highlighted():
                chosen = screen.selected()
                assert chosen is not None, f"{play.roster}: no unit is highlighted"
                side, index = chosen
                return screen.session.result.sides[side].states[index]

            for key in play.setup:
                await clock.press(pilot, key, highlighted, "the highlighted unit")
            for n in range(warm_up + presses):
                key = play.keys[n % 2]
                times = await clock.press(pilot, key, highlighted, "the highlighted unit")
                if n >= warm_up:
                    handled.append(times[0])
                    round_trip.append(times[1])
    return handled, round_trip


def main(quick: bool = False) -> None:
    """Every roster's figures; `quick` presses each roster's first key once (after its setup), with no warm-up."""
    presses, warm_up = (1, 0) if quick else (50, 10)
    for play in PLAYS:
        handled, round_trip = asyncio.run(measure(play, presses, warm_up))
        keys = " ".join(SHOWN.get(key, key) for key in (*play.setup, *play.keys))
        print(
            f"{play.roster:<26} {keys:<5} key → totals updated: median {statistics.median(handled):5.1f} ms, "
            f"slowest {max(handled):5.1f} ms (goal ≤ 50 ms); Pilot press returned: median "
            f"{statistics.median(round_trip):5.1f} ms (includes the Pilot's own waits for idle)"
        )


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
