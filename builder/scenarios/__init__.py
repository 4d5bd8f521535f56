"""Scenarios by id across every game, and rolling them (and their charts) the way each book rolls them."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from builder.game import GAMES, game
from catalog.scenarios import Chart, ChartRow, Scenario, ScenarioBook, ScenarioError
from catalog.wording import shown

MAX_REROLLS = 8
"""Rolls again on one chart before giving up (a chart whose every row is excluded)."""


def books(game_id: str | None = None) -> list[ScenarioBook]:
    """Every game's scenario book, or one game's (ScenarioError names the known games)."""
    if game_id is not None and game_id not in GAMES:
        raise ScenarioError(f"unknown game {shown(game_id)} (expected one of {', '.join(GAMES)})")
    return [game(g).scenarios for g in ((game_id,) if game_id else GAMES)]


def find_scenario(scenario_id: str, game_id: str | None = None) -> Scenario:
    """The scenario with this id (in `game_id`'s book when given); ScenarioError says which ids there are."""
    for book in books(game_id):
        for scenario in book.scenarios:
            if scenario.id == scenario_id:
                return scenario
    where = f"for {game(game_id).name}" if game_id else "in any game"
    known = ", ".join(s.id for b in books(game_id) for s in b.scenarios)
    raise ScenarioError(f"no scenario {shown(scenario_id)} {where} (known: {known})")


def scenario_named(words: str, game_id: str | None = None) -> Scenario:
    """The scenario a player names on the command line: by its id, or by its id or name in any case ("Boiling
    Point", "BOILING-POINT"); ScenarioError says which ids there are, as `find_scenario` does."""
    wanted = " ".join(words.split()).casefold()
    named = {
        (s.game, s.id): s
        for b in books(game_id)
        for s in b.scenarios
        if wanted in (s.id, " ".join(s.name.split()).casefold())
    }
    if len(named) > 1:
        ids = ", ".join(f"{s.id} ({game(s.game).short_name})" for s in named.values())
        raise ScenarioError(f"{shown(words)} names a scenario of several games: {ids} (give the game's roster)")
    return next(iter(named.values()), None) or find_scenario(words, game_id)


def find_chart(book: ScenarioBook, chart_id: str) -> Chart:
    for chart in book.charts:
        if chart.id == chart_id:
            return chart
    known = ", ".join(c.id for c in book.charts)
    raise ScenarioError(f"{game(book.game).name} has no chart {shown(chart_id)} (charts: {known})")


def default_chart(book: ScenarioBook) -> Chart:
    """The chart a game's scenario is rolled on when no other is named: the first one a scenario names."""
    named = [s.chart for s in book.scenarios if s.chart and s.chart != "matrix"]
    return find_chart(book, named[0])


@dataclass(frozen=True)
class Rolled:
    """One roll on a chart: the dice, the row they landed on, and what rolling on from it gave."""

    chart: Chart
    dice: tuple[int, ...]
    row: ChartRow
    then: tuple[Rolled, ...] = ()

    @property
    def total(self) -> int:
        return sum(self.dice)

    def as_dict(self) -> dict[str, Any]:
        return {
            "chart": self.chart.id,
            "dice": list(self.dice),
            "roll": self.total,
            "result": self.row.result,
            "text": self.row.text,
            "then": [r.as_dict() for r in self.then],
        }


def roll_dice(dice: str, rng: random.Random) -> tuple[int, ...]:
    if dice == "d3":
        return (rng.randint(1, 3),)
    return tuple(rng.randint(1, 6) for _ in range(2 if dice == "2d6" else 1))


def roll_chart(book: ScenarioBook, chart: Chart, rng: random.Random, skip: frozenset[str] = frozenset()) -> Rolled:
    """Roll on a chart: rows that say so roll again (War Torn twice more, never on itself; a recon result on its
    own table). Rows in `skip` are rolled again."""
    for _ in range(MAX_REROLLS * 10):
        dice = roll_dice(chart.dice, rng)
        row = next((r for r in chart.rows if sum(dice) in r.roll), None)
        if row is not None and row.result not in skip:
            break
    else:
        raise ScenarioError(f"{chart.id}: no row can be rolled")
    then: list[Rolled] = []
    if row.table:
        then.append(roll_chart(book, find_chart(book, row.table), rng))
    then += [roll_chart(book, chart, rng, skip | {row.result}) for _ in range(row.reroll)]
    return Rolled(chart, dice, row, tuple(then))


def scenario_of(book: ScenarioBook, rolled: Rolled) -> Scenario | None:
    """The scenario a roll landed on, following rolls again (None: the roll names an effect)."""
    for scenario in book.scenarios:
        if scenario.id == rolled.row.result:
            return scenario
    return next((found for r in rolled.then if (found := scenario_of(book, r))), None)


ATTACKS_FIRST = ("assault", "scout", "resupply", "rally")
"""Which operation is red (attacker) in a frontier pairing: an Assault; otherwise the earlier of the others."""


@dataclass(frozen=True)
class Pairing:
    """A frontier game from two operations: its scenario, and which of the two is red (None: the scenario says)."""

    scenario: Scenario
    operations: tuple[str, str]
    attacker: int | None


def from_matrix(book: ScenarioBook, ours: str, theirs: str) -> Pairing:
    """The scenario the operations matrix gives two operations, and which one attacks."""
    matrix = book.matrix
    if matrix is None:
        raise ScenarioError(f"{game(book.game).name} has no operations matrix")
    for op in (ours, theirs):
        if op not in matrix.operations:
            raise ScenarioError(f"unknown operation {op!r} (expected one of {', '.join(matrix.operations)})")
    scenario_id = matrix.scenarios[matrix.operations.index(ours)][matrix.operations.index(theirs)]
    attacker = None if ours == theirs else (0 if ATTACKS_FIRST.index(ours) < ATTACKS_FIRST.index(theirs) else 1)
    return Pairing(find_scenario(scenario_id, book.game), (ours, theirs), attacker)


__all__ = [
    "Pairing",
    "Rolled",
    "books",
    "default_chart",
    "find_chart",
    "find_scenario",
    "from_matrix",
    "roll_chart",
    "scenario_named",
    "scenario_of",
]
