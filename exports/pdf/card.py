"""A poker-size card: frame, title bar with the ×N count, a body that shrinks to fit and flows onto more faces."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from reportlab.lib.units import mm

from exports.pdf.blocks import INK, MIN_SIZE, MUTED, SHADE, Block, Row
from exports.pdf.fonts import width
from exports.pdf.text import Colour, TextBatch, draw_fitted, fit_lines, put_text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

CARD_W = 63.5 * mm
CARD_H = 88.9 * mm
INSET = 4.5
"""The frame is drawn this far inside the trim, so a slightly crooked cut does not clip it."""
PAD = 8.0
"""Body text starts this far inside the trim."""
SCALES = (1.0, 0.94)
"""Body scales tried in turn (body text 7.5 pt, then 7.05 pt: nothing on a card is smaller than 7 pt); below
the last, the body flows onto a continuation face."""


@dataclass
class Card:
    """One card: a distinct unit and loadout (count = how many the roster has), a Cypher, …"""

    title: str
    subtitle: str = ""
    count: int = 1
    blocks: list[Block] = field(default_factory=list)
    footer: str = ""
    """Small print at the bottom (points, DC, weapon points)."""
    band: Colour = SHADE
    """Colour of the title bar."""


Face = Callable[["Canvas", float, float], None]
"""Draws one card face with its lower-left trim corner at (x, y)."""


TITLE_LINES = 6
"""A title shrinks to 7 pt, then wraps onto up to this many lines (a 200-character name fits)."""


Header = tuple[float, list[str], float, list[str], str]
"""A card's title size and lines, subtitle size and lines, and its ×N count."""


def _header(card: Card, width_: float) -> Header:
    """Title size and lines, subtitle size and lines, count text: the bar grows for long names."""
    count = f"×{card.count}" if card.count > 1 else ""
    count_w = width(count, 11, True) + 4 if count else 0
    size, lines = fit_lines(card.title, width_ - count_w, 11.0, MIN_SIZE, max_lines=TITLE_LINES, bold=True)
    sub_size, sub_lines = fit_lines(card.subtitle, width_, 7.5, MIN_SIZE, max_lines=3) if card.subtitle else (0.0, [])
    return size, lines, sub_size, sub_lines, count


def faces(card: Card) -> list[Face]:
    """The card's faces: one, unless its body does not fit at 7 pt; then as many as it needs, each filled before
    the next begins, each continuation saying so under its title."""
    inner_w = CARD_W - 2 * PAD
    continued = replace(card, subtitle=f"{card.subtitle} · continued" if card.subtitle else "continued")
    headers = [_header(card, inner_w), _header(continued, inner_w)]
    bars = [
        5 + t_size * 1.15 * len(t_lines) + s_size * 1.3 * len(s_lines) + 3
        for t_size, t_lines, s_size, s_lines, _ in headers
    ]
    footer_h = 9.0 if card.footer else 0.0
    body_h = CARD_H - INSET - max(bars) - 4 - footer_h - PAD
    single_h = CARD_H - INSET - bars[0] - 4 - footer_h - PAD

    pages = _fit(card.blocks, inner_w, single_h)
    if len(pages) > 1:
        pages = _flow([row for page in pages for row in page], body_h)

    def make(rows: list[Row], number: int) -> Face:
        shown, header, bar_h = (card, headers[0], bars[0]) if number == 1 else (continued, headers[1], bars[1])

        def draw(canvas: Canvas, x: float, y: float) -> None:
            with TextBatch(canvas):
                _frame(canvas, x, y, shown, bar_h, header)
                top = y + CARD_H - INSET - bar_h - 4
                for row in rows:
                    row.draw(canvas, x + PAD, top)
                    top -= row.height
                marker = f"{number}/{len(pages)}" if len(pages) > 1 else ""
                if card.footer or marker:
                    _footer(canvas, x, y, card.footer, marker)

        return draw

    return [make(rows, i + 1) for i, rows in enumerate(pages)]


def _lay(blocks: Sequence[Block], inner_w: float, scale: float) -> tuple[list[Row], float]:
    rows = [row for block in blocks for row in block.rows(inner_w, scale)]
    return rows, sum(r.height for r in rows)


