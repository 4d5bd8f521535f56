"""What each side's turns have spent in full (the hand, the CP ledger, the focus), one key away from the battle."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from catalog.wording import visible


class SpentDialog(ModalScreen[None]):
    """Each side's details under its name; Escape (or the key that opened it) closes it."""

    HELP_TITLE = "What each turn spent"
    BINDINGS = [Binding("escape,s", "close", "Close")]

    def __init__(self, sides: list[tuple[str, list[str]]]) -> None:
        super().__init__(classes="dialog")
        self.sides = sides

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = Content("What each turn spent")
            with VerticalScroll(id="spent-sides"):
                for name, lines in self.sides:
                    yield Static(Content.assemble((visible(name), "bold"), "\n", visible("\n".join(lines), keep="\n")))
            yield Label("Esc close", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)
