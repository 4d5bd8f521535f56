"""Ask for a line of text (a name, a path) or a few lines (notes)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, Label

from builder.tui.dialogs.typing import TypingDialog
from builder.tui.widgets.key_hint import key_hint
from catalog.access import shipped
from catalog.wording import visible


class TextPrompt(TypingDialog[str | None]):
    """Dismisses with the text, or None on Escape. Multi-line: Ctrl+S keeps the text. With `check`, text it
    refuses (it returns the reason) keeps the prompt open, the text as typed and the reason shown under it."""

    HELP_TITLE = "This prompt"
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "keep", "Keep", show=False)]

    def __init__(
        self,
        title: str,
        value: str = "",
        *,
        hint: str = "",
        multiline: bool = False,
        max_length: int = 200,
        check: Callable[[str], str | None] | None = None,
    ) -> None:
        super().__init__(classes="dialog")
        self.check = check
        self.title_text = title
        self.value = value
        self.hint = hint
        self.multiline = multiline
        self.max_length = max_length

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box text-box") as box:
            box.border_title = Content(visible(self.title_text))
            if self.hint:
                yield Label(visible(self.hint, keep="\n"), classes="dialog-question", markup=False)
            if self.multiline:
                from textual.widgets import TextArea  # loaded on first use: only the notes prompt needs it

                yield TextArea(self.value, id="prompt-text", soft_wrap=True)
            else:
                yield Input(
                    self.value, id="prompt-input", max_length=self.max_length, placeholder="Type here, then Enter"
                )
                yield Label("", id="prompt-whole", markup=False)
            yield Label("", id="prompt-error", markup=False)
            yield self.note_line()
            yield key_hint(("Ctrl+S done" if self.multiline else "Enter OK", "keep"), ("Esc cancel", "cancel"))

    def on_mount(self) -> None:
        self.call_after_refresh(self._show_whole)

    def on_resize(self) -> None:
        self.call_after_refresh(self._show_whole)

    @on(Input.Changed)
    def _show_whole(self) -> None:
        """Text wider than its field is shown whole under it (the field shows only the part around the cursor)."""
        if self.multiline:
            return
        field = self.query_one(Input)
        whole = self.query_one("#prompt-whole", Label)
        wide = len(field.value) >= field.content_size.width > 0
        whole.update(field.value if wide else "")
        whole.display = wide

    @on(Input.Changed)
    def _forget_refusal(self) -> None:
        """A reason given for text no longer there goes when the text changes (it is asked again on Enter)."""
        self.query_one("#prompt-error", Label).update("")

    @on(Input.Submitted)
    def action_keep(self) -> None:
        if self.multiline:
            from textual.widgets import TextArea  # loaded by compose already: the multiline prompt has one

            self.dismiss(self.query_one("#prompt-text", TextArea).text[: self.max_length])
        else:
            text = self.query_one(Input).value.strip()
            refused = self.check(text) if self.check and text else None
            if refused:
                self.query_one("#prompt-error", Label).update(visible(refused))
                return
            self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)


def path_prompt(app, title: str, value: str, hint: str) -> TextPrompt:
    """A prompt for a file path (await it with `push_screen_wait`); a path the app may not use
    (served to a browser, outside the shared folders) keeps the prompt open and says why."""

    def check(text: str) -> str | None:
        return app.path_refusal(text.strip()) if text.strip() else None

    return TextPrompt(title, value, hint=hint, max_length=1000, check=check)


async def save_as_path(screen, current: Path, hint: str) -> Path | None:
    """Where to save a roster or ledger: the Save-as prompt, starting at `current` (run it in a worker: it waits for
    the answer). None on Escape, or for a path into Warbench's own files, which is refused in one line before any
    question about replacing a file."""
    typed = await screen.app.push_screen_wait(path_prompt(screen.app, "Save as", str(current), hint))
    if not typed:
        return None
    path = Path(typed).expanduser()
    if reason := shipped(path):
        screen.notify(reason, title="Not saved", severity="error")
        return None
    return path
