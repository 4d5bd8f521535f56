"""A frontier round's games beyond the grids: who attacks, and what a game's conditions gave its players."""

from __future__ import annotations

from dataclasses import replace

from builder.campaigns.frontier import (
    LOST_SUPPLY_CRATES,
    RESOURCES,
    FrontierGame,
    FrontierRound,
    Grid,
    Spent,
)
from builder.campaigns.ledger import check_player
from builder.findings import Finding, error
from builder.scenarios import Pairing


def red_player(
    grids: dict[str, Grid], game: FrontierGame, paired: Pairing | None, where: str
) -> tuple[str | None, Finding | None]:
    """The attacker: the matrix's, else Major Battle's player with more key territories, else the recorded
    roll-off; a recorded attacker the matrix or the territories contradict is `frontier/attacker`."""
    expected = None
    if paired is not None and paired.attacker is not None:
        expected = game.players[paired.attacker]
    elif paired is not None and paired.scenario.id == "major-battle":
        keys = [grids[name].key_territories for name in game.players]
        expected = game.players[keys.index(max(keys))] if keys[0] != keys[1] else None
    if game.attacker is not None and game.attacker not in game.players:
        return expected, error("frontier/attacker", f"{where}.attacker", f"{game.attacker} does not play this game")
    if expected is not None and game.attacker not in (None, expected):
        name = paired.scenario.name if paired else "this game"
        return expected, error(
            "frontier/attacker", f"{where}.attacker", f"{expected} attacks in {name}, not {game.attacker}"
        )
    return expected or game.attacker, None


def condition_findings(game: FrontierGame, where: str, round_number: int) -> list[Finding]:
    """`frontier/conditions`: each battlefield condition of a game is one of the frontier chart's."""
    from builder.game import game as game_of

    chart = next(c for c in game_of("warmachine").scenarios.charts if c.id == "frontier-conditions")
    known = [row.result for row in chart.rows]
    return [
        error(
            "frontier/conditions",
            f"{where}.conditions[{c}]",
            f"round {round_number}: no battlefield condition {name!r} on the frontier chart ({', '.join(known)})",
        )
        for c, name in enumerate(game.conditions)
        if name not in known
    ]


def gain(grids: dict[str, Grid], rnd: FrontierRound, r: int) -> tuple[dict[str, dict[str, int]], list[Finding]]:
    """Add what players gained during their game to their pools, before their spending is checked: only what a
    battlefield condition of their game gives (Lost Supplies: a Supply per crate, four crates at most)."""
    from builder.game import game as game_of

    chart = next(c for c in game_of("warmachine").scenarios.charts if c.id == "frontier-conditions")
    gives = {row.result: row.gains for row in chart.rows if row.gains}
    counted: dict[str, dict[str, int]] = {}
    found: list[Finding] = []
    for name, gained in rnd.gained.items():
        where = f"rounds[{r}].gained.{name}"
        check_player(name, list(grids), where)
        played = next((g for g in rnd.games if name in g.players), None)
        kinds = {gives[c] for c in (played.conditions if played else []) if c in gives}
        crates = sum(rnd.gained.get(p, Spent()).supply for p in (played.players if played else [name]))
        pool = dict(grids[name].resources)
        for kind in RESOURCES:
            amount = getattr(gained, kind)
            if not amount:
                continue
            if kind not in kinds:
                found.append(
                    error(
                        "frontier/gained",
                        f"{where}.{kind}",
                        f"round {r + 1}: {name} gains {amount} {kind}, but no condition of their game gives {kind}",
                    )
                )
            elif kind == "supply" and crates > LOST_SUPPLY_CRATES:
                found.append(
                    error(
                        "frontier/gained",
                        f"{where}.{kind}",
                        f"round {r + 1}: {crates} supply crates "
                        f"taken in one game; Lost Supplies drops {LOST_SUPPLY_CRATES} at most",
                    )
                )
            else:
                pool[kind] += amount
                counted.setdefault(name, {})[kind] = amount
        grids[name] = replace(grids[name], resources=pool)
    return counted, found
