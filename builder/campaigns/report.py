"""Ledger results as plain text: the standings table, claim grids drawn in characters, Port Oldsand's map."""

from __future__ import annotations

from builder.campaigns import LedgerResult
from builder.campaigns.frontier import FrontierResult, Grid, legal_moves, next_grids
from builder.campaigns.league import LeagueResult
from builder.campaigns.oldsand import OldsandResult, legal_picks
from catalog.wording import counted, listed

SHORT = {
    "b2": "Watch",
    "c2": "Camp",
    "d2": "Fort",
    "b3": "Spy",
    "c3": "HQ",
    "d3": "Shrine",
    "b4": "Mine",
    "c4": "Works",
    "d4": "Relay",
}
"""Names short enough for a grid cell."""


def grid_lines(grid: Grid) -> list[str]:
    """A 4×4 claim grid in characters: held squares in brackets, named locations by a short name."""
    lines = ["      a        b        c        d"]
    for row in "1234":
        cells = []
        for col in "abcd":
            square = f"{col}{row}"
            label = SHORT.get(square, "Key")
            cells.append(f"[{label:<6}]" if square in grid.controls else f" {label:<6} ")
        lines.append(f"  {row} " + "".join(cells))
    return lines


def league_text(result: LeagueResult) -> list[str]:
    levels = " → ".join(str(level) for level in result.levels)
    lines = [
        f"{result.name or 'League'}: {'valid' if result.valid else 'NOT VALID'} (stages {levels})",
        f"  {'player':<20} {'points':>6}  per stage   achievements",
    ]
    for p in result.players:
        per = " ".join(str(s.league_points) for s in p.stages) or "-"
        lines.append(f"  {p.name:<20} {p.points:>6}  {per:<11} {', '.join(p.achievements)}")
    return lines


def frontier_text(result: FrontierResult) -> list[str]:
    lines = [
        f"{result.name or 'Frontier campaign'}: {'valid' if result.valid else 'NOT VALID'}, "
        f"{counted(len(result.rounds), 'round')} played"
    ]
    for r, games in enumerate(result.rounds):
        for g in games:
            ops = " v ".join(f"{n} ({o or '?'})" for n, o in zip(g.players, g.operations))
            red = f" (red: {g.attacker})" if g.attacker else ""
            lines.append(f"  round {r + 1}: {ops}: {g.scenario or '?'}{red}; won by {g.winner or '-'}")
        gained = result.gained[r] if r < len(result.gained) else {}
        lines += [
            f"    {name} gained {', '.join(f'{n} {k}' for k, n in kinds.items())} in the game"
            for name, kinds in gained.items()
        ]
    for grid in result.grids:
        pool = ", ".join(f"{k} {v}" for k, v in grid.resources.items())
        lines += ["", f"{grid.name}: {grid.key_territories} key territories; {pool}", *grid_lines(grid)]
    if result.winner:
        lines.append(f"\nwinner: {result.winner.name} ({result.winner.victory} victory)")
    else:
        lines.append("")
        lines += [f"next: {g.name} may pick {' '.join(legal_moves(g))}" for g in next_grids(result)]
    return lines


def oldsand_text(result: OldsandResult) -> list[str]:
    lines = [
        f"{result.name or 'Battle for Port Oldsand'}: {'valid' if result.valid else 'NOT VALID'}, "
        f"{counted(len(result.rounds), 'round')} played"
    ]
    for r, rnd in enumerate(result.rounds):
        claims = ", ".join(f"{who} claims {d}" for who, d in rnd.claims) or "no claims"
        sieges = "; ".join(
            f"{s.district} besieged by {', '.join(s.players)}, won by {s.winner or '?'}" for s in rnd.sieges
        )
        lines.append(f"  round {r + 1}: {claims}" + (f"; {sieges}" if sieges else ""))
    for p in result.players:
        lines.append(
            f"  {p.name:<16} {counted(len(p.districts), 'district')}, {p.bolts} bolts: {', '.join(p.districts)}"
        )
    if result.winner:
        lines.append(f"winner: {result.winner}")
    else:
        lines += [f"next: {p.name} may pick {', '.join(legal_picks(result, p.name))}" for p in result.players]
    return lines


def result_text(result: LedgerResult) -> list[str]:
    """The readable report of any ledger result, findings last."""
    if isinstance(result, LeagueResult):
        body = league_text(result)
    elif isinstance(result, FrontierResult):
        body = frontier_text(result)
    else:
        body = oldsand_text(result)
    return body + listed([f"  {f.severity:<7} {f.code:<26} {f.path}: {f.message}" for f in result.findings])
