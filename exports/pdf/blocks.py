"""Card content blocks: each lays itself out as rows (height + draw) at a scale, so cards can shrink and flow."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from exports.pdf.fonts import width
from exports.pdf.text import Colour, fit_size, put_text, wrap

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

BODY = 7.5
"""Body text size at scale 1 (points)."""
MIN_SIZE = 7.0
"""No text on a card is set smaller than this."""
INK: Colour = (0.1, 0.1, 0.1)
MUTED: Colour = (0.35, 0.35, 0.35)
RULE: Colour = (0.6, 0.6, 0.6)
SHADE: Colour = (0.9, 0.9, 0.9)


@dataclass
class Row:
    """A strip of a laid-out block: its height and how to draw it with its top edge at `top`."""

    height: float
    draw: Callable[[Canvas, float, float], None]
    keep_with_next: bool = False


def together(rows: list[Row]) -> list[Row]:
    """The rows as one piece: each but the last keeps with the next, so no face ends inside them."""
    for row in rows[:-1]:
        row.keep_with_next = True
    return rows


class Block(Protocol):
    """What a card or a sheet column holds: it lays itself out as rows at a width and scale."""

    def rows(self, w: float, scale: float) -> list[Row]: ...


@dataclass
class Heading:
    """A small bold section label with a rule under it ("Weapons", "Rules")."""

    text: str

    def rows(self, w: float, scale: float) -> list[Row]:
        """One row; a label too long for the width at 7 pt wraps between its words."""
        size = max(MIN_SIZE, 6.5 * scale)
        text = self.text.upper()
        fitted = fit_size(text, w, size, MIN_SIZE, True)
        lines = [text] if width(text, fitted, True) <= w else wrap(text, w, fitted, True)
        h = size * 1.55 + (len(lines) - 1) * fitted * 1.2

        def draw(canvas: Canvas, x: float, top: float) -> None:
            for n, line in enumerate(lines):
                put_text(canvas, x, top - size * 1.05 - n * fitted * 1.2, line, fitted, True, colour=MUTED)
            canvas.setStrokeColorRGB(*RULE)
            canvas.setLineWidth(0.4)
            canvas.line(x, top - h + 1, x + w, top - h + 1)

        return [Row(h, draw, keep_with_next=True)]


@dataclass
class Stats:
    """A stat line: labels over values in equal boxes (SPD STR MAT …)."""

    labels: Sequence[str]
    values: Sequence[str]

    def rows(self, w: float, scale: float) -> list[Row]:
        """One strip of boxes; two (the first half above) when the labels would not fit their boxes at 7 pt."""
        label_size = max(MIN_SIZE, 5.5 * scale)
        fits = all(width(label, label_size, True) <= w / max(1, len(self.labels)) - 2 for label in self.labels)
        if fits or len(self.labels) < 2:
            return [self._strip(self.labels, self.values, w, scale)]
        half = (len(self.labels) + 1) // 2
        first = self._strip(self.labels[:half], self.values[:half], w, scale)
        first.keep_with_next = True
        return [first, self._strip(self.labels[half:], self.values[half:], w, scale)]

    @staticmethod
    def _strip(labels: Sequence[str], values: Sequence[str], w: float, scale: float) -> Row:
        label_size = max(MIN_SIZE, 5.5 * scale)
        value_size = max(MIN_SIZE, 9.5 * scale)
        h = label_size * 1.3 + value_size * 1.35 + 2
        col = w / max(1, len(labels))

        def draw(canvas: Canvas, x: float, top: float) -> None:
            canvas.setFillColorRGB(*SHADE)
            canvas.rect(x, top - label_size * 1.3 - 1, w, label_size * 1.3 + 1, stroke=0, fill=1)
            canvas.setStrokeColorRGB(*RULE)
            canvas.setLineWidth(0.5)
            canvas.rect(x, top - h + 1, w, h - 1, stroke=1, fill=0)
            for i, (label, value) in enumerate(zip(labels, values)):
                cx = x + col * i
                if i:
                    canvas.line(cx, top, cx, top - h + 1)
                ls = fit_size(label, col - 2, label_size, MIN_SIZE, True)
                put_text(canvas, cx + col / 2, top - label_size * 1.05, label, ls, True, "center")
                vs = fit_size(value, col - 2, value_size, MIN_SIZE, True)
                put_text(canvas, cx + col / 2, top - h + value_size * 0.45 + 1.5, value, vs, True, "center")

        return Row(h, draw)


@dataclass
class Note:
    """A table row of small muted text across all columns (a weapon's rule names)."""

    text: str


@dataclass
class Table:
    """Columns of text with a bold header; cells shrink to their column, then wrap (never spill)."""

    headers: Sequence[str]
    rows_: Sequence[Sequence[str] | Note]
    """Rows of cells; a Note row prints its text across all columns."""
    widths: Sequence[float]
    """Relative column widths."""
    aligns: Sequence[str] = ()
    bold_first: bool = True
    sizes: Sequence[float] = ()
    """Per-column size factors (the McWarrior circles print larger than the text around them)."""

    def rows(self, w: float, scale: float) -> list[Row]:
        size = max(MIN_SIZE, BODY * scale)
        head = max(MIN_SIZE, 5.5 * scale)
        cols = self.column_widths(w)
        aligns = list(self.aligns) or ["left"] + ["center"] * (len(cols) - 1)
        pad = 1.5
        out: list[Row] = []
        if any(self.headers):
            heads = self.header_lines(cols, scale)

            def draw_head(canvas: Canvas, x: float, top: float) -> None:
                cx = x
                for (lines, s), cw, align in zip(heads, cols, aligns):
                    for i, line in enumerate(lines):
                        _cell(canvas, cx, cw, top - head * 1.05 - i * s * 1.15, line, s, True, align, MUTED)
                    cx += cw

            lines_most = max(len(lines) for lines, _ in heads)
            out.append(Row(head * 1.4 + (lines_most - 1) * head * 1.15, draw_head, keep_with_next=True))
        striped = True  # the first row is unshaded, then every other one
        for cells in self.rows_:
            if isinstance(cells, Note):
                notes = _note_rows(cells.text, w, size, striped)
                together(out[-1:] + notes)  # a weapon's rule names stay on its face
                out.extend(notes)
                continue
            striped = not striped
            laid: list[tuple[list[str], float, bool]] = []
            for c, (text, cw) in enumerate(zip(cells, cols)):
                bold = self.bold_first and c == 0
                want = size * (self.sizes[c] if c < len(self.sizes) else 1.0)
                # a phrase may wrap at its spaces once it is 80 % size; a single word shrinks further first
                floor = max(MIN_SIZE, want * 0.8) if " " in text.strip() else MIN_SIZE
                s = fit_size(text, cw - 2 * pad, want, floor, bold)
                lines = [text] if width(text, s, bold) <= cw - 2 * pad else wrap(text, cw - 2 * pad, s, bold)
                laid.append((lines, s, bold))
            h = max(len(lines) * s * 1.2 for lines, s, _ in laid) + 1.5
            tallest = max(s for _, s, _ in laid)

            def draw_row(
                canvas: Canvas,
                x: float,
                top: float,
                laid: list[tuple[list[str], float, bool]] = laid,
                shaded: bool = striped,
                h: float = h,
                tallest: float = tallest,
            ) -> None:
                if shaded:
                    canvas.setFillColorRGB(0.95, 0.95, 0.95)
                    canvas.rect(x, top - h, w, h, stroke=0, fill=1)
                cx = x
                for (lines, s, bold), cw, align in zip(laid, cols, aligns):
                    # one baseline for the row: a smaller cell sits on the line of the tallest
                    base = top - tallest * 1.05 - (tallest - s) * 0.1
                    for i, line in enumerate(lines):
                        _cell(canvas, cx, cw, base - i * s * 1.2, line, s, bold, align, INK)
                    cx += cw

            out.append(Row(h, draw_row))
        return out

    def header_lines(self, cols: Sequence[float], scale: float) -> list[tuple[list[str], float]]:
        """Each header's lines and size: shrunk to its column, then wrapped between words (never over the next)."""
        head = max(MIN_SIZE, 5.5 * scale)
        laid: list[tuple[list[str], float]] = []
        for text, cw in zip(self.headers, cols):
            s = fit_size(text, cw - 3.0, head, MIN_SIZE, True)
            laid.append((wrap(text, cw - 3.0, s, True) if width(text, s, True) > cw - 3.0 else [text], s))
        return laid

    def column_widths(self, w: float) -> list[float]:
        """Each column's share of `w`, widened where needed so that its longest word fits at 7 pt (taken from
        the columns with room to spare): a cell breaks between words, never inside one."""
        total = sum(self.widths)
        cols = [w * c / total for c in self.widths]
        least = [0.0] * len(cols)
        for cells in [self.headers, *self.rows_]:
            if isinstance(cells, Note):
                continue
            for c, text in enumerate(cells[: len(cols)]):
                bold = cells is self.headers or (self.bold_first and c == 0)
                longest = max((width(word, MIN_SIZE, bold) for word in str(text).split()), default=0.0)
                least[c] = max(least[c], longest + 3.0)
        short = sum(max(need - have, 0.0) for need, have in zip(least, cols))
        spare = [max(have - need, 0.0) for need, have in zip(least, cols)]
        if short <= 0 or sum(spare) <= 0:
            return cols
        taken = min(short, sum(spare))
        grown = [
            max(have, need) if need > have else have - taken * room / sum(spare)
            for need, have, room in zip(least, cols, spare)
        ]
        if taken < short:  # not room enough for every word: the short columns share what there is
            scale = (w - sum(g for g, need, have in zip(grown, least, cols) if need <= have)) / sum(
                g for g, need, have in zip(grown, least, cols) if need > have
            )
            grown = [g * scale if need > have else g for g, need, have in zip(grown, least, cols)]
        return grown


def _note_rows(text: str, w: float, size: float, shaded: bool) -> list[Row]:
    """Rows of a Note: smaller muted text, indented, wrapped, on the same shading as its row."""
    s = max(MIN_SIZE, size * 0.82)
    out = []
    for line in wrap(text, w - 6, s):

        def draw(canvas: Canvas, x: float, top: float, line: str = line) -> None:
            if shaded:
                canvas.setFillColorRGB(0.95, 0.95, 0.95)
                canvas.rect(x, top - s * 1.2, w, s * 1.2, stroke=0, fill=1)
            put_text(canvas, x + 5, top - s * 0.95, line, s, colour=MUTED)

        out.append(Row(s * 1.2, draw))
    return out


def _cell(
    canvas: Canvas, x: float, cw: float, y: float, text: str, size: float, bold: bool, align: str, colour: Colour
) -> None:
    pad = 1.5
    if align == "center":
        put_text(canvas, x + cw / 2, y, text, size, bold, "center", colour)
    elif align == "right":
        put_text(canvas, x + cw - pad, y, text, size, bold, "right", colour)
    else:
        put_text(canvas, x + pad, y, text, size, bold, "left", colour)


@dataclass
class Rich:
    """A wrapped paragraph that opens with a bold lead ("Flight: may move over terrain.")."""

    lead: str
    text: str = ""
    size: float = BODY

    def rows(self, w: float, scale: float) -> list[Row]:
        size = max(MIN_SIZE, self.size * scale)
        words = [(word, True) for word in self.lead.split(" ") if word] + [
            (word, False) for word in self.text.split(" ") if word
        ]
        lines: list[list[tuple[str, bool]]] = [[]]
        line_w = 0.0
        for word, bold in words:
            ww = width(word, size, bold)
            gap = width(" ", size, False) if lines[-1] else 0.0
            if lines[-1] and line_w + gap + ww > w:
                lines.append([])
                line_w, gap = 0.0, 0.0
            if ww > w:  # a single word wider than the card: cut it, never lose it
                for piece in wrap(word, w, size, bold):
                    if lines[-1]:
                        lines.append([])
                    lines[-1].append((piece, bold))
                line_w = width(lines[-1][-1][0], size, bold)
                continue
            lines[-1].append((word, bold))
            line_w += gap + ww
        lead = size * 1.22
        out = []
        for i, line in enumerate(lines):
            runs: list[tuple[str, bool]] = []  # consecutive words in one font are drawn as one string
            for word, bold in line:
                if runs and runs[-1][1] == bold:
                    runs[-1] = (f"{runs[-1][0]} {word}", bold)
                else:
                    runs.append((f" {word}" if runs else word, bold))

            def draw(canvas: Canvas, x: float, top: float, runs: list[tuple[str, bool]] = runs) -> None:
                cx = x
                for text, bold in runs:
                    put_text(canvas, cx, top - size * 0.95, text, size, bold)
                    cx += width(text, size, bold)

            last = i == len(lines) - 1
            out.append(Row(lead + (1.2 if last else 0), draw, keep_with_next=not last))
        return out


@dataclass
class Line:
    """One line of text that shrinks to the width (then wraps)."""

    text: str
    bold: bool = False
    size: float = BODY
    align: str = "left"
    colour: Colour = INK

    def rows(self, w: float, scale: float) -> list[Row]:
        base = max(MIN_SIZE, self.size * scale)
        s = fit_size(self.text, w, base, max(MIN_SIZE, base * 0.75), self.bold)
        lines = [self.text] if width(self.text, s, self.bold) <= w else wrap(self.text, w, s, self.bold)
        out = []
        for line in lines:

            def draw(canvas: Canvas, x: float, top: float, line: str = line) -> None:
                ax = {"center": x + w / 2, "right": x + w}.get(self.align, x)
                put_text(canvas, ax, top - s * 0.95, line, s, self.bold, self.align, self.colour)

            out.append(Row(s * 1.25, draw))
        return out


@dataclass
class Gap:
    """Vertical space."""

    height: float = 3.0

    def rows(self, w: float, scale: float) -> list[Row]:
        return [Row(self.height * scale, lambda canvas, x, top: None)]
