"""Textual's footer, rebuilt only when the keys it would show change, and fitted to the terminal's width."""

from __future__ import annotations

from typing import Protocol, TypeGuard

from textual.app import ComposeResult
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import Footer

PHONE_COLUMNS = 78
"""A terminal narrower than this is taken for a phone's (a Pixel 7 in the served builder gives 43 columns)."""
KEPT_ACTIONS = ("help",)
"""The key a footer too narrow for all of them keeps whatever else it leaves out (F1 lists every key)."""


class FooterKey(Protocol):
    """What the footer knows of a key Textual's footer draws (its class is not public)."""

    key_display: str
    description: str
    action: str

    def has_class(self, *class_names: str) -> bool: ...


def is_key(widget: Widget) -> TypeGuard[FooterKey]:
    return isinstance(getattr(widget, "key_display", None), str) and isinstance(getattr(widget, "action", None), str)


def key_width(key: FooterKey, compact: bool) -> int:
    """Columns a key takes in the footer (its margin or the palette key's border included)."""
    described = 1 + len(key.description) if key.description else 0
    if key.has_class("-command-palette"):
        return 1 + len(key.key_display) + described + (0 if compact else 1)
    if compact:
        return len(key.key_display) + described + 1
    return len(key.key_display) + 2 + (len(key.description) + 1 if key.description else 0)


def fitted(keys: list[FooterKey], width: int, first: tuple[str, ...] = ()) -> tuple[list[FooterKey], bool]:
    """The keys that fit `width` columns, and whether they must be drawn compact: all of them roomy if they fit,
    else compact, else compact without the last ones (the help key kept); the actions `first` (a screen's own
    keys that matter most) go only when every other key has gone."""
    if sum(key_width(key, False) for key in keys) <= width:
        return keys, False
    kept = list(keys)
    while sum(key_width(key, True) for key in kept) > width:
        droppable = [key for key in kept if key.action not in KEPT_ACTIONS and not key.has_class("-command-palette")]
        if not droppable:
            break
        kept.remove(([key for key in droppable if key.action not in first] or droppable)[-1])
    return kept, True


class KeyFooter(Footer):
    """The stock `Footer`, which rebuilds its keys on every focus move (three times while an editor opens, and
    on every Tab); this one skips a rebuild that would draw exactly the keys it already shows."""

    _drawn: tuple | None = None
    """The keys as last drawn (None: nothing drawn yet)."""

    def compose(self) -> ComposeResult:
        """The stock footer's keys, as many as fit the terminal's width (compact when roomy ones do not), with no
        tooltips on a phone."""
        widgets: list[Widget] = list(super().compose())
        keys = [widget for widget in widgets if is_key(widget)]
        if len(keys) != len(widgets):  # a binding group: drawn as Textual draws it
            yield from widgets
            return
        kept, compact = fitted(keys, self.app.size.width, getattr(self.screen, "FOOTER_FIRST", ()))
        self.set_reactive(Footer.compact, compact)  # each key follows the footer's (Textual binds them)
        self.set_class(compact, "-compact")
        kept_ids = {id(key) for key in kept}
        for widget in widgets:
            if id(widget) in kept_ids:
                if self.app.size.width < PHONE_COLUMNS:  # a tap leaves the pointer on the key: its tooltip would
                    widget.tooltip = None  # stay over the notice the key's action gives (F1 says what each does)
                yield widget

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self.recompose)

    async def recompose(self) -> None:
        if not self.is_attached:  # its screen closed before the rebuild came round
            return
        keys = (self.show_command_palette, shown_keys(self.screen), self.app.size.width)
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
