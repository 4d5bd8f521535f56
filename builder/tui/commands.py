"""The command palette (Ctrl+P): every action of the actions registry that applies to the current screen."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial

from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from builder.tui.actions import Action, actions_for, key_label, run


class WarbenchCommands(Provider):
    """Offers the app's actions everywhere, the editor's on a roster editor, and the keys of any other screen
    (start, leagues, campaigns), so that everything a key does can also be found by name."""

    def _commands(self) -> list[tuple[str, str, Callable[[], Awaitable[object]]]]:
        """(title, help, run) of every command for the current screen."""
        found: list[tuple[str, str, Callable[[], Awaitable[object]]]] = [
            (a.title, _help(a), partial(run, a, self.app)) for a in actions_for("app")
        ]
        game = getattr(self.screen, "game", None)
        if game is not None:
            found += [(a.title, _help(a), partial(run, a, self.screen)) for a in actions_for("editor", game)]
        else:
            found += [
                (
                    b.description,
                    f"{b.tooltip or b.description}  ({key_label(b.key)})",
                    partial(self.screen.run_action, b.action),
                )
                for b in screen_keys(self.screen)
            ]
        return found

    async def discover(self) -> Hits:
        for title, help_text, command in self._commands():
            yield DiscoveryHit(title, command, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, command in self._commands():
            score = matcher.match(f"{title} {help_text}")
            if score > 0:
                yield Hit(score, matcher.highlight(title), command, help=help_text)


def screen_keys(screen: Screen) -> list[Binding]:
    """The described keys a Warbench screen declares itself (not those of the Textual classes it extends)."""
    found = []
    for cls in reversed(type(screen).__mro__):
        if cls.__module__.startswith("builder.tui"):
            found += [b for b in cls.__dict__.get("BINDINGS", []) if isinstance(b, Binding) and b.description]
    return found


def _help(action: Action) -> str:
    return f"{action.help}  ({action.key_label})" if action.key else action.help
