"""Names and summaries made literal inside Textual content markup, without importing Textual."""

from __future__ import annotations


def escape(text: str) -> str:
    """Text that shows exactly as given inside markup: every "[" is escaped, so nothing in it reads as a tag.

    A backslash right before a tag would escape that tag (Textual's own `escape` has the same limit), so text
    ending in one gets a zero-width space after it.
    """
    text = text.replace("[", "\\[")
    return text + "\u200b" if text.endswith("\\") else text
