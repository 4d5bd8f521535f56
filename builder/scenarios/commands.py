"""`warbench scenario list [GAME] [--json]`, `scenario roll GAME [--chart ID] [--operations A B]`, `scenario show`."""

from __future__ import annotations

import argparse
import json
import random

from builder.game import game
from builder.scenarios import (
    books,
    default_chart,
    find_chart,
    find_scenario,
    from_matrix,
    roll_chart,
)
from builder.scenarios.text import (
    list_lines,
    pairing_lines,
    rolled_lines,
    scenario_dict,
    show_lines,
)


def run_list(args: argparse.Namespace) -> int:
    found = books(args.game)
    if args.json:
        print(
            json.dumps(
                {
                    "scenarios": [scenario_dict(s, b) for b in found for s in b.scenarios],
                    "charts": {b.game: [c.id for c in b.charts] for b in found},
                },
                ensure_ascii=True,
            )
        )
    else:
        print("\n".join(list_lines(found)))
    return 0


def run_show(args: argparse.Namespace) -> int:
    scenario = find_scenario(args.id)
    book = game(scenario.game).scenarios
    print(
        json.dumps(scenario_dict(scenario, book), ensure_ascii=True)
        if args.json
        else "\n".join(show_lines(scenario, book))
    )
    return 0


def run_roll(args: argparse.Namespace) -> int:
    book = books(args.game)[0]
    rng = random.Random(args.seed)
    if args.operations:
        pairing = from_matrix(book, *args.operations)
        if args.json:
            print(
                json.dumps(
                    {
                        "scenario": pairing.scenario.id,
                        "operations": list(pairing.operations),
                        "attacker": pairing.attacker,
                    }
                )
            )
        else:
            print("\n".join(pairing_lines(pairing)))
        return 0
    chart = find_chart(book, args.chart) if args.chart else default_chart(book)
    rolled = roll_chart(book, chart, rng)
    print(json.dumps(rolled.as_dict(), ensure_ascii=True) if args.json else "\n".join(rolled_lines(book, rolled)))
    return 0
