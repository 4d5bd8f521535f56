"""List rows fitted to the width they are drawn at: a name cut with an ellipsis, a figure flush right."""

from __future__ import annotations

from textual.content import Content
from textual.visual import Visual


def fit(text: str, width: int) -> str:
    """The text, cut with an ellipsis if it is wider than `width`."""
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


def name_and_figures(name: str, figures: str, width: int) -> str:
    """ "Name  figures" in `width` columns: the name is cut first (with an ellipsis), the figures stay whole while
    they fit at all."""
    room = width - len(figures) - 2
    return f"{fit(name, room)}  {figures}" if room >= 2 else fit(figures, width)


def two_columns(left: Content | str, right: str, width: int, right_style: str = "dim") -> Content:
    """Left text, then the right text flush with the right edge; the left is shortened to make room."""
    left = Content(left) if isinstance(left, str) else left
    room = max(width - len(right) - 1, 4)
    if left.cell_length > room:
        left = left[: room - 1] + Content("…")
    gap = max(width - left.cell_length - len(right), 1)
    return Content.assemble(left, " " * gap, (right, right_style))


class FittedRow(Visual):
    """A list row laid out when it is drawn, so it never needs rebuilding for a new width.

    `mark` (fixed width) + `left` cut to fit + `right` flush right; `below`, if any, is a dim second line
    indented under the name. The last column stays empty, clear of a scrollbar.
    """

    def __init__(self, left: Content | str, right: str = "", *, mark: Content | None = None, below: str = "") -> None:
        self.left = Content(left) if isinstance(left, str) else left
        self.right = right
        self.mark = mark or Content("")
        self.below = below
        self._fitted: tuple[int, Content] | None = None

    def content(self, width: int) -> Content:
        """The row as text for this width (kept for the last width asked)."""
        if self._fitted is None or self._fitted[0] != width:
            room = max(width - self.mark.cell_length - 1, 8)
            row = Content.assemble(self.mark, two_columns(self.left, self.right, room))
            if self.below:
                indent = self.mark.cell_length + 2
                row = Content.assemble(row, "\n" + " " * indent, (fit(self.below, max(width - indent - 1, 4)), "dim"))
            self._fitted = (width, row)
        return self._fitted[1]

    @property
    def plain(self) -> str:
        """The row's text at its natural width (tests and searches read this)."""
        return self.content(self.left.cell_length + self.mark.cell_length + len(self.right) + 2).plain

    def render_strips(self, width, height, style, options):
        return self.content(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules, container_width: int) -> int:
        return container_width

    def get_height(self, rules, width: int) -> int:
        return 2 if self.below else 1
