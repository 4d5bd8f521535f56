"""The frontier campaign as plain text: each round's games, the claim grids drawn in characters, who moves next."""

from __future__ import annotations

from builder.games.warmachine.frontier import SHORT, FrontierResult, Grid, legal_moves, next_grids
from catalog.wording import counted


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
        lines += [
            "",
            f"{grid.name}: {counted(grid.key_territories, 'key territory', 'key territories')}; {pool}",
            *grid_lines(grid),
        ]
    if result.winner:
        lines.append(f"\nwinner: {result.winner.name} ({result.winner.victory} victory)")
    else:
        lines.append("")
        lines += [f"next: {g.name} may pick {' '.join(legal_moves(g))}" for g in next_grids(result)]
    return lines
