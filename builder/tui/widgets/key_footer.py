"""Textual's footer, rebuilt only when the keys it would show change."""

from __future__ import annotations

from textual.widgets import Footer


class KeyFooter(Footer):
    """The stock `Footer`, which rebuilds its keys on every focus move (three times while an editor opens, and
    on every Tab); this one skips a rebuild that would draw exactly the keys it already shows."""

    _drawn: tuple | None = None
    """The keys as last drawn (None: nothing drawn yet)."""

    async def recompose(self) -> None:
        if not self.is_attached:  # its screen closed before the rebuild came round
            return
        keys = (self.show_command_palette, shown_keys(self.screen))
        if keys == self._drawn:
            return
        self._drawn = keys
        await super().recompose()
        if not self.children:  # too early: the stock footer draws nothing until its screen's keys are known
            self._drawn = None

    def bindings_changed(self, screen) -> None:
        """The stock footer redraws only while the app has the focus; the first keys are drawn without it too, for
        in a browser the app starts unfocused (textual-serve's page has no focus until it is tapped or clicked)
        and the footer would stay blank, though a phone's player needs its keys to tap."""
        super().bindings_changed(screen)
        if self._drawn is None and not screen.app.app_focus and self.is_attached and screen is self.screen:
            self.call_after_refresh(self.recompose)


def shown_keys(screen) -> tuple:
    """Everything a footer on `screen` draws of its bindings: each shown binding (and the command palette's) with
    its key as displayed, label, action, group, tooltip and whether it is enabled."""
    app = screen.app
    return tuple(
        (key, app.get_key_display(binding), binding.description, binding.action, binding.group, enabled, tooltip)
        for key, (_node, binding, enabled, tooltip) in screen.active_bindings.items()
        if binding.show or key == app.COMMAND_PALETTE_BINDING
    )
