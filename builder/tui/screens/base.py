"""The screen every Warbench screen builds on: its `app` is typed as the Warbench app."""

from __future__ import annotations

from textual import getters
from textual.screen import Screen

from builder.tui.services import WarbenchServices


class WarbenchScreen(Screen):
    """A screen of the Warbench app (Textual's typed `app` getter, so screens reach its services checked)."""

    app = getters.app(WarbenchServices)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key acts once the app has begun to exit (a screen opened then would mount without its widgets)."""
        return not self.app.exiting