def _fit(blocks: Sequence[Block], inner_w: float, body_h: float, scales: Sequence[float] = SCALES) -> list[list[Row]]:
    """The body's rows at the largest scale that fits one face, else flowed over faces at the smallest.

    Text height grows about with the square of the scale (lines get both taller and fuller), so the
    search starts near sqrt(room / height) instead of trying every scale."""
    rows, height = _lay(blocks, inner_w, scales[0])
    if height <= body_h:
        return [rows]
    guess = scales[0] * (body_h / height) ** 0.5 * 1.04
    for scale in scales[1:]:
        if scale > guess and scale != scales[-1]:
            continue
        rows, height = _lay(blocks, inner_w, scale)
        if height <= body_h:
            return [rows]
    return _flow(rows, body_h)


def draw_column(
    canvas: Canvas, blocks: Sequence[Block], x: float, top: float, w: float, h: float, scales: Sequence[float] = SCALES
) -> None:
    """Blocks top-down in a box (sheets): the largest scale that fits; if even the smallest does not,
    the whole column is drawn scaled down to the box, so nothing is lost."""
    pages = _fit(blocks, w, h, scales)
    rows = [row for page in pages for row in page]
    total = sum(r.height for r in rows)
    factor = min(1.0, h / total) if total else 1.0
    canvas.saveState()
    canvas.translate(x, top)
    canvas.scale(factor, factor)
    with TextBatch(canvas):  # its text must be written while the transform holds
        y = 0.0
        for row in rows:
            row.draw(canvas, 0, y)
            y -= row.height
    canvas.restoreState()


def _flow(rows: list[Row], body_h: float) -> list[list[Row]]:
    """Pack rows onto faces; a heading never ends a face (it moves to the next with its rows)."""
    pages: list[list[Row]] = [[]]
    used = 0.0
    for row in rows:
        if pages[-1] and used + row.height > body_h:
            carry: list[Row] = []
            while (
                pages[-1]
                and pages[-1][-1].keep_with_next
                and sum(r.height for r in carry) + pages[-1][-1].height < body_h / 2
            ):
                carry.insert(0, pages[-1].pop())
            pages.append(carry)
            used = sum(r.height for r in carry)
        pages[-1].append(row)
        used += row.height
    return [p for p in pages if p]


def _frame(canvas: Canvas, x: float, y: float, card: Card, bar_h: float, header: Header) -> None:
    """Card outline, title bar, title (shrunk or wrapped), subtitle and the ×N count."""
    title_size, title_lines, sub_size, sub_lines, count = header
    canvas.setLineWidth(0.8)
    canvas.setStrokeColorRGB(*INK)
    left, bottom = x + INSET, y + INSET
    w, h = CARD_W - 2 * INSET, CARD_H - 2 * INSET
    canvas.setFillColorRGB(*card.band)
    path = canvas.beginPath()
    top = bottom + h
    r = 5.0
    bar_bottom = top - bar_h
    path.moveTo(left, bar_bottom)
    path.lineTo(left, top - r)
    path.arcTo(left, top - 2 * r, left + 2 * r, top, startAng=180, extent=-90)
    path.lineTo(left + w - r, top)
    path.arcTo(left + w - 2 * r, top - 2 * r, left + w, top, startAng=90, extent=-90)
    path.lineTo(left + w, bar_bottom)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.roundRect(left, bottom, w, h, r, stroke=1, fill=0)
    canvas.setLineWidth(0.5)
    canvas.line(left, bar_bottom, left + w, bar_bottom)

    ty = top - 4 - title_size
    for line in title_lines:
        put_text(canvas, x + PAD, ty, line, title_size, True)
        ty -= title_size * 1.15
    if count:
        put_text(canvas, x + CARD_W - PAD, top - 4 - 11, count, 11, True, "right")
    sy = ty + title_size * 1.15 - sub_size * 1.35
    for line in sub_lines:
        put_text(canvas, x + PAD, sy, line, sub_size, colour=MUTED)
        sy -= sub_size * 1.3


def _footer(canvas: Canvas, x: float, y: float, text: str, marker: str) -> None:
    size = MIN_SIZE
    base = y + INSET + 3.2
    inner = CARD_W - 2 * PAD
    if text:
        draw_fitted(
            canvas,
            x + PAD,
            base,
            text,
            inner - (width(marker, size) + 4 if marker else 0),
            size,
            MIN_SIZE,
            colour=MUTED,
        )
    if marker:
        put_text(canvas, x + CARD_W - PAD, base, marker, size, False, "right", MUTED)
