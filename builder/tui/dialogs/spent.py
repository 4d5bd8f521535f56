"""What one side's turns have spent in full (the hand, the CP ledger, the focus), one key away from the battle; the
other sides only as their compact line, since a player's hand is private."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from builder.tui.widgets.key_hint import key_hint
from catalog.wording import visible


@dataclass(frozen=True)
class SpentSide:
    """A side as the dialog shows it: its name, its details in full, and its compact line ("… hand 5 …")."""

    name: str
    details: list[str]
    summary: str


class SpentDialog(ModalScreen[None]):
    """The shown side's details under its name, every other side's line under theirs; Tab shows the next side in
    full; Escape (or the key that opened it) closes it."""

    HELP_TITLE = "What each turn spent"
    BINDINGS = [
        Binding("escape,s", "close", "Close"),
        Binding("tab", "next_side", "Next side", tooltip="Show the next side in full"),
    ]

    def __init__(self, sides: list[SpentSide], shown: int = 0) -> None:
        super().__init__(classes="dialog")
        self.sides = sides
        self.shown = shown if 0 <= shown < len(sides) else 0

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = Content("What each turn spent")
            with VerticalScroll(id="spent-sides"):
                for number in range(len(self.sides)):
                    yield Static(self._text(number), id=f"spent-side-{number}")
            yield key_hint(*[("Tab next side", "next_side")] * (len(self.sides) > 1), ("Esc close", "close"))

    def _text(self, number: int) -> Content:
        side = self.sides[number]
        lines = side.details if number == self.shown else [side.summary]
        return Content.assemble((visible(side.name), "bold"), "\n", visible("\n".join(lines), keep="\n"))

    def action_next_side(self) -> None:
        self.shown = (self.shown + 1) % len(self.sides)
        for number in range(len(self.sides)):
            self.query_one(f"#spent-side-{number}", Static).update(self._text(number))

    def action_close(self) -> None:
        self.dismiss(None)
