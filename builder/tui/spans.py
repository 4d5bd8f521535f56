"""How each role of the core's text looks on screen: the core's spans as Textual content."""

from __future__ import annotations

from textual.content import Content

from builder.spans import Role, Spans

STYLES: dict[Role, str] = {
    "": "",
    "title": "bold",
    "error": "$error",
    "ok": "$success",
    "dim": "dim",
    "accent": "$accent",
    "gone": "strike dim",
}
"""Each role's style (theme variables, so a theme switch recolours it)."""


def content(paragraph: Spans) -> Content:
    """A paragraph of spans as content to show; its text is never read as markup."""
    return Content.assemble(*((span.text, STYLES[span.role]) if span.role else span.text for span in paragraph))
