"""Keys as the player reads them, and the keys a Warbench screen or widget declares in its BINDINGS."""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding
from textual.dom import DOMNode
from textual.keys import key_to_character

_KEY_NAMES = {"delete": "Del", "escape": "Esc", "slash": "/", "enter": "Enter", "minus": "-", "plus": "+"}


def key_label(keys: str) -> str:
    """Textual key names ("f1,question_mark", "ctrl+s") as the player reads them ("F1 / ?", "Ctrl+S")."""

    def name(part: str) -> str:
        if part in _KEY_NAMES:
            return _KEY_NAMES[part]
        character = key_to_character(part) if len(part) > 1 else part
        if character is not None and len(character) == 1 and character.isprintable() and not character.isspace():
            return character  # "right_square_bracket" is "]"
        return part.capitalize()

    def one(key: str) -> str:
        parts = key.split("+")
        named = [name(p) for p in parts]
        if len(parts) > 1 and len(named[-1]) == 1:
            named[-1] = named[-1].upper()
        return "+".join(named)

    return " / ".join(one(k.strip()) for k in keys.split(",") if k.strip())


def own_keys(node: DOMNode | type[DOMNode]) -> list[Binding]:
    """The described keys Warbench's own classes give `node` (not those of the Textual classes they extend, such as
    an Input's Ctrl+K), in the order they are declared, the base class first; a key a subclass declares again (a
    game's battle screen repeats its base's) once, as the subclass says it (Textual's binding too is the
    subclass's: Warsurge's `s` is not the shared battle screen's)."""
    cls = node if isinstance(node, type) else type(node)
    found: list[Binding] = []
    for owner in reversed(cls.__mro__):
        if owner.__module__.startswith("builder."):  # the TUI's and the games' own screens
            for binding in owner.__dict__.get("BINDINGS", []):
                if not (isinstance(binding, Binding) and binding.description):
                    continue
                same = next(
                    (n for n, b in enumerate(found) if (b.key, b.action) == (binding.key, binding.action)), None
                )
                if same is None:
                    found.append(binding)
                else:
                    found[same] = binding
    return found


def help_rows(bindings: Iterable[Binding]) -> list[tuple[str, str]]:
    """(keys, what they do) for the help screen: one row an action, its keys together ("F1 / ?"); keys of one
    group that say how they are shown ("0–9": each digit its own action) one row for the group."""
    rows: dict[str, tuple[list[str], str]] = {}
    for binding in bindings:
        if binding.group is not None and binding.key_display:
            rows.setdefault(f"group {binding.group.description}", ([binding.key_display], binding.group.description))
            continue
        rows.setdefault(binding.action, ([], binding.tooltip or binding.description))[0].append(binding.key)
    return [(key_label(",".join(keys)), what) for keys, what in rows.values()]
