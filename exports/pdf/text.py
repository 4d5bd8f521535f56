"""Text that fits: shrink to the width (down to a floor), then wrap, and ellipsize only as a last resort."""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from exports.pdf.fonts import BOLD, REGULAR, width
from exports.pdf.glyphs import drawable

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

SIZE_STEP = 0.25
"""Font sizes shrink in quarter points."""
ELLIPSIS = "…"
Colour = tuple[float, float, float]
"""An RGB fill colour, each channel 0–1."""


def markup(text: str) -> str:
    """User text made safe for reportlab Paragraph markup: `<`, `&`, `>` print as typed, line breaks kept."""
    return escape(drawable(text)).replace("\r\n", "\n").replace("\n", "<br/>")


def fit_size(text: str, max_width: float, size: float, floor: float, bold: bool = False) -> float:
    """The largest size from `size` down to `floor` (in quarter points) at which `text` fits one line."""
    natural = width(text, 1.0, bold)
    if natural <= 0 or natural * size <= max_width:
        return size
    wanted = max_width / natural
    stepped = int(wanted / SIZE_STEP) * SIZE_STEP
    return max(floor, min(size, stepped))


def _break_word(word: str, max_width: float, size: float, bold: bool) -> list[str]:
    """A word longer than the line, cut into pieces that each fit."""
    pieces, current = [], ""
    for ch in word:
        if current and width(current + ch, size, bold) > max_width:
            pieces.append(current)
            current = ch
        else:
            current += ch
    if current:
        pieces.append(current)
    return pieces


def wrap(text: str, max_width: float, size: float, bold: bool = False) -> list[str]:
    """Greedy word wrap; explicit line breaks are kept; over-long words are cut, never dropped."""
    lines: list[str] = []
    space = width(" ", size, bold)
    for paragraph in text.split("\n"):
        current, current_w = "", 0.0
        for word in paragraph.split(" "):
            w = width(word, size, bold)
            if current and current_w + space + w <= max_width:
                current, current_w = f"{current} {word}", current_w + space + w
                continue
            if current:
                lines.append(current)
            if w > max_width:
                *full, current = _break_word(word, max_width, size, bold) or [""]
                lines.extend(full)
                current_w = width(current, size, bold)
            else:
                current, current_w = word, w
        lines.append(current)
    return lines


def ellipsize(text: str, max_width: float, size: float, bold: bool = False) -> str:
    """`text` cut at the end with … so that it fits one line."""
    if width(text, size, bold) <= max_width:
        return text
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if width(text[:mid].rstrip() + ELLIPSIS, size, bold) <= max_width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ELLIPSIS


def fit_lines(
    text: str, max_width: float, size: float, floor: float, max_lines: int = 2, bold: bool = False
) -> tuple[float, list[str]]:
    """Shrink `text` to one line; if the floor is reached, wrap it onto up to `max_lines` lines
    (the last one ellipsized only if even that is not enough). Returns (size, lines)."""
    text = drawable(text)
    fitted = fit_size(text, max_width, size, floor, bold)
    if width(text, fitted, bold) <= max_width or max_lines <= 1:
        return fitted, [text if width(text, fitted, bold) <= max_width else ellipsize(text, max_width, fitted, bold)]
    # Wrapped onto more lines, the text may stand a larger size again.
    for lines_wanted in range(2, max_lines + 1):
        candidate = size
        while candidate >= floor:
            lines = wrap(text, max_width, candidate, bold)
            if len(lines) <= lines_wanted:
                return candidate, lines
            candidate -= SIZE_STEP
    lines = wrap(text, max_width, floor, bold)
    kept = lines[: max_lines - 1] + [ellipsize(" ".join(lines[max_lines - 1 :]), max_width, floor, bold)]
    return floor, kept


class TextBatch:
    """All the text of one card face in a single PDF text object: the font and colour are set only when
    they change, rather than once per string."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.text = canvas.beginText()
        self.font: tuple[bool, float] | None = None
        self.colour: Colour | None = None

    def add(self, x: float, y: float, text: str, size: float, bold: bool, align: str, colour: Colour) -> None:
        if align != "left":
            w = width(text, size, bold)
            x -= w / 2 if align == "center" else w
        if self.font != (bold, size):
            self.text.setFont(BOLD if bold else REGULAR, size)
            self.font = (bold, size)
        if self.colour != colour:
            self.text.setFillColorRGB(*colour)
            self.colour = colour
        self.text.setTextOrigin(x, y)
        self.text.textOut(text)

    def __enter__(self) -> TextBatch:
        self.outer = getattr(self.canvas, "_warbench_text", None)
        self.canvas._warbench_text = self
        return self

    def __exit__(self, *exc: object) -> None:
        self.canvas._warbench_text = self.outer
        self.canvas.drawText(self.text)


def put_text(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    size: float,
    bold: bool = False,
    align: str = "left",
    colour: Colour = (0.1, 0.1, 0.1),
) -> None:
    """Draw a string: into the face's TextBatch when one is open, else straight onto the canvas."""
    text = drawable(text)
    batch = getattr(canvas, "_warbench_text", None)
    if batch is not None:
        batch.add(x, y, text, size, bold, align, colour)
        return
    canvas.setFillColorRGB(*colour)
    canvas.setFont(BOLD if bold else REGULAR, size)
    if align == "center":
        canvas.drawCentredString(x, y, text)
    elif align == "right":
        canvas.drawRightString(x, y, text)
    else:
        canvas.drawString(x, y, text)


def draw_fitted(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    max_width: float,
    size: float,
    floor: float,
    bold: bool = False,
    align: str = "left",
    colour: Colour = (0.1, 0.1, 0.1),
) -> float:
    """Draw one line of `text` at baseline `y`, shrunk to `max_width`; returns the size used."""
    text = drawable(text)
    fitted = fit_size(text, max_width, size, floor, bold)
    line = text if width(text, fitted, bold) <= max_width else ellipsize(text, max_width, fitted, bold)
    ax = {"center": x + max_width / 2, "right": x + max_width}.get(align, x)
    put_text(canvas, ax, y, line, fitted, bold, align, colour)
    return fitted
