"""Names and summaries shown inside Textual markup: escaped without Textual, shown exactly as typed."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from textual.content import Content

from builder.editing.markup import escape


@given(st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=40))
def test_escaped_text_shows_exactly_as_given_between_tags(text):
    shown = Content.from_markup(f"[b]{escape(text)}[/] and [i]{escape(text)}[/]")
    tail = "\u200b" if text.endswith("\\") else ""
    assert shown.plain == f"{text}{tail} and {text}{tail}"
    width = len(text + tail)  # the tags wrap exactly the text: none of it was read as a tag
    assert [(span.start, span.end) for span in shown.spans] == ([(0, width), (width + 5, 2 * width + 5)] if width else [])
