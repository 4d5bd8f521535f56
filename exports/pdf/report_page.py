"""A one-page report (a battle's, from the journal): a title, facts, tables and notes, drawn in the embedded fonts
and shrunk onto one page when it runs long; user text arrives raw and is escaped here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from io import BytesIO


@dataclass(frozen=True)
class ReportTable:
    """One titled table: headers, rows of text, relative column widths."""

    title: str
    headers: Sequence[str]
    rows: Sequence[Sequence[str]]
    widths: Sequence[float]


@dataclass(frozen=True)
class ReportPage:
    """What the page prints, in order."""

    title: str
    facts: Sequence[tuple[str, str]] = ()
    tables: Sequence[ReportTable] = ()
    notes: Sequence[str] = field(default_factory=tuple)
    notes_title: str = "Notes"
    stamp: str = ""
    """A small line at the foot of the page (what made it)."""


def report_pdf_bytes(page: ReportPage, paper: str = "a4") -> bytes:
    """The page as a one-page PDF (fonts embedded as subsets)."""
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Frame, KeepInFrame, Spacer

    from exports.pdf.fonts import REGULAR, register_fonts
    from exports.pdf.glyphs import written_paragraph
    from exports.pdf.layout import page_stamp, paper_size
    from exports.pdf.sheet import SheetTable, paragraph, sheet_table, styles
    from exports.pdf.text import markup

    register_fonts()
    page_w, page_h = paper_size(paper)
    margin = 15 * mm
    usable_w = page_w - 2 * margin
    flow = [paragraph(page.title or "Battle report", "title"), Spacer(1, 4)]
    flow += [
        written_paragraph(f"{label}: {value}", f"<b>{markup(label)}:</b> {markup(value)}", styles()["body"])
        for label, value in page.facts
    ]
    for table in page.tables:
        sheet = SheetTable(headers=table.headers, rows=table.rows, widths=table.widths)
        flow += [paragraph(table.title, "h"), sheet_table(sheet, usable_w)]
    if page.notes:
        flow += [paragraph(page.notes_title, "h"), *(paragraph(note, "small") for note in page.notes)]
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(page_w, page_h), initialFontName=REGULAR, pageCompression=1, invariant=1)
    canvas.setTitle(page.title or "Battle report")
    canvas.setAuthor("Warbench")
    body_h = page_h - 2 * margin
    frame = Frame(margin, margin, usable_w, body_h, 0, 0, 0, 0)
    frame.addFromList([KeepInFrame(usable_w, body_h, flow, mode="shrink")], canvas)
    if page.stamp:
        page_stamp(canvas, [page.stamp], page_w, margin / 2)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
