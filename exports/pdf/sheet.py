"""The roster sheet that opens every export: who, what game, totals, findings, notes and the share QR."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Frame, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from builder.game import GAMES
from exports.pdf.fonts import BOLD, REGULAR, width
from exports.pdf.glyphs import misread, written_paragraph
from exports.pdf.layout import paper_size
from exports.pdf.qr import QRFlowable
from exports.pdf.text import fit_size, markup

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from builder.findings import Finding

ILLEGAL_BANNER = "NOT A LEGAL ROSTER"
CELL_SIZE = 8.5
CELL_FLOOR = 7.25
CELL_PAD = 6
"""reportlab's default left + right cell padding is 6 points each; we keep it."""


@dataclass
class SheetTable:
    """The sheet's list of what the roster holds (units, mechs, …) with a total row."""

    headers: Sequence[str]
    rows: Sequence[Sequence[str]]
    widths: Sequence[float]
    """Relative column widths."""
    total: Sequence[str] = ()


@dataclass
class SheetContent:
    """Everything the roster sheet prints; user text arrives raw and is escaped here."""

    name: str
    game: str
    catalogue: str
    facts: list[tuple[str, str]] = field(default_factory=list)
    """(label, value) lines: faction, format and limit, totals."""
    tables: list[tuple[str, SheetTable]] = field(default_factory=list)
    findings: Sequence[Finding] = ()
    notes: str = ""
    code: str | None = None
    matrix: list[list[bool]] | None = None
    qr_note: str = ""
    """Why there is no QR, when there is none."""
    illegal: bool = False


@lru_cache(maxsize=1)
def styles() -> dict[str, ParagraphStyle]:
    """Paragraph styles, built once per process (every one in the embedded fonts)."""
    base = ParagraphStyle("body", fontName=REGULAR, fontSize=9, leading=11.5)
    return {
        "body": base,
        "title": ParagraphStyle("title", base, fontName=BOLD, fontSize=18, leading=22),
        "h": ParagraphStyle("h", base, fontName=BOLD, fontSize=11, leading=14, spaceBefore=8, spaceAfter=3),
        "small": ParagraphStyle("small", base, fontSize=8, leading=10),
        "cell": ParagraphStyle("cell", base, fontSize=8.5, leading=10.5),
        "cellb": ParagraphStyle("cellb", base, fontName=BOLD, fontSize=8.5, leading=10.5),
        "banner": ParagraphStyle(
            "banner", base, fontName=BOLD, fontSize=20, leading=24, alignment=1, textColor=colors.white
        ),
        "sub": ParagraphStyle("sub", base, fontSize=8, leading=10, alignment=1),
        "bannersub": ParagraphStyle("bannersub", base, fontSize=8, leading=10, alignment=1, textColor=colors.white),
        "code": ParagraphStyle("code", base, fontSize=7, leading=8.5, wordWrap="CJK", spaceBefore=4),
    }


def _style(commands: list[tuple[object, ...]]) -> TableStyle:
    """A TableStyle whose cells default to the embedded font (reportlab's default, Helvetica, is not embedded)."""
    return TableStyle([("FONT", (0, 0), (-1, -1), REGULAR, CELL_SIZE), *commands])


def paragraph(text: str, style: str = "body") -> Paragraph:
    """User or catalogue text as a Paragraph, escaped so it prints exactly as written."""
    return written_paragraph(text, markup(text), styles()[style])


