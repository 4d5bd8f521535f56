"""The frontier campaign on its noticeboard sheet: each claim grid drawn, the moves open, the scenario matrix."""

from __future__ import annotations

from reportlab.lib.units import mm

from builder.campaigns.noticeboard import BODY, HEADING, MARGIN, SMALL, Page, fit
from builder.games.warmachine.frontier import (
    KEY_TERRITORIES,
    NAMED,
    FrontierResult,
    Grid,
    legal_moves,
    next_grids,
    scenario_for,
)
from catalog.wording import counted
from exports.pdf.fonts import BOLD, REGULAR

OPERATIONS = ("scout", "resupply", "rally", "assault")


def draw_grid(page: Page, grid: Grid, x: float, top: float, cell: float) -> None:
    """One claim grid: held squares shaded, key territories marked, location names in the cells."""
    c = page.canvas
    for r, row in enumerate("1234"):
        for col_index, col in enumerate("abcd"):
            square = f"{col}{row}"
            left, bottom = x + col_index * cell, top - (r + 1) * cell
            c.setFillGray(0.78 if square in grid.controls else 1.0)
            c.rect(left, bottom, cell, cell, stroke=1, fill=1)
            c.setFillGray(0)
            name = "Key territory" if square in KEY_TERRITORIES else NAMED[square][0]
            words = name.split()
            for w_index, word in enumerate(words):
                c.setFont(BOLD if square in grid.controls else REGULAR, SMALL)
                c.drawCentredString(
                    left + cell / 2,
                    bottom + cell / 2 + (len(words) / 2 - w_index - 0.8) * SMALL * 1.2,
                    fit(word, SMALL, True, cell - 4),
                )
            c.setFont(REGULAR, 7)
            c.drawString(left + 2, top - r * cell - 8, square)


def frontier_page(page: Page, result: FrontierResult) -> None:
    cell = 22 * mm
    upcoming = {g.name: g for g in next_grids(result)}
    for grid in result.grids:
        page.room(HEADING * 2 + 4 * cell + BODY * 4)
        pool = ", ".join(f"{k} {v}" for k, v in grid.resources.items())
        page.line(
            f"{grid.name}: {counted(grid.key_territories, 'key territory', 'key territories')}; {pool}", HEADING, True
        )
        draw_grid(page, grid, MARGIN, page.y, cell)
        page.y -= 4 * cell + 4
        if result.winner is None:
            page.line(f"Next round may pick: {' '.join(legal_moves(upcoming[grid.name]))}", BODY)
        page.y -= 6
    if result.winner is None:
        page.room(HEADING * 1.5 + 5 * BODY * 1.5)
        page.line(f"Round {len(result.rounds) + 1}: the scenario from both players' operations", HEADING, True)
        rows = [["", *OPERATIONS]] + [
            [ours, *[scenario_for(ours, theirs) for theirs in OPERATIONS]] for ours in OPERATIONS
        ]
        page.table(rows, [70, *[(page.w - 2 * MARGIN - 70) / 4] * 4])
