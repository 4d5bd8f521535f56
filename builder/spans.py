"""Text the core hands to a screen: runs of plain text, each with a role (title, error, ok, dim, accent).

The core says what a run of text is; the TUI decides how each role looks (`builder.tui.spans`). A name or a
summary from a catalogue is always plain text here, never markup, so nothing in it is read as a tag.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple

Role = Literal["", "title", "error", "ok", "dim", "accent", "gone"]
"""What a run is: "" plain, a title (a name heading a pane), an error, an ok, a dim note, an accented figure,
or what is gone (a destroyed unit)."""


NO_BREAK = "\u00a0"
"""Joins a figure's name to its value ("MAT 3", "5 WP"): the screen never breaks a line there."""


class Span(NamedTuple):
    """One run of text and its role."""

    text: str
    role: Role = ""


Spans = tuple[Span, ...]
"""A paragraph: runs in order (line breaks are "\\n" inside them)."""


def spans(*parts: str | Span) -> Spans:
    """A paragraph from plain strings and spans, empty runs dropped."""
    return tuple(p if isinstance(p, Span) else Span(p) for p in parts if (p.text if isinstance(p, Span) else p))


def title(text: str) -> Span:
    return Span(text, "title")


def error(text: str) -> Span:
    return Span(text, "error")


def ok(text: str) -> Span:
    return Span(text, "ok")


def dim(text: str) -> Span:
    return Span(text, "dim")


def joined(paragraphs: Iterable[Spans | str], separator: str = "\n") -> Spans:
    """Paragraphs (or plain strings) one after another, `separator` between them."""
    out: list[Span] = []
    for i, paragraph in enumerate(paragraphs):
        if i:
            out.append(Span(separator))
        out += spans(paragraph) if isinstance(paragraph, str) else paragraph
    return spans(*out)


def plain(paragraph: Spans) -> str:
    """The paragraph's text without roles (what a test or a log reads)."""
    return "".join(span.text for span in paragraph)


def lines(paragraph: Spans) -> list[Spans]:
    """The paragraph cut at each line break, roles kept."""
    out: list[list[Span]] = [[]]
    for span in paragraph:
        for i, piece in enumerate(span.text.split("\n")):
            if i:
                out.append([])
            if piece:
                out[-1].append(Span(piece, span.role))
    return [tuple(line) for line in out]


def after_first_line(paragraph: Spans) -> Spans:
    """The paragraph without its first line (all of it when it has one line)."""
    cut = lines(paragraph)
    return joined(cut[1:]) if len(cut) > 1 else paragraph
