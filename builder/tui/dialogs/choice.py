"""Choose one option from a list filtered as you type; options that would break a rule show the reason."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from builder.editing.base import Choice, ChoicePrompt, matching
from builder.tui.dialogs.typing import TypingDialog
from builder.tui.widgets.key_hint import key_hint
from builder.tui.widgets.text import FittedToWidth, hung
from catalog.wording import visible

CANCELLED = "\0cancelled"
"""What the dialog dismisses with on Escape (None is a real choice: "empty the slot")."""


class ChoiceText(FittedToWidth):
    """An option as the list shows it, laid out for the list's width: its mark, its name in bold and its detail
    dimmed, then the reason it breaks a rule, each wrapped under its own first word."""

    def __init__(self, choice: Choice) -> None:
        self.choice = choice

    def __str__(self) -> str:
        return self.fit(1_000).plain

    def fit(self, width: int) -> Content:
        choice = self.choice
        mark = Content.styled("● ", "$accent") if choice.current else Content("  ")
        parts: list[str | tuple[str, str]] = [(choice.label, "bold")]
        if choice.detail:
            parts += ["  ", (choice.detail, "dim")]
        rows = hung(mark, Content.assemble(*parts), width)
        if choice.reason:
            rows += hung(Content.styled("    ⚠ ", "$warning"), Content.styled(choice.reason, "$warning"), width)
        return Content("\n").join(rows)


class ChoiceDialog(TypingDialog[str | None]):
    """Dismisses with the chosen key (None for the "none" option) or CANCELLED."""

    HELP_TITLE = "This choice"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, prompt: ChoicePrompt) -> None:
        super().__init__(classes="dialog")
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box choice-box") as box:
            box.border_title = Content(visible(self.prompt.title))
            yield Input(placeholder="Type to filter…", id="choice-filter")
            yield OptionList(id="choice-list")
            yield self.note_line()
            yield key_hint(("Enter choose", None), ("Esc cancel", "cancel"))

    def on_mount(self) -> None:
        self._fill("")

    def _fill(self, text: str) -> None:
        options = self.query_one(OptionList)
        shown = [Option(ChoiceText(self.prompt.choices[i]), id=str(i)) for i in matching(self.prompt.choices, text)]
        options.set_options(shown)
        current = next((n for n, o in enumerate(shown) if self.prompt.choices[int(str(o.id))].current), None)
        options.highlighted = 0 if text.strip() or current is None else current

    @on(Input.Changed)
    def _filter(self, event: Input.Changed) -> None:
        self._fill(event.value)

    LIST_KEYS = {"down": "cursor_down", "up": "cursor_up", "pagedown": "page_down", "pageup": "page_up"}
    """Keys typed in the filter that move in the list instead; Home and End too while nothing is typed (after that
    they move in what is typed)."""

    def on_key(self, event) -> None:
        typed = self.query_one(Input)
        action = self.LIST_KEYS.get(event.key) or (
            {"home": "first", "end": "last"}.get(event.key) if not typed.value else None
        )
        if action is not None and typed.has_focus:
            event.stop()
            getattr(self.query_one(OptionList), f"action_{action}")()

    @on(Input.Submitted)
    def _submit(self) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is not None:
            self._pick(str(options.get_option_at_index(options.highlighted).id))

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self._pick(str(event.option.id))

    def _pick(self, option_id: str) -> None:
        """Take a choice; one flagged with a rule it breaks is taken too, and says so (the findings then list it)."""
        choice = self.prompt.choices[int(option_id)]
        if choice.reason and self.prompt.refused:
            self.notify(choice.reason, title="Not allowed", severity="error", timeout=5)
            return
        self.dismiss(choice.key)  # first: the toast is for the screen below, not this dialog's note line
        if choice.reason:
            self.app.notify(
                f"{choice.label}: {choice.reason}. It is in the roster, and the findings say why.",
                title="Chosen, against a rule",
                severity="warning",
                timeout=6,
            )

    def action_cancel(self) -> None:
        self.dismiss(CANCELLED)
