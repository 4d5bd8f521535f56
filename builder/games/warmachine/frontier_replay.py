"""A frontier campaign replayed round by round: the games (who attacks, who captures), what their conditions gave,
what was spent, and the winner."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Literal

from builder.campaigns.ledger import check_player
from builder.findings import Finding, error
from builder.game import game as game_of
from builder.games.warmachine.frontier import (
    KEYS_TO_WIN,
    LAST_ROUND,
    LOSER_GAINS,
    LOST_SUPPLY_CRATES,
    RESOURCES,
    FrontierFile,
    FrontierGame,
    FrontierResult,
    FrontierRound,
    GameResult,
    Grid,
    Spent,
    Winner,
    check_square,
    generate,
    move_findings,
    operation,
    pairing,
    spend,
)
from builder.games.warmachine.recon import recon_findings
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


def play_games(
    grids: dict[str, Grid], rnd: FrontierRound, r: int, moves: dict[str, str]
) -> tuple[list[GameResult], list[Finding]]:
    """Pair the games of a round: one game each, the winner captures, the loser gains a resource."""
    results, found, played = [], [], set()
    for g, game in enumerate(rnd.games):
        where = f"rounds[{r}].games[{g}]"
        if len(game.players) != 2 or game.players[0] == game.players[1]:
            found.append(
                error("frontier/one-game", f"{where}.players", f"round {r + 1}: a game is between two players")
            )
            continue
        for name in game.players:
            check_player(name, list(grids), f"{where}.players")
            if name in played:
                found.append(
                    error("frontier/one-game", f"{where}.players", f"round {r + 1}: {name} plays a second game")
                )
            if name not in moves:
                found.append(
                    error("frontier/one-game", f"{where}.players", f"round {r + 1}: {name} plays without a move")
                )
        played.update(game.players)
        ops = tuple(operation(moves[n]) if n in moves else None for n in game.players)
        paired = pairing(ops[0], ops[1]) if ops[0] is not None and ops[1] is not None else None
        attacker, problem = red_player(grids, game, paired, where)
        found += [problem] if problem else []
        found += condition_findings(game, where, r + 1)
        if game.winner is not None and game.winner not in game.players:
            found.append(
                error(
                    "frontier/one-game",
                    f"{where}.winner",
                    f"round {r + 1}: {game.winner} is not one of the game's players",
                )
            )
        elif game.winner is not None:
            loser = game.players[1 - game.players.index(game.winner)]
            if game.winner in moves:
                won = grids[game.winner]
                grids[game.winner] = replace(won, controls=won.controls | {moves[game.winner]})
            if loser in moves:
                lost, gain = grids[loser], LOSER_GAINS[operation(moves[loser])]
                grids[loser] = replace(lost, resources={**lost.resources, gain: lost.resources[gain] + 1})
        found += recon_findings(
            game.players, game.recon, game.advantages, {n: s.intel for n, s in rnd.spent.items()}, where, r + 1
        )
        recon: dict[str, dict[str, list[int] | list[str]]] = {
            n: {"dice": game.recon.get(n, []), "advantages": game.advantages.get(n, [])}
            for n in game.players
            if n in game.recon or n in game.advantages
        }
        results.append(
            GameResult(
                tuple(game.players),
                ops,
                paired.scenario.name if paired else None,
                game.winner,
                paired.scenario.id if paired else None,
                attacker,
                tuple(game.conditions),
                recon,
            )
        )
    return results, found


def victory(grids: dict[str, Grid], round_number: int) -> Winner | None:
    """Three key territories win outright; after round ten the most key territories win; Morale, Supply, Intel break ties."""
    major = [g for g in grids.values() if g.key_territories >= KEYS_TO_WIN]
    kind: Literal["major", "minor"]
    if major:
        contenders, kind = major, "major"
    elif round_number >= LAST_ROUND:
        best = max(g.key_territories for g in grids.values())
        contenders, kind = [g for g in grids.values() if g.key_territories == best], "minor"
    else:
        return None
    for resource in ("morale", "supply", "intel"):
        top = max(g.resources[resource] for g in contenders)
        contenders = [g for g in contenders if g.resources[resource] == top]
    if len(contenders) > 1:
        return Winner(" and ".join(g.name for g in contenders), "minor")
    return Winner(contenders[0].name, kind)


def play_round(
    grids: dict[str, Grid], rnd: FrontierRound, r: int
) -> tuple[list[GameResult], list[Finding], dict[str, dict[str, int]]]:
    """One round: resources, moves and their costs, what the games gave, spending, games and post-battle
    resolution."""
    found = []
    for name in grids:
        grids[name] = generate(grids[name])
    for name, square in rnd.moves.items():
        where = f"rounds[{r}].moves.{name}"
        check_player(name, list(grids), where)
        check_square(square, where)
        grids[name], problems = move_findings(grids[name], square, rnd.assault_cost.get(name), where)
        found += [error(f.code, f.path, f"round {r + 1}: {f.message}") for f in problems]
    gained, problems = gain(grids, rnd, r)
    found += problems
    for name, spent in rnd.spent.items():
        check_player(name, list(grids), f"rounds[{r}].spent.{name}")
        grids[name], problems = spend(grids[name], spent, f"rounds[{r}].spent.{name}")
        found += [error(f.code, f.path, f"round {r + 1}: {f.message}") for f in problems]
    results, problems = play_games(grids, rnd, r, rnd.moves)
    return results, found + problems, gained


def replay_frontier(campaign: FrontierFile) -> FrontierResult:
    """Replay a frontier campaign from the start: every round checked, the grids, the games and the winner."""
    grids = {name: Grid(name) for name in campaign.players}
    rounds, findings, winner, gains = [], [], None, []
    for r, rnd in enumerate(campaign.rounds):
        if winner is not None:
            findings.append(
                error(
                    "frontier/after-end",
                    f"rounds[{r}]",
                    f"round {r + 1} comes after the campaign ended ({winner.name} won)",
                )
            )
            continue
        results, problems, gained = play_round(grids, rnd, r)
        rounds.append(tuple(results))
        gains.append(gained)
        findings += problems
        winner = victory(grids, r + 1)
    return FrontierResult(campaign.name, tuple(grids.values()), tuple(rounds), winner, tuple(findings), tuple(gains))


def replay_ledger(campaign: FrontierFile, base: Path) -> FrontierResult:
    """The campaign replayed as every ledger kind is (its file names no roster, so `base` is not needed)."""
    return replay_frontier(campaign)
