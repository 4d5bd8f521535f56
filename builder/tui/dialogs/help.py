"""The help screen: every key of the screen below it, from the app's, the screen's and its panes' bindings, and the
signs it draws (a screen's HELP_SIGNS)."""

from __future__ import annotations

from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from builder.tui.keys import help_rows, own_keys
from builder.tui.widgets.key_hint import key_hint
from builder.tui.widgets.text import FittedToWidth, wrapped_at_spaces

KeyTable = list[tuple[str, list[tuple[str, str]]]]

TEXT_KEYS = [
    ("Tab / Shift+Tab", "Move between panes"),
    ("↑ ↓ PgUp PgDn Home End", "Move in a list"),
    ("Enter", "Choose / open"),
    ("Esc", "Back, or close a dialog"),
]


def keys_for(screen: Screen) -> KeyTable:
    """Every key that does something on `screen`: the app's, the screen's own, then each pane's."""
    table: KeyTable = [("Everywhere", [*help_rows(own_keys(screen.app)), ("Ctrl+P", "Command palette: every command")])]
    seen: set[type] = set()
    for node in [screen, *screen.query("*")]:
        cls = type(node)
        if cls in seen or not cls.__module__.startswith("builder."):  # Warbench's own screens and panes
            continue
        seen.add(cls)
        rows = help_rows(b for b in (own_keys(cls) if node is screen else _declared(cls)) if _offered(node, b))
        if rows:
            title = getattr(cls, "HELP_TITLE", None) or _title(cls.__name__)
            section = next((keys for name, keys in table if name == title), None)
            if section is None:
                table.append((title, rows))
            else:
                section += [row for row in rows if row not in section]
    table.append(("Lists and dialogs", TEXT_KEYS))
    signs = getattr(screen, "HELP_SIGNS", None)
    if signs:
        table.append((f"{getattr(screen, 'HELP_TITLE', 'This screen')}: what the signs mean", list(signs)))
    return table


class KeyTableText(FittedToWidth):
    """The help's sections laid out for the width they are drawn at: each section's title, then a row a key, its
    keys right-aligned in their column and what it does wrapped in the rest."""

    def __init__(self, table: KeyTable, keys_width: int = 16) -> None:
        self.table = table
        self.keys_width = keys_width

    def fit(self, width: int) -> Content:
        room = max(width - self.keys_width - 2, 12)
        lines: list[Content] = []
        for section, rows in self.table:
            lines += [Content(""), Content.styled(section, "bold $accent")]
            for keys, what in rows:
                rows_of_what = wrapped_at_spaces(Content(what), room).split("\n")
                if len(keys) > self.keys_width:  # keys wider than their column: on a row of their own
                    lines.append(Content.styled(keys, "bold"))
                else:
                    first = rows_of_what.pop(0)
                    lines.append(Content.assemble(Content.styled(keys.rjust(self.keys_width), "bold"), "  ", first))
                lines += [Content.assemble(" " * (self.keys_width + 2), row) for row in rows_of_what]
        return Content("\n").join(lines[1:])  # no blank line above the first section

    @property
    def plain(self) -> str:
        """The help as text at the dialog's usual width (tests read this)."""
        return self.content(86).plain


def _offered(node: DOMNode, binding: Binding) -> bool:
    """Whether `node` offers the key here: its `check_action` may leave it out (a battle's scenario keys without a
    scenario), as the footer does; a key it only dims (None) is still listed."""
    _, action, parameters = parse(binding.action)
    return node.check_action(action, parameters) is not False


def _declared(cls: type) -> list[Binding]:
    """The described keys a pane's own class declares (not those of the Textual widget it extends: its PageDown,
    Ctrl+K …)."""
    return [b for b in cls.__dict__.get("BINDINGS", []) if isinstance(b, Binding) and (b.description or b.tooltip)]


def _title(name: str) -> str:
    return "".join(f" {c}" if c.isupper() else c for c in name).strip()


class HelpScreen(ModalScreen[None]):
    """Lists keys by where they work (or, titled otherwise, any text by labelled parts: a scenario's card); Escape,
    q, ? or F1 closes it."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close")]

    def __init__(self, table: KeyTable, title: str = "Keys", keys_width: int = 16) -> None:
        super().__init__(classes="dialog")
        self.table = table
        self.title_text = title
        self.keys_width = keys_width

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box help-box") as box:
            box.border_title = self.title_text
            with VerticalScroll(id="help-scroll"):  # one text, not a widget a row: opens at once
                yield Static(KeyTableText(self.table, self.keys_width), id="help-text")
            yield key_hint(("Esc close", "close"), ("Ctrl+P every command", "app.command_palette"))

    def action_close(self) -> None:
        self.dismiss(None)
