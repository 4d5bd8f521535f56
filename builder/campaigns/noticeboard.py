"""The noticeboard sheet of a league or campaign (a PDF): its heading, then what its kind draws on it."""

from __future__ import annotations

import io
import os
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from builder.campaigns.ledger import CampaignResult
from builder.ledgers import campaign_kind
from catalog.wording import counted
from exports.pdf import check_pdf_name, write_bytes_atomic
from exports.pdf.fonts import BOLD, REGULAR, register_fonts, width
from exports.pdf.layout import paper_size

MARGIN = 18 * mm
BODY, SMALL, HEADING, TITLE = 10.0, 8.0, 12.0, 16.0


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


def ledger_pdf_bytes(result: CampaignResult, paper: str = "a4") -> bytes:
    """The noticeboard sheet of a replayed league or campaign."""
    register_fonts()
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=paper_size(paper))
    canvas.setTitle(result.name or "Warbench ledger")
    page = Page(canvas, paper)
    page.line(result.name or "Warbench", TITLE, True)
    if (winner := result.winner_text()) is not None:
        page.line(f"Winner: {winner}", HEADING, True)
    if not result.valid:
        errors = sum(f.severity == "error" for f in result.findings)
        page.line(f"NOT VALID: {counted(errors, 'error')} in the ledger", HEADING, True)
    page.y -= 6
    campaign_kind(result.kind).noticeboard(page, result)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def export_ledger_pdf(result: CampaignResult, path: str | os.PathLike[str], paper: str = "a4") -> Path:
    """Write the noticeboard sheet to `path` atomically."""
    path = Path(path)
    check_pdf_name(path)
    write_bytes_atomic(path, ledger_pdf_bytes(result, paper))
    return path
