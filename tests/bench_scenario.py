"""Benchmark a battle under a scenario: the key that records VP (or the next turn) → VP, turn and winner updated,
and a long battle replayed from its file.

Run: `python tests/bench_scenario.py` (prints figures against the goals; `--quick` scores once on a short record and
replays once, as the suite does). Headless, 80×24: the largest Warmachine roster against itself under First Blood
with 194 player turns' scoring already recorded (each press scores 0 for the player whose turn it is), the largest
McWarrior warband under King Of The Hill, and four players of it in two teams (each press scores 0: the game never
ends, so every press is measured; then `n` moves the round). Last, a four-player King Of The Hill of 400 events
replayed from its file, rosters read (goal ≤ 100 ms).
"""

from __future__ import annotations

import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from benching import RefreshClock


class Table(NamedTuple):
    roster: str
    scenario: str
    events: int
    """Scorings recorded before the screen opens."""
    sides: int = 2


GAMES = (
    Table("warmachine-largest.toml", "first-blood", 194),
    Table("mcwarrior-largest.toml", "king-of-the-hill", 0),
    Table("mcwarrior-largest.toml", "king-of-the-hill", 0, sides=4),
)
REPLAYED_EVENTS = 400


def battle_file(folder: Path, table: Table, events: int) -> Path:
    """The battle under the table's scenario with `events` scorings of 0 VP recorded, each at its moment: by the
    player whose turn it is (Warmachine, from the defender's second turn), or by each side in turn, four a round."""
    from builder.battles import new_battle, read_battle, write_battle
    from builder.game import game
    from builder.scenarios import edits
    from builder.scenarios.record import ScenarioPlay

    source = REPO / "tests" / "fixtures" / "rosters" / table.roster
    shutil.copy(source, folder / table.roster)
    path = folder / "battle.toml"
    names = ["Anna", "Cai", "Ben", "Dee"][: table.sides]
    teams = [[0, 2], [1, 3]] if table.sides == 4 else []
    play = ScenarioPlay(players=names, teams=teams, attacker=0 if table.roster.startswith("warmachine") else None)
    roster = str(folder / table.roster)
    new_battle(folder / table.roster, [roster] * (table.sides - 1), path, scenario=table.scenario, play=play)
    battle = read_battle(path)
    turns = game(battle.game).turns
    battle = battle.model_copy(update={"turn": 2, "step": 1 if turns.player_turns else 0})  # the defender's 2nd turn
    for n in range(events):
        moment = battle.moment()
        battle = edits.score(battle, moment.turn if moment.turn is not None else n % table.sides, 0)
        if moment.turn is not None or n % table.sides == table.sides - 1:
            round_, step = turns.after(battle.turn, battle.step, battle.seats, battle.first_player)
            battle = battle.model_copy(update={"turn": min(round_, 99), "step": step})
    write_battle(path, battle)
    return path


async def measure(table: Table, events: int, presses: int, warm_up: int) -> tuple[list[float], list[float]]:
    """Key → VP recorded and shown, then `n` → the next turn shown, in ms, for `presses` of each after `warm_up`
    untimed ones."""
    from builder.tui.app import make_app

    scored, turned = [], []
    with tempfile.TemporaryDirectory() as temporary:
        path = battle_file(Path(temporary), table, events)
        app = make_app(path, data_dir=Path(temporary) / "data")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            clock = RefreshClock(screen, f"{table.roster} under {table.scenario}")
            for n in range(warm_up + presses):
                owner = screen.session.result.moment.turn
                await pilot.press("v", *["down"] * (n % table.sides if owner is None else owner))
                await pilot.press("enter")
                times = await clock.press(
                    pilot, "enter", lambda: screen.session.result.battle.play, "the recorded scoring"
                )  # the amount: 0 VP
                if n >= warm_up:
                    scored.append(times[0])
            for n in range(warm_up + presses):
                times = await clock.press(pilot, "n", lambda: screen.session.result.turn(), "the turn")
                if n >= warm_up:
                    turned.append(times[0])
    return scored, turned


def replayed(events: int, runs: int) -> list[float]:
    """A four-player King Of The Hill of `events` scorings replayed from its file, rosters read, in ms."""
    from builder.battles import replay_battle_file

    with tempfile.TemporaryDirectory() as temporary:
        path = battle_file(Path(temporary), GAMES[2], events)
        replay_battle_file(path)  # the catalogue loaded once, as in any running Warbench
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            result = replay_battle_file(path)
            times.append(1000 * (time.perf_counter() - start))
        assert len(result.battle.play.events) == events and result.valid, result.findings[:1]
    return times


def main(quick: bool = False) -> None:
    """Each scenario's figures; `quick` scores once and moves the turn once on a record of 4 turns, with no warm-up,
    and replays the long battle once: the least that runs every step to its figure."""
    presses, warm_up = (1, 0) if quick else (35, 5)
    for table in GAMES:
        scored, turned = asyncio.run(measure(table, min(table.events, 4) if quick else table.events, presses, warm_up))
        label = f"{table.roster}{f' ×{table.sides}' if table.sides > 2 else ''}"
        print(
            f"{label:<26} {table.scenario:<16} key → VP and winner updated: median {statistics.median(scored):5.1f} ms, "
            f"slowest {max(scored):5.1f} ms; n → turn updated: median {statistics.median(turned):5.1f} ms "
            "(goal ≤ 50 ms)"
        )
    times = replayed(REPLAYED_EVENTS, 1 if quick else 20)
    print(
        f"{REPLAYED_EVENTS}-event battle (4 players) replayed from its file: median {statistics.median(times):5.1f} ms, "
        f"slowest {max(times):5.1f} ms (goal ≤ 100 ms)"
    )


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
