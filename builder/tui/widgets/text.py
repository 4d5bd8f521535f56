"""List rows fitted to the width they are drawn at: a name cut with an ellipsis, a figure flush right."""

from __future__ import annotations

import re
from abc import abstractmethod
from collections.abc import Sequence

from textual.content import Content
from textual.visual import Visual

from builder.scenarios.side_names import apart_marks, told_apart


def fit(text: str, width: int) -> str:
    """The text, cut with an ellipsis if it is wider than `width`."""
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


NAME_KEPT = 6
"""Columns a side's name keeps before what tells it apart is shortened to the side's number."""


def fit_sides(names: Sequence[str], width: int | None) -> list[str]:
    """Every side's name in `width` columns (None: whole), told apart from a side of the same name as `told_apart`
    says it ("Rustbucket (side 3)"): whole where it fits, else the name cut before what tells it apart
    ("Rustbuc… (side 3)"), or, for every such side alike where one would keep too little of its name, before the
    side's number ("Rus… (3)", as `--side 3` names it)."""
    marks = apart_marks(names)
    if width is None:
        return told_apart(names)
    longest = max((len(mark) + 3 for mark in marks if mark), default=0)
    numbered = width - longest < NAME_KEPT
    fitted = []
    for number, (name, mark) in enumerate(zip(names, marks), 1):
        tail = (f" ({number})" if numbered else f" ({mark})") if mark else ""
        fitted.append(fit(name, max(width - len(tail), 2)) + tail)
    return fitted


def points(value: float) -> str:
    """Points as a screen shows them: whole where whole, else to one decimal."""
    return f"{value:.0f}" if abs(value - round(value)) < 0.005 else f"{value:.1f}"


def name_and_figures(name: str, figures: str, width: int, sides: Sequence[str] = (), side: int = 0) -> str:
    """ "Name  figures" in `width` columns: the name is cut first (with an ellipsis; where `sides` names every side,
    side `side` told apart from one of the same name, `fit_sides`), the figures stay whole while they fit at all."""
    room = width - len(figures) - 2
    if room < 2:
        return fit(figures, width)
    return f"{fit_sides(sides, room)[side] if sides else fit(name, room)}  {figures}"


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

    def __init__(
        self,
        left: Content | str,
        right: str = "",
        *,
        mark: Content | None = None,
        below: str = "",
        wrap: bool = False,
    ) -> None:
        self.left = Content(left) if isinstance(left, str) else left
        self.right = right
        self.mark = mark or Content("")
        self.below = below
        self.wrap = wrap
        """A left text too long for the row goes on over more rows (at spaces) rather than being cut."""
        self._fitted: tuple[int, Content] | None = None

    def content(self, width: int) -> Content:
        """The row as text for this width (kept for the last width asked)."""
        if self._fitted is None or self._fitted[0] != width:
            room = max(width - self.mark.cell_length - 1, 8)
            if self.wrap and self.left.cell_length + len(self.right) + 1 > room:
                self._fitted = (width, self._wrapped(room))
                return self._fitted[1]
            row = Content.assemble(self.mark, two_columns(self.left, self.right, room))
            if self.below:
                indent = self.mark.cell_length + 2
                row = Content.assemble(row, "\n" + " " * indent, (fit(self.below, max(width - indent - 1, 4)), "dim"))
            self._fitted = (width, row)
        return self._fitted[1]

    def _wrapped(self, room: int) -> Content:
        """The left text over as many rows as it takes, the right text flush right on the last (or one of its own),
        each row after the first indented as the mark is."""
        rows = wrapped_at_spaces(self.left, room).split("\n")
        if rows[-1].cell_length + len(self.right) + 1 > room:
            rows.append(Content(""))
        rows[-1] = two_columns(rows[-1], self.right, room) if self.right else rows[-1]
        indent = Content(" " * self.mark.cell_length)
        return Content("\n").join(Content.assemble(self.mark if i == 0 else indent, row) for i, row in enumerate(rows))

    @property
    def plain(self) -> str:
        """The row's text at its natural width (tests and searches read this)."""
        return self.content(self.left.cell_length + self.mark.cell_length + len(self.right) + 2).plain

    def render_strips(self, width, height, style, options):
        return self.content(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules, container_width: int) -> int:
        return container_width

    def get_height(self, rules, width: int) -> int:
        return self.content(width).get_height(rules, width) if self.wrap else 2 if self.below else 1


def wrapped_at_spaces(text: Content, width: int) -> Content:
    """The text with its lines broken at ordinary spaces to fit `width` (a word wider than that stays whole): a
    no-break space, which joins a stat's name to its value, never becomes a line break."""
    out: list[Content] = []
    start = 0
    for line in text.plain.split("\n"):
        end = start + len(line)
        begin = start  # where the row being filled starts
        last_break = None  # the end of the last word placed
        for word in re.finditer(r"[^ ]+", line):
            word_start, word_end = start + word.start(), start + word.end()
            if word_end - begin > width and last_break is not None:
                out.append(text[begin:last_break])
                begin = word_start
            last_break = word_end
        out.append(text[begin:last_break] if last_break is not None else text[begin:end])
        start = end + 1
    return Content("\n").join(out)


def hung(prefix: Content, body: Content, width: int) -> list[Content]:
    """The body's rows wrapped at spaces to fit `width` after the prefix, the first after it and the rest indented
    under the body's first word (a list item's marker, an option's mark)."""
    rows = wrapped_at_spaces(body, max(width - len(prefix), 8)).split("\n")
    return [prefix + rows[0], *(Content(" " * len(prefix)) + row for row in rows[1:])]


class FittedToWidth(Visual):
    """Text laid out for the width it is drawn at, kept for the last width asked (a subclass says how: `fit`)."""

    _fitted: tuple[int, Content] | None = None

    @abstractmethod
    def fit(self, width: int) -> Content:
        """The text laid out for `width`."""

    def content(self, width: int) -> Content:
        """The text laid out for this width (kept for the last width asked)."""
        if self._fitted is None or self._fitted[0] != width:
            self._fitted = (width, self.fit(width))
        return self._fitted[1]

    def render_strips(self, width, height, style, options):
        return self.content(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules, container_width: int) -> int:
        return container_width

    def get_height(self, rules, width: int) -> int:
        return self.content(width).get_height(rules, width)


class KeptPairs(FittedToWidth):
    """Text laid out when it is drawn, broken at ordinary spaces only (`wrapped_at_spaces`): "MAT 3" stays on one
    row however narrow the pane."""

    def __init__(self, text: Content) -> None:
        self.text = text

    @property
    def plain(self) -> str:
        """The text unwrapped, without its styles."""
        return self.text.plain

    def __str__(self) -> str:
        return self.text.plain

    def fit(self, width: int) -> Content:
        return wrapped_at_spaces(self.text, width)


class Hanging(FittedToWidth):
    """Lines laid out when drawn, each one's wrapped rows indented under its own words (after its leading spaces and
    its "- " or "2. "), as the items of a list read."""

    MARKER = re.compile(r" *(?:- |\d+\. )?")

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def fit(self, width: int) -> Content:
        out: list[Content] = []
        for line in self.lines:
            indent = len(self.MARKER.match(line).group())  # type: ignore[union-attr]  # it matches the empty string
            out += hung(Content(line[:indent]), Content(line[indent:]), width)
        return Content("\n").join(out)
