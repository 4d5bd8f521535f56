"""Panes shown one at a time under a one-line strip of their titles (a light TabbedContent: two widgets, not ten)."""

from __future__ import annotations

from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import ContentSwitcher, Static

ACTIVE_STYLE = "bold $text on $primary"
INACTIVE_STYLE = "$text-muted"


class TabStrip(Static):
    """The titles of a PaneTabs' panes, the shown one highlighted; clicking a title shows its pane."""

    titles: reactive[tuple[tuple[str, str], ...]] = reactive(())
    """(pane id, title) in order."""
    active: reactive[str] = reactive("")

    class Chosen(Message):
        """The player clicked a title."""

        def __init__(self, pane: str) -> None:
            super().__init__()
            self.pane = pane

    def render(self) -> Content:
        return Content("").join(
            Content.styled(f"  {title}  ", ACTIVE_STYLE if pane == self.active else INACTIVE_STYLE)
            .stylize(f"@click=choose('{pane}')")
            for pane, title in self.titles)

    def action_choose(self, pane: str) -> None:
        self.post_message(self.Chosen(pane))


class PaneTabs(ContentSwitcher):
    """Shows the child whose id is `active`; set titles with `set_titles`, keep a TabStrip (`strip`) in step."""

    def __init__(self, strip: TabStrip, *, id: str, initial: str) -> None:
        super().__init__(id=id, initial=initial)
        self.strip = strip
        strip.active = initial

    @property
    def active(self) -> str:
        return self.current or ""

    @active.setter
    def active(self, pane: str) -> None:
        self.current = pane
        self.strip.active = pane

    def set_titles(self, titles: dict[str, str]) -> None:
        self.strip.titles = tuple(titles.items())
