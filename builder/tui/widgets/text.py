"""Fitting list rows to a width: cut a name, put a figure flush right, refit when the width changes."""

from __future__ import annotations

from textual.content import Content


def fit(text: str, width: int) -> str:
    """The text, cut with an ellipsis if it is wider than `width`."""
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


def two_columns(left: Content | str, right: str, width: int, right_style: str = "dim") -> Content:
    """Left text, then the right text flush with the right edge; the left is shortened to make room."""
    left = Content(left) if isinstance(left, str) else left
    room = max(width - len(right) - 1, 4)
    if left.cell_length > room:
        left = left[: room - 1] + Content("…")
    gap = max(width - left.cell_length - len(right), 1)
    return Content.assemble(left, " " * gap, (right, right_style))


class RefitOnResize:
    """Mixed into a widget whose rows are fitted to its width: `_rebuild()` runs again when the width changes."""

    _built_width = 0

    def fitted_width(self) -> int:
        """The width the rows are fitted to (a list's scrollable region; a container's own width)."""
        return self.size.width

    def on_resize(self) -> None:
        width = self.fitted_width()
        if width != self._built_width:
            self._built_width = width
            self._rebuild()
