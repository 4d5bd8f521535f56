"""A dialog's line of keys, each a link a tap or click runs: a phone's keyboard in the served builder has no Esc."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Label

Key = tuple[str, str | None]
"""What the line says of a key ("Esc cancel") and the action a tap runs: the dialog's, or one named with its
namespace ("app.command_palette"); None: words only."""
BREAK: Key = ("\n", None)
"""Starts the keys after it on a line of their own."""


def key_hint(*keys: Key, id: str | None = None, classes: str = "dialog-hint") -> Label:
    """The keys, ' · ' between them (a BREAK between two starts a new line), each with an action a link."""
    parts: list[Content] = []
    for text, action in keys:
        if text == "\n":
            parts.append(Content("\n"))
            continue
        if parts and parts[-1].plain != "\n":
            parts.append(Content(" · "))
        if action is None:
            parts.append(Content(text))
        else:
            parts.append(Content(text).stylize(f"@click={action if '.' in action else f'screen.{action}'}"))
    return Label(Content.assemble(*parts), id=id, classes=classes)
