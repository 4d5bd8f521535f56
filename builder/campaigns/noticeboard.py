"""The noticeboard sheet of a league or campaign (a PDF): standings or claim grids, and what the next round plays."""

from __future__ import annotations

import io
import os
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from builder.campaigns.frontier import (
    KEY_TERRITORIES,
    NAMED,
    FrontierResult,
    Grid,
    legal_moves,
    next_grids,
    scenario_for,
)
from builder.campaigns.league import LeagueResult
from builder.campaigns.oldsand import ENCOUNTER_SCENARIOS, OldsandResult, legal_picks
from catalog.wording import counted
from exports.pdf import write_bytes_atomic
from exports.pdf.fonts import BOLD, REGULAR, register_fonts, width
from exports.pdf.layout import paper_size

MARGIN = 18 * mm
BODY, SMALL, HEADING, TITLE = 10.0, 8.0, 12.0, 16.0
OPERATIONS = ("scout", "resupply", "rally", "assault")


class Page:
    """A cursor down the page that starts a new page when the next block does not fit."""

    def __init__(self, canvas: Canvas, paper: str) -> None:
        self.canvas, (self.w, self.h) = canvas, paper_size(paper)
        self.y = self.h - MARGIN

    def room(self, height: float) -> None:
        if self.y - height < MARGIN:
            self.canvas.showPage()
            self.y = self.h - MARGIN

    def line(self, text: str, size: float = BODY, bold: bool = False, x: float = MARGIN) -> None:
        self.room(size * 1.5)
        self.canvas.setFont(BOLD if bold else REGULAR, size)
        self.canvas.drawString(x, self.y - size, fit(text, size, bold, self.w - MARGIN - x))
        self.y -= size * 1.45

    def wrapped(self, text: str, size: float = BODY, indent: float = 0) -> None:
        """Text broken at spaces to the page width."""
        room, words, line = self.w - 2 * MARGIN - indent, text.split(), ""
        for word in words:
            if line and width(f"{line} {word}", size) > room:
                self.line(line, size, x=MARGIN + indent)
                line = word
            else:
                line = f"{line} {word}".strip()
        if line:
            self.line(line, size, x=MARGIN + indent)

    def table(self, rows: list[list[str]], widths: list[float], size: float = BODY) -> None:
        """Rows of cells, the first in bold with a rule under it."""
        for r, row in enumerate(rows):
            self.room(size * 1.6)
            x = MARGIN
            for cell, cw in zip(row, widths):
                self.canvas.setFont(BOLD if r == 0 else REGULAR, size)
                self.canvas.drawString(x, self.y - size, fit(cell, size, r == 0, cw - 4))
                x += cw
            self.y -= size * 1.5
            if r == 0:
                self.canvas.line(MARGIN, self.y + size * 0.2, MARGIN + sum(widths), self.y + size * 0.2)
        self.y -= size * 0.6


def fit(text: str, size: float, bold: bool, room: float) -> str:
    """The text, cut with an ellipsis only if it cannot fit the room."""
    if width(text, size, bold) <= room:
        return text
    while text and width(text + "…", size, bold) > room:
        text = text[:-1]
    return text + "…"


def league_page(page: Page, result: LeagueResult) -> None:
    page.line(f"Standings ({' → '.join(str(level) for level in result.levels)} points)", HEADING, True)
    stages = len(result.levels)
    rows = [["Player", "Points", *[f"Stage {n + 1}" for n in range(stages)]]]
    for p in result.players:
        per = [str(s.league_points) for s in p.stages] + ["–"] * (stages - len(p.stages))
        rows.append([p.name, str(p.points), *per])
    page.table(rows, [120, 50, *[50] * stages])
    page.line("Achievements", HEADING, True)
    for p in result.players:
        page.wrapped(f"{p.name}: {', '.join(a.replace('-', ' ') for a in p.achievements) or '—'}")


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
        page.line(f"{grid.name}: {grid.key_territories} key territories; {pool}", HEADING, True)
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


def oldsand_page(page: Page, result: OldsandResult) -> None:
    for p in result.players:
        page.line(f"{p.name}: {counted(len(p.districts), 'district')}, warband budget {p.bolts} bolts", HEADING, True)
        page.wrapped(f"Holds {', '.join(p.districts)}", BODY, 10)
        if result.winner is None:
            page.wrapped(f"May pick next: {', '.join(legal_picks(result, p.name))}", BODY, 10)
        page.y -= 4
    if result.winner is None:
        page.line(f"Round {len(result.rounds) + 1}: roll a d6 for each encounter's scenario", HEADING, True)
        page.table([["Roll", "Scenario"], *[[str(n), name] for n, name in ENCOUNTER_SCENARIOS.items()]], [40, 300])
        page.line("A 6 in a district nobody owns is rolled again.", SMALL)


def ledger_pdf_bytes(result: LeagueResult | FrontierResult | OldsandResult, paper: str = "a4") -> bytes:
    """The noticeboard sheet of a replayed league or campaign."""
    register_fonts()
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=paper_size(paper))
    canvas.setTitle(result.name or "Warbench ledger")
    page = Page(canvas, paper)
    page.line(result.name or "Warbench", TITLE, True)
    winner = getattr(result, "winner", None)
    if winner is not None:
        page.line(
            f"Winner: {getattr(winner, 'name', winner)}"
            + (f" ({winner.victory} victory)" if hasattr(winner, "victory") else ""),
            HEADING,
            True,
        )
    if not result.valid:
        errors = sum(f.severity == "error" for f in result.findings)
        page.line(f"NOT VALID: {counted(errors, 'error')} in the ledger", HEADING, True)
    page.y -= 6
    if isinstance(result, LeagueResult):
        league_page(page, result)
    elif isinstance(result, FrontierResult):
        frontier_page(page, result)
    else:
        oldsand_page(page, result)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def export_ledger_pdf(
    result: LeagueResult | FrontierResult | OldsandResult, path: str | os.PathLike[str], paper: str = "a4"
) -> Path:
    """Write the noticeboard sheet to `path` atomically."""
    from exports.pdf import check_pdf_name

    path = Path(path)
    check_pdf_name(path)
    write_bytes_atomic(path, ledger_pdf_bytes(result, paper))
    return path
