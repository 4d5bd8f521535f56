"""The key bar: the keys the focused place offers, on one line; a click presses the key."""

from __future__ import annotations

import re

from textual.content import Content
from textual.widgets import Static

SAFE_KEY = re.compile(r"^[a-z0-9_+-]+$")
KEY_STYLE = "bold $footer-key-foreground on $footer-key-background"
DESCRIPTION_STYLE = "$footer-description-foreground"


class KeyBar(Static):
    """What Textual's Footer shows, drawn as one widget: a key per action, the command palette at the right.

    One widget instead of one per key keeps the first frame and every focus change cheap.
    """

    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; background: $footer-background; }
    """

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def _bindings_changed(self, screen) -> None:
        if self.is_attached and screen is self.screen:
            self.refresh()

    def _key(self, key: str, shown: str, description: str, enabled: bool) -> Content:
        label = Content.assemble((f" {shown} ", KEY_STYLE), (f"{description} " if description else "", DESCRIPTION_STYLE))
        if not enabled:
            return label.stylize("dim")
        if SAFE_KEY.match(key):
            return label.stylize(f"@click=app.simulate_key('{key}')")
        return label

    def render(self) -> Content:
        screen, app = self.screen, self.app
        active = screen.active_bindings
        shown: dict[str, Content] = {}
        for _node, binding, enabled, _tooltip in active.values():
            if binding.show and binding.action not in shown:
                shown[binding.action] = self._key(binding.key, app.get_key_display(binding), binding.description, enabled)
        left = Content("").join(shown.values())
        palette = active.get(app.COMMAND_PALETTE_BINDING) if app.ENABLE_COMMAND_PALETTE else None
        if palette is None:
            return left
        _node, binding, enabled, _tooltip = palette
        right = self._key(binding.key, app.get_key_display(binding), binding.description, enabled)
        gap = self.size.width - left.cell_length - right.cell_length
        if gap < 1:
            return left
        return Content.assemble(left, " " * gap, right)
