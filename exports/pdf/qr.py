"""The share QR drawn as vector rectangles (crisp at any print size), with the code's text under it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.platypus.flowables import Flowable

from catalog.errors import WarbenchError
from exports.pdf.fonts import REGULAR, width
from exports.pdf.text import wrap
from exports.share import encode_roster
from exports.share.qr import qr_matrix

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from builder.roster.common import RosterBase
    from catalog.models.common import CatalogueHeader

QUIET = 4
"""Modules of white around the symbol, as the QR standard asks."""
CODE_SIZE = 7.0


def share_qr(roster: RosterBase, catalogue: CatalogueHeader) -> tuple[str | None, list[list[bool]] | None, str]:
    """(code, matrix, note): the roster's share code and its QR matrix, or why there is none."""
    try:
        code = encode_roster(roster, catalogue)
    except WarbenchError as exc:
        return None, None, f"No share code: {exc}"
    try:
        return code, qr_matrix(code), ""
    except WarbenchError as exc:
        return code, None, f"No QR code: {exc}"


def _has_quiet_zone(matrix: list[list[bool]]) -> bool:
    n = len(matrix)
    if n < 2 * QUIET + 1:
        return False
    border = [
        matrix[r][c] for r in range(n) for c in range(n) if r < QUIET or c < QUIET or r >= n - QUIET or c >= n - QUIET
    ]
    return not any(border)


def draw_matrix(canvas: Canvas, matrix: list[list[bool]], x: float, y: float, size: float) -> None:
    """The symbol in a size × size square at (x, y); dark runs in a row are merged into one rectangle."""
    n = len(matrix)
    quiet = 0 if _has_quiet_zone(matrix) else QUIET
    module = size / (n + 2 * quiet)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(x, y, size, size, stroke=0, fill=1)
    canvas.setFillColorRGB(0, 0, 0)
    path = canvas.beginPath()
    for r, row in enumerate(matrix):
        top = y + size - (quiet + r) * module
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                path.rect(x + (quiet + start) * module, top - module, (c - start) * module, module)
            else:
                c += 1
    canvas.drawPath(path, stroke=0, fill=1)


def _balanced_lines(code: str, max_width: float) -> list[str]:
    """The code cut into lines of equal length that fit the width (no lone character on the last line)."""
    n = len(wrap(code, max_width, CODE_SIZE))
    per = -(-len(code) // n)
    return [code[i : i + per] for i in range(0, len(code), per)]


class QRFlowable(Flowable):  # type: ignore[misc]  # reportlab ships no types: Flowable is Any to mypy
    """A QR symbol `size` points wide with the code's text wrapped under it."""

    def __init__(self, matrix: list[list[bool]], code: str, size: float) -> None:
        super().__init__()
        self.matrix, self.code, self.size = matrix, code, size
        self.lines = _balanced_lines(code, size) if code else []
        self.width = size
        self.height = size + len(self.lines) * CODE_SIZE * 1.2 + 4

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        draw_matrix(canvas, self.matrix, 0, self.height - self.size, self.size)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont(REGULAR, CODE_SIZE)
        y = self.height - self.size - 2 - CODE_SIZE
        for line in self.lines:
            canvas.drawString((self.size - width(line, CODE_SIZE)) / 2, y, line)
            y -= CODE_SIZE * 1.2