def story(content: SheetContent, usable_w: float) -> list[Flowable]:
    """The sheet as flowables, so a long roster continues on the next page."""
    st = styles()
    flow: list[Flowable] = []
    if content.illegal:
        banner = Table(
            [
                [Paragraph(ILLEGAL_BANNER, st["banner"])],
                [Paragraph("Printed with --force: the findings below break the game's rules.", st["bannersub"])],
            ],
            colWidths=[usable_w],
        )
        banner.setStyle(
            _style(
                [
                    ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#b00020")),
                    ("TOPPADDING", (0, 0), (-1, -1), 6),
                    ("BOTTOMPADDING", (0, -1), (-1, -1), 8),
                ]
            )
        )
        flow += [banner, Spacer(1, 8)]

    info: list[Flowable] = [paragraph(content.name or "(unnamed roster)", "title"), Spacer(1, 4)]
    facts = [("Game", GAMES[content.game].name), ("Catalogue", content.catalogue), *content.facts]
    fact_rows = [[paragraph(label, "cellb"), paragraph(value, "cell")] for label, value in facts]
    if fact_rows:
        facts = Table(fact_rows, colWidths=[32 * mm, None], hAlign="LEFT")
        facts.setStyle(
            _style(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 1),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ]
            )
        )
        info.append(facts)
    modules = len(content.matrix) + 8 if content.matrix else 0
    qr_w = min(70 * mm, max(42 * mm, modules * 0.55 * mm))  # keep modules ≥ 0.55 mm for phone cameras
    if content.matrix:
        right: Flowable = QRFlowable(content.matrix, content.code or "", qr_w)
    else:
        right = [paragraph(content.qr_note or "No share code.", "small")]
        if content.code:
            right.append(Paragraph(markup(content.code), styles()["code"]))
    head = Table([[info, right]], colWidths=[usable_w - qr_w - 6 * mm, qr_w + 6 * mm])
    head.setStyle(
        _style(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    flow.append(head)

    for title, table in content.tables:
        flow += [paragraph(title, "h"), sheet_table(table, usable_w)]

    flow.append(paragraph("Findings", "h"))
    flow += _findings(content.findings)
    if content.notes:
        flow += [paragraph("Notes", "h"), paragraph(content.notes)]
    return flow


def column_widths(table: SheetTable, usable_w: float) -> list[float]:
    """The columns' widths in points: as the table asks, but each at least as wide as its longest word, the room
    taken from the columns with room to spare (a word is never broken: 'Attachme nt')."""
    total_w = sum(table.widths)
    widths = [usable_w * w / total_w for w in table.widths]
    need = [
        max((width(word, CELL_SIZE, bold=True) for cell in column for word in str(cell).split()), default=0.0)
        + 2 * CELL_PAD
        for column in zip(table.headers, *table.rows, *([table.total] if table.total else []))
    ]
    short = sum(max(n - w, 0.0) for n, w in zip(need, widths))
    spare = sum(max(w - n, 0.0) for n, w in zip(need, widths))
    if not short or spare < short:
        return widths
    return [n if w < n else w - (w - n) * short / spare for n, w in zip(need, widths)]


def sheet_table(table: SheetTable, usable_w: float) -> Table:
    widths = column_widths(table, usable_w)
    data = [[_cell(h, w, True) for h, w in zip(table.headers, widths)]]
    data += [[_cell(cell, w) for cell, w in zip(row, widths)] for row in table.rows]
    if table.total:
        data.append([_cell(cell, w, True) for cell, w in zip(table.total, widths)])
    t = Table(data, colWidths=widths, repeatRows=1)
    style: list[tuple[object, ...]] = [
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("FONT", (0, 0), (-1, -1), REGULAR, CELL_SIZE, CELL_SIZE * 1.25),
        ("FONT", (0, 0), (-1, 0), BOLD, CELL_SIZE, CELL_SIZE * 1.25),
        ("TOPPADDING", (0, 0), (-1, -1), 1.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6),
    ]
    for r in range(2, len(data) - (1 if table.total else 0), 2):
        style.append(("BACKGROUND", (0, r), (-1, r), colors.Color(0.94, 0.94, 0.94)))
    if table.total:
        style += [
            ("LINEABOVE", (0, -1), (-1, -1), 0.6, colors.black),
            ("FONT", (0, -1), (-1, -1), BOLD, CELL_SIZE, CELL_SIZE * 1.25),
        ]
    t.setStyle(_style(style))
    return t


def _cell(text: str, col_w: float, bold: bool = False) -> str | Paragraph:
    """A table cell: the plain string when it fits its column (drawn as is, no markup involved, fast);
    else shrunk a little to fit one line; else a Paragraph of the escaped text, wrapped at word breaks."""
    room = col_w - 2 * CELL_PAD
    if "\n" not in text and not misread(text):  # else a Paragraph that says what copying the cell gives
        if width(text, CELL_SIZE, bold) <= room:
            return text
        size = fit_size(text, room, CELL_SIZE, CELL_FLOOR, bold)
        if width(text, size, bold) <= room:
            return Paragraph(markup(text), _cell_style(size, bold))
    return paragraph(text, "cellb" if bold else "cell")


@lru_cache(maxsize=64)
def _cell_style(size: float, bold: bool) -> ParagraphStyle:
    return ParagraphStyle(
        f"cell-{size}-{bold}", styles()["cellb" if bold else "cell"], fontSize=size, leading=CELL_SIZE * 1.25
    )


def _findings(findings: Sequence[Finding]) -> list[Flowable]:
    counts = {sev: sum(1 for f in findings if f.severity == sev) for sev in ("error", "warning", "info")}
    if not findings:
        return [paragraph("✓ No findings: the roster is legal.")]
    words = {"error": "error", "warning": "warning", "info": "info"}
    summary = ", ".join(f"{n} {words[s]}{'s' if n != 1 and s != 'info' else ''}" for s, n in counts.items())
    verdict = "legal" if not counts["error"] else "NOT legal"
    flow: list[Flowable] = [paragraph(f"{summary} — the roster is {verdict}.")]
    mark = {"error": "✗", "warning": "!", "info": "•"}
    for f in findings:
        where = f" ({f.path})" if f.path else ""
        flow.append(
            Paragraph(
                f"{mark[f.severity]} <b>{markup(f.severity)}</b> {markup(f.code)}{markup(where)}: {markup(f.message)}",
                styles()["small"],
            )
        )
    return flow


def sheet_pages(canvas: Canvas, content: SheetContent, paper: str) -> int:
    """Draw the sheet, continuing on further pages while it lasts; returns the pages used."""
    page_w, page_h = paper_size(paper)
    margin = 15 * mm
    flow = story(content, page_w - 2 * margin)
    pages = 0
    while flow:
        canvas.setPageSize((page_w, page_h))
        frame = Frame(margin, margin, page_w - 2 * margin, page_h - 2 * margin, 0, 0, 0, 0)
        fill_frame(frame, flow, canvas)
        pages += 1
        if pages > 1:
            canvas.setFont(REGULAR, 7)
            canvas.setFillColorRGB(0.4, 0.4, 0.4)
            canvas.drawRightString(page_w - margin, margin / 2, f"roster sheet, page {pages}")
        canvas.showPage()
    return pages


def fill_frame(frame: Frame, flow: list[Flowable], canvas: Canvas) -> None:
    """Put flowables into the frame, splitting the one that reaches the bottom (tables by rows)."""
    first = True
    while flow:
        head = flow[0]
        if frame.add(head, canvas, trySplit=1):
            flow.pop(0)
            first = False
            continue
        parts = frame.split(head, canvas)
        if parts and len(parts) > 1:
            flow[0:1] = parts
            continue
        if first:  # too big even for an empty page: shrink it onto this page rather than lose it
            scaled = _Shrunk(head, frame._aW, frame._aH)
            frame.add(scaled, canvas)
            flow.pop(0)
        return


class _Shrunk(Flowable):  # type: ignore[misc]  # reportlab ships no types: Flowable is Any to mypy
    """A flowable scaled down to fit the space (only for something taller than a whole page)."""

    def __init__(self, inner: Flowable, avail_w: float, avail_h: float) -> None:
        super().__init__()
        self.inner = inner
        w, h = inner.wrap(avail_w, avail_h)
        self.factor = min(1.0, avail_h / h) if h else 1.0
        self.width, self.height = w * self.factor, h * self.factor

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        self.canv.scale(self.factor, self.factor)
        self.inner.drawOn(self.canv, 0, 0)
