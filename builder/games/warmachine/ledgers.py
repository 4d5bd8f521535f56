"""Warmachine's league and campaign files: the journeyman league and the frontier campaign.

Like the game's own record, each kind is light: a part imports its module when it is first used, so listing the
kinds (the command line's help does) loads no campaign engine and no screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from builder.campaigns.noticeboard import Page
    from builder.campaigns.session import LedgerSession
    from builder.editing.storage import Store
    from builder.games.warmachine.frontier import FrontierFile, FrontierResult
    from builder.games.warmachine.league import LeagueFile, LeagueResult
    from builder.games.warmachine.tui.frontier import FrontierScreen
    from builder.games.warmachine.tui.league import LeagueScreen


def _session(path: Path, store: Store) -> LedgerSession[Any, Any]:
    from builder.campaigns.session import LedgerSession

    return LedgerSession(path, store)


class League:
    """The journeyman league (`kind = "league"`)."""

    id, name, short_name, command = "league", "Journeyman league", "League", "league"

    def read(self, data: dict[str, Any], source: str) -> LeagueFile:
        from builder.games.warmachine.league import read_league

        return read_league(data, source)

    def replay(self, ledger: LeagueFile, base: Path) -> LeagueResult:
        from builder.games.warmachine.league import replay_league

        return replay_league(ledger, base)

    def open_session(self, path: Path, store: Store) -> LedgerSession[Any, Any]:
        return _session(path, store)

    def screen_for(self, ledger: LeagueFile) -> type[LeagueScreen]:
        from builder.games.warmachine.tui.league import LeagueScreen

        return LeagueScreen

    def text(self, result: LeagueResult) -> list[str]:
        from builder.games.warmachine.league_report import league_text

        return league_text(result)

    def noticeboard(self, page: Page, result: LeagueResult) -> None:
        from builder.games.warmachine.league_sheet import league_page

        league_page(page, result)


class Frontier:
    """The frontier campaign (`kind = "frontier-campaign"`)."""

    id, name, short_name, command = "frontier-campaign", "Frontier campaign", "Frontier", "campaign"

    def read(self, data: dict[str, Any], source: str) -> FrontierFile:
        from builder.games.warmachine.frontier import read_frontier

        return read_frontier(data, source)

    def replay(self, ledger: FrontierFile, base: Path) -> FrontierResult:
        from builder.games.warmachine.frontier_replay import replay_frontier

        return replay_frontier(ledger)

    def open_session(self, path: Path, store: Store) -> LedgerSession[Any, Any]:
        return _session(path, store)

    def screen_for(self, ledger: FrontierFile) -> type[FrontierScreen]:
        from builder.games.warmachine.tui.frontier import FrontierScreen

        return FrontierScreen

    def text(self, result: FrontierResult) -> list[str]:
        from builder.games.warmachine.frontier_report import frontier_text

        return frontier_text(result)

    def noticeboard(self, page: Page, result: FrontierResult) -> None:
        from builder.games.warmachine.frontier_sheet import frontier_page

        frontier_page(page, result)
