"""Page geometry: paper sizes, the 3 × 3 card grid with crop marks, one card per page, half-page sheets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.units import mm

from exports.pdf.blocks import MIN_SIZE
from exports.pdf.card import CARD_H, CARD_W, Face
from exports.pdf.text import draw_fitted, put_text, wrap

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

PAPER: dict[str, tuple[float, float]] = {"a4": A4, "letter": letter}
COLS, ROWS = 3, 3
MARK_GAP = 3.0
"""Crop marks start this far outside the trim line."""
MARK_LEN = 10.0
BLEED = 3 * mm
"""One-per-page: the margin beyond the trim a print shop may cut into (the cards have white edges)."""
SHOP_MARGIN = 10 * mm
"""One-per-page: space around the trim for bleed and crop marks."""

HalfSheet = Callable[["Canvas", float, float, float, float], None]
"""Draws a half-page sheet into the box (x, y, width, height)."""


def paper_size(paper: str) -> tuple[float, float]:
    """(width, height) in points of 'a4' or 'letter'."""
    return PAPER[paper]


def grid_slots(page_w: float, page_h: float) -> list[tuple[float, float]]:
    """Lower-left corners of the nine card slots, centred on the page, filled row by row from the top."""
    left = (page_w - COLS * CARD_W) / 2
    bottom = (page_h - ROWS * CARD_H) / 2
    return [(left + c * CARD_W, bottom + (ROWS - 1 - r) * CARD_H) for r in range(ROWS) for c in range(COLS)]


def crop_marks(
    canvas: Canvas, xs: Sequence[float], ys: Sequence[float], page_w: float, page_h: float, gap: float = MARK_GAP
) -> None:
    """Short hairlines in the margins along every cut line, starting `gap` outside the trim (never over a card)."""
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.25)
    left, right, bottom, top = min(xs), max(xs), min(ys), max(ys)
    for x in xs:
        canvas.line(x, top + gap, x, min(page_h, top + gap + MARK_LEN))
        canvas.line(x, bottom - gap, x, max(0.0, bottom - gap - MARK_LEN))
    for y in ys:
        canvas.line(left - gap, y, max(0.0, left - gap - MARK_LEN), y)
        canvas.line(right + gap, y, min(page_w, right + gap + MARK_LEN), y)


def margin_note(canvas: Canvas, text: str, x: float, y: float, room: float) -> None:
    """A small red line centred in a page margin (the NOT A LEGAL ROSTER mark on card pages), shrunk to `room`."""
    if text:
        canvas.setFillColorRGB(0.69, 0, 0.13)
        draw_fitted(
            canvas, x - room / 2, y, text, room, MIN_SIZE, MIN_SIZE, bold=True, align="center", colour=(0.69, 0, 0.13)
        )


def page_stamp(canvas: Canvas, lines: Sequence[str], page_w: float, bottom: float) -> None:
    """The data stamp in a page's bottom margin: which catalogue the list was built with and its share code, in
    7 pt, wrapped (a long code never cut), its last line at `bottom`."""

    room = page_w - 2 * 15 * mm
    wrapped = [part for line in lines for part in wrap(line, room, MIN_SIZE)]
    top = bottom + (len(wrapped) - 1) * MIN_SIZE * 1.2
    for n, line in enumerate(wrapped):  # top down, so that the text reads (and copies) in order
        put_text(canvas, page_w / 2, top - n * MIN_SIZE * 1.2, line, MIN_SIZE, False, "center", (0.35, 0.35, 0.35))


def card_pages(canvas: Canvas, faces: Sequence[Face], paper: str, note: str = "", stamp: Sequence[str] = ()) -> int:
    """Nine faces to a page with crop marks (and `note` in the top margin); returns the number of pages."""
    page_w, page_h = paper_size(paper)
    slots = grid_slots(page_w, page_h)
    pages = 0
    for start in range(0, len(faces), len(slots)):
        canvas.setPageSize((page_w, page_h))
        chunk = faces[start : start + len(slots)]
        for face, (x, y) in zip(chunk, slots):
            face(canvas, x, y)
        used_rows = (len(chunk) + COLS - 1) // COLS
        used_cols = min(COLS, len(chunk))
        x0, y_top = slots[0][0], slots[0][1] + CARD_H
        xs = [x0 + c * CARD_W for c in range(used_cols + 1)]
        ys = [y_top - r * CARD_H for r in range(used_rows + 1)]
        crop_marks(canvas, xs, ys, page_w, page_h)
        margin_note(canvas, note, page_w / 2, page_h - min(12.0, (page_h - ROWS * CARD_H) / 4 + 3), CARD_W - 8)
        page_stamp(canvas, stamp, page_w, 6)
        canvas.showPage()
        pages += 1
    return pages


def duplex_pages(
    canvas: Canvas, cards: Sequence[tuple[Face, Face | None]], paper: str, note: str = "", stamp: Sequence[str] = ()
) -> int:
    """Nine cards to a sheet printed on both sides: their fronts on one page, their backs on the next, each back
    in the mirrored column so that a long-edge duplex print puts it behind its front; a card with no back has a
    blank one. Returns the number of pages."""
    page_w, page_h = paper_size(paper)
    slots = grid_slots(page_w, page_h)
    pages = 0
    for start in range(0, len(cards), len(slots)):
        chunk = cards[start : start + len(slots)]
        for side in (0, 1):
            canvas.setPageSize((page_w, page_h))
            for n, pair in enumerate(chunk):
                row, column = divmod(n, COLS)
                if side:
                    column = COLS - 1 - column
                face = pair[side]
                if face is not None:
                    x, y = slots[row * COLS + column]
                    face(canvas, x, y)
            used_rows = (len(chunk) + COLS - 1) // COLS
            x0, y_top = slots[0][0], slots[0][1] + CARD_H
            crop_marks(
                canvas,
                [x0 + c * CARD_W for c in range(COLS + 1)],
                [y_top - r * CARD_H for r in range(used_rows + 1)],
                page_w,
                page_h,
            )
            margin_note(canvas, note, page_w / 2, page_h - min(12.0, (page_h - ROWS * CARD_H) / 4 + 3), CARD_W - 8)
            page_stamp(canvas, stamp, page_w, 6)
            canvas.showPage()
            pages += 1
    return pages


def single_card_pages(canvas: Canvas, faces: Sequence[Face], note: str = "") -> int:
    """One face per page for print shops: the page is the card plus a 10 mm margin with crop marks at the
    corners; TrimBox is the card, BleedBox 3 mm beyond it (the cards have white edges, so bleed is blank)."""
    page_w, page_h = CARD_W + 2 * SHOP_MARGIN, CARD_H + 2 * SHOP_MARGIN
    trim = [SHOP_MARGIN, SHOP_MARGIN, SHOP_MARGIN + CARD_W, SHOP_MARGIN + CARD_H]
    canvas.setTrimBox(trim)
    canvas.setBleedBox([trim[0] - BLEED, trim[1] - BLEED, trim[2] + BLEED, trim[3] + BLEED])
    for face in faces:
        canvas.setPageSize((page_w, page_h))
        face(canvas, SHOP_MARGIN, SHOP_MARGIN)
        crop_marks(canvas, trim[0::2], trim[1::2], page_w, page_h, gap=BLEED)  # marks stay out of the bleed
        margin_note(canvas, note, page_w / 2, 4, CARD_W)
        canvas.showPage()
    canvas.setTrimBox(None)
    canvas.setBleedBox(None)
    return len(faces)


def half_sheet_pages(
    canvas: Canvas, sheets: Sequence[HalfSheet], paper: str, per_page: int = 2, stamp: Sequence[str] = ()
) -> int:
    """Half-page sheets (McWarrior data sheets), two to a page with a dashed cut line between them."""
    page_w, page_h = paper_size(paper)
    margin = 12 * mm
    slot_h = (page_h - 2 * margin) / per_page
    pages = 0
    for start in range(0, len(sheets), per_page):
        canvas.setPageSize((page_w, page_h))
        for i, sheet in enumerate(sheets[start : start + per_page]):
            y = page_h - margin - (i + 1) * slot_h
            sheet(canvas, margin, y + 4, page_w - 2 * margin, slot_h - 8)
            if i:
                canvas.setDash(3, 3)
                canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
                canvas.setLineWidth(0.4)
                canvas.line(margin / 2, y + slot_h, page_w - margin / 2, y + slot_h)
                canvas.setDash()
        page_stamp(canvas, stamp, page_w, 6)
        canvas.showPage()
        pages += 1
    return pages
