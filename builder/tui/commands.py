"""The command palette (Ctrl+P): every action of the actions registry that applies to the current screen."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from builder.tui.actions import Action, actions_for, run


class WarbenchCommands(Provider):
    """Offers the app's actions everywhere and the editor's on a roster editor."""

    def _actions(self) -> list[tuple[Action, object]]:
        found = [(a, self.app) for a in actions_for("app")]
        game = getattr(self.screen, "game", None)
        if game is not None:
            found += [(a, self.screen) for a in actions_for("editor", game)]
        return found

    async def _run(self, action: Action, target) -> None:
        await run(action, target)

    async def discover(self) -> Hits:
        for action, target in self._actions():
            yield DiscoveryHit(action.title, partial(self._run, action, target), help=_help(action))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for action, target in self._actions():
            score = matcher.match(f"{action.title} {action.help}")
            if score > 0:
                yield Hit(score, matcher.highlight(action.title), partial(self._run, action, target),
                          help=_help(action))


def _help(action: Action) -> str:
    return f"{action.help}  ({action.key_label})" if action.key else action.help
