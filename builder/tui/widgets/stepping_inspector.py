"""An inspector whose rows can be stepped (+/-, Left/Right) and typed into (digits): part points, model counts.

Used by the McWarrior, Warsurge and Warmachine editors; it only adds two messages to the framework's
Inspector, so the shared layout and its CSS apply unchanged.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message

from builder.tui.widgets.inspector import Inspector, InspectorRows

DIGITS = "0123456789"
TYPE_A_NUMBER = Binding.Group("Type the number (the digit starts it)")
"""The digits' one row in the help, where each listed itself ('0  0', '1  1' …)."""


class StepRows(InspectorRows):
    """Inspector rows with keys to change the highlighted row's value in place."""

    BINDINGS = [
        Binding(
            "plus,equals_sign,right",
            "step(1)",
            "More",
            key_display="+/→",
            tooltip="Raise the value (or the next option)",
        ),
        Binding(
            "minus,left", "step(-1)", "Less", key_display="-/←", tooltip="Lower the value (or the previous option)"
        ),
        *(Binding(d, f"type('{d}')", d, show=False, key_display="0–9", group=TYPE_A_NUMBER) for d in DIGITS),
    ]

    def _row(self) -> str | None:
        if self.highlighted is None or self.highlighted >= self.option_count:
            return None
        return self.get_option_at_index(self.highlighted).id

    def action_step(self, delta: int) -> None:
        if row := self._row():
            self.post_message(SteppingInspector.RowStepped(row, delta))

    def action_type(self, digit: str) -> None:
        if row := self._row():
            self.post_message(SteppingInspector.RowTyped(row, digit))


class SteppingInspector(Inspector):
    """The framework's Inspector with StepRows; posts RowStepped and RowTyped besides RowChosen/RowCleared."""

    ROWS = StepRows

    class RowStepped(Message):
        """+/- or Left/Right on a row: change its number by `delta` (or move to the next/previous option)."""

        def __init__(self, row: str, delta: int) -> None:
            super().__init__()
            self.row = row
            self.delta = delta

    class RowTyped(Message):
        """A digit typed on a row: the screen asks for the whole number, starting with that digit."""

        def __init__(self, row: str, text: str) -> None:
            super().__init__()
            self.row = row
            self.text = text
