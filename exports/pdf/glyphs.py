"""Text the embedded font cannot draw (CJK, emoji): each such character printed transliterated ("李小龍" as "Li Xiao
Long", "🐉" as ":dragon:"), and the text as written kept in the PDF as its ActualText, which copying and searching the
page read."""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

from anyascii import anyascii
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Paragraph

from exports.pdf.fonts import BOLD, REGULAR, register_fonts

UNKNOWN = "?"
"""What a character is printed as when it has no transliteration either."""


@lru_cache(maxsize=1)
def _covered() -> frozenset[int]:
    """The code points both the regular and the bold font draw."""
    register_fonts()
    regular, bold = (pdfmetrics.getFont(name).face.charToGlyph for name in (REGULAR, BOLD))
    return frozenset(regular) & frozenset(bold)


def missing(text: str) -> bool:
    """Whether `text` has a character the font cannot draw (line breaks and tabs aside)."""
    covered = _covered()
    return any(ord(ch) not in covered and ch not in "\n\r\t" for ch in text)


@lru_cache(maxsize=4096)
def drawable(text: str) -> str:
    """`text` with every character the font cannot draw transliterated (a run of them spaced as words: "Li Xiao
    Long"), or `UNKNOWN` where it has no transliteration; joiners, variation selectors, marks and skin tones the font lacks are
    left out. Text the font draws whole is returned as it is."""
    if not missing(text):
        return text
    covered = _covered()
    out: list[str] = []
    replaced = False
    for ch in text:
        if ord(ch) in covered or ch in "\n\r\t":
            out.append(ch)
            replaced = False
            continue
        if unicodedata.category(ch) in ("Mn", "Me", "Cf", "Sk"):  # marks, joiners, skin tones
            continue
        said = anyascii(ch).strip() or UNKNOWN
        if replaced and out and out[-1][-1:].isalnum() and said[:1].isalnum():
            out.append(" ")
        out.append(said)
        replaced = True
    return "".join(out)


def actual_text(text: str) -> str:
    """The PDF marked-content operator that opens a span read as `text` (closed by `END_SPAN`)."""
    encoded = ("\ufeff" + text).encode("utf-16-be").hex().upper()
    return f"/Span <</ActualText <{encoded}>>> BDC"


END_SPAN = "EMC"


class WrittenParagraph(Paragraph):  # type: ignore[misc]
    """A Paragraph of transliterated text (`drawable`) that copying and searching read as `written`."""

    def __init__(self, text: Any, style: Any, written: str = "", **options: Any) -> None:
        super().__init__(text, style, **options)  # reportlab's split makes the parts with its own options
        self.written = written

    def draw(self) -> None:
        self.canv.addLiteral(actual_text(self.written))
        super().draw()
        self.canv.addLiteral(END_SPAN)

    def split(self, availWidth: float, availHeight: float) -> list[Any]:
        """Its parts: the first read as the whole text, the others as nothing (it is read once)."""
        parts: list[Any] = super().split(availWidth, availHeight)
        for n, part in enumerate(parts):
            if isinstance(part, WrittenParagraph):
                part.written = self.written if n == 0 else ""
        return parts


def misread(text: str) -> bool:
    """Whether copying `text` off the page would not give it back: the font cannot draw a character of it, or one
    lies past U+FFFF (reportlab maps each glyph to four hex digits, so an emoji the font draws, 😀 U+1F600, copies
    as U+1F60)."""
    return missing(text) or any(ord(ch) > 0xFFFF for ch in text)


def written_paragraph(text: str, markup: str, style: Any) -> Paragraph:
    """A Paragraph of `markup` (made from `text`, escaped), read as `text` where copying would not give it back."""
    return WrittenParagraph(markup, style, text) if misread(text) else Paragraph(markup, style)
