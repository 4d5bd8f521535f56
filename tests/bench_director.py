"""Benchmark the enemy's director: a stage of twelve enemy units (Guards in a chain, every tactic) against a party
of eight units, the orders for one game turn made from the table state.

Run: `python tests/bench_director.py` (median of 200 against the 50 ms goal); `--quick` directs 5 turns, as the
suite does.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from builder.games.warsurge.narrative.director import direct
from builder.games.warsurge.narrative.model import Stage
from builder.games.warsurge.narrative.table import EnemyView, PlayerUnit, SeededDice, TableState

TACTICS = ["aggressive", "focused", "point-value-high", "point-value-low", "coward", "destroyer", "threat", "random"]
WEAPONS = [
    {"id": "rifle", "name": "Rifle", "range": 24, "attacks": 1, "power": 4, "type": "battle"},
    {"id": "claws", "name": "Claws", "range": 0, "attacks": 3, "power": 6, "ap": 3, "type": "assault"},
]


def stage() -> Stage:
    """Twelve enemy units: eight of the tactics, and four Guards who see each other in a chain."""
    enemies = []
    for n, tactic in enumerate(TACTICS):
        unit = {"id": f"enemy-{n}", "name": f"Enemy {n}", "move": 6, "dash": 6, "defence": 3, "hp": 2}
        extra = {"random": ["aggressive", "coward", "threat"]} if tactic == "random" else {}
        enemies.append({"letter": "ABCDEFGH"[n], "unit": unit, "weapons": WEAPONS, "tactic": tactic, **extra})
    guard = {"id": "guard", "name": "Guard", "move": 6, "dash": 6, "defence": 3, "hp": 1}
    enemies.append(
        {
            "letter": "L",
            "unit": guard,
            "weapons": WEAPONS[:1],
            "units": 4,
            "tactic": "aggressive",
            "guard": {"role": "lookout", "detection": 12},
        }
    )
    return Stage.model_validate(
        {"id": "bench", "title": "Bench", "introduction": "", "objectives": ["x"], "enemies": enemies}
    )


def table() -> TableState:
    players = [
        PlayerUnit(
            name=f"Unit {n}",
            hp=1 + n % 4,
            points=50.0 + 10 * (n % 3),
            armour=3 + n % 4,
            defence=2 + n % 5,
            moved="move",
            healed=2 if n % 5 == 0 else 0,
        )
        for n in range(8)
    ]
    names = [p.name for p in players]
    views = [
        EnemyView(
            id=f"{letter}1",
            distance={name: float(6 + (n * 7 + i * 3) % 30) for i, name in enumerate(names)},
            sight=names[n % 3 :],
            damage_from={names[(n + 1) % 8]: n % 4},
        )
        for n, letter in enumerate("ABCDEFGH")
    ]
    views += [
        EnemyView(
            id=f"L{n}",
            distance=dict.fromkeys(names, 10.0 + 8 * (n - 1)),
            sight=names,
            sees={f"L{n - 1}": 9.0} if n > 1 else {},
        )
        for n in range(1, 5)
    ]
    return TableState(turn=2, players=players, enemies=views)


def main(quick: bool = False) -> None:
    """The median time for one turn's orders; `quick` directs five turns."""
    the_stage, the_table = stage(), table()
    repeats = 5 if quick else 200
    times = []
    for n in range(repeats):
        began = time.perf_counter()
        direction = direct(the_stage, the_table, SeededDice(n))
        times.append(1000 * (time.perf_counter() - began))
    assert len(direction.orders) == 12 and direction.activated, "every enemy unit gets an order; the Guards activate"
    print(f"12 enemy units, 8 player units: orders for a turn: median {statistics.median(times):.2f} ms (goal ≤ 50 ms)")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
