"""The actions registry: every command the builder offers, for the palette, the help screen and key bindings.

A later feature (PDF export, share code) adds itself with `register(Action(...))` and a `handler`
taking the editor screen; nothing else in the framework needs to change.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, Literal, NamedTuple

from textual.binding import Binding, BindingType

Scope = Literal["app", "editor"]


class Action(NamedTuple):
    """One command: what it is called, what it does, its key, and how it runs."""

    id: str
    title: str
    help: str
    key: str | None = None
    """Textual key name ("ctrl+s"); None when the action is only in the palette."""
    scope: Scope = "editor"
    """"app": everywhere; "editor": on a roster editor screen."""
    action: str | None = None
    """A Textual action name run on the scope's object ("save" → `action_save`)."""
    handler: Callable[[Any], object] | None = None
    """Or a function of the editor screen (or the app, for app scope)."""
    games: tuple[str, ...] = ()
    """Only for these games (empty: every game)."""
    footer: bool = False
    """Show the key in the footer."""

    def applies_to(self, game: str | None) -> bool:
        return not self.games or game in self.games

    @property
    def key_label(self) -> str:
        """The key as shown to the player ("Ctrl+S", "F1 / ?")."""
        return key_label(self.key or "")


_KEY_NAMES = {"question_mark": "?", "delete": "Del", "escape": "Esc", "slash": "/", "enter": "Enter"}


def key_label(keys: str) -> str:
    """Textual key names ("f1,question_mark", "ctrl+s") as the player reads them ("F1 / ?", "Ctrl+S")."""

    def one(key: str) -> str:
        parts = key.split("+")
        named = [_KEY_NAMES.get(p, p.capitalize() if len(p) > 1 else p) for p in parts]
        if len(parts) > 1 and len(named[-1]) == 1:
            named[-1] = named[-1].upper()
        return "+".join(named)

    return " / ".join(one(k.strip()) for k in keys.split(",") if k.strip())


ACTIONS: dict[str, Action] = {}


def register(action: Action) -> Action:
    """Add (or replace) an action; its key becomes a binding of the app or the editor screens."""
    ACTIONS[action.id] = action
    return action


def actions_for(scope: Scope, game: str | None = None) -> list[Action]:
    return [a for a in ACTIONS.values() if a.scope == scope and a.applies_to(game)]


for _action in (
    Action("help", "Help", "List every key", "f1,question_mark", "app", "help", footer=True),
    Action(
        "theme", "Toggle dark/light theme", "Switch between the dark and light themes", "ctrl+t", "app", "toggle_theme"
    ),
    Action("quit", "Quit", "Leave Warbench (asks first if a roster has unsaved changes)", "ctrl+q", "app", "quit"),
    Action("save", "Save", "Save the roster to its file", "ctrl+s", action="save", footer=True),
    Action("save-as", "Save as…", "Save the roster to another file", None, action="save_as"),
    Action("undo", "Undo", "Undo the last change", "ctrl+z", action="undo", footer=True),
    Action("redo", "Redo", "Redo the last undone change", "ctrl+y", action="redo", footer=True),
    Action("rename", "Rename roster", "Give the roster a new name", "f2", action="rename"),
    Action("notes", "Edit notes", "Write notes kept with the roster", "f3", action="notes"),
    Action("find", "Search the catalogue", "Move to the catalogue filter", "ctrl+f", action="find"),
    Action("findings", "Go to findings", "Move to the findings list", "ctrl+g", action="focus_findings"),
    Action(
        "close",
        "Close roster",
        "Back to the start screen (asks first if there are unsaved changes)",
        "ctrl+w",
        action="close",
    ),
):
    register(_action)


_PRINTABLE = {"question_mark", "slash", "space", "plus", "minus"}


def bindings(scope: Scope, game: str | None = None) -> list[BindingType]:
    """Key bindings of the scope's actions, each running `do(id)` on the app or screen that holds them.

    Without `game`: the actions of every game; with it: only that game's own. Control and function keys
    are priority bindings (they work inside text fields); printable keys such as `?` are not, so that they
    can still be typed.
    """
    found: list[BindingType] = []
    for action in actions_for(scope, game):
        if bool(action.games) != (game is not None):
            continue
        for key in (action.key or "").split(","):
            if key := key.strip():
                printable = len(key) == 1 or key in _PRINTABLE
                found.append(
                    Binding(
                        key,
                        f"do('{action.id}')",
                        action.title,
                        show=action.footer and not printable,
                        priority=not printable,
                    )
                )
    return found


async def run(action: Action, target) -> None:
    """Run an action on its target (the app, or an editor screen); handlers may be async.

    An editor's actions wait for its roster: while it loads, they say so and do nothing."""
    if getattr(target, "session", True) is None:
        target.notify("The roster is still loading.", timeout=2)
        return
    result = action.handler(target) if action.handler is not None else getattr(target, f"action_{action.action}")()
    if inspect.isawaitable(result):
        await result
