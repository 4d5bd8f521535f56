"""Textual's footer, rebuilt only when the keys it shows change."""

from __future__ import annotations

from textual.widgets import Footer


class KeyFooter(Footer):
    """The stock `Footer`; a focus move that leaves the shown keys as they were does not recompose it (the stock
    one rebuilds its keys on every move: three times while an editor opens, and again on every Tab)."""

    _shown: tuple | None = None

    def bindings_changed(self, screen) -> None:
        shown = shown_keys(screen)
        if shown != self._shown:
            self._shown = shown
            super().bindings_changed(screen)


def shown_keys(screen) -> tuple:
    """What a footer on `screen` shows: each shown binding (and the command palette's) with its key, label and
    whether it is enabled."""
    palette = screen.app.COMMAND_PALETTE_BINDING
    return tuple((key, binding.description, binding.key_display, enabled, tooltip)
                 for key, (_node, binding, enabled, tooltip) in screen.active_bindings.items()
                 if binding.show or key == palette)
