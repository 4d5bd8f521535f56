"""Warmachine's league and campaign files: the journeyman league and the frontier campaign."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.campaigns.frontier import FrontierFile, FrontierResult, read_frontier
from builder.campaigns.frontier_replay import replay_frontier
from builder.campaigns.league import LeagueFile, LeagueResult, read_league, replay_league
from builder.campaigns.session import LedgerSession
from builder.editing.storage import Store

if TYPE_CHECKING:
    from builder.tui.screens.frontier import FrontierScreen
    from builder.tui.screens.league import LeagueScreen


class League:
    """The journeyman league (`kind = "league"`)."""

    id, name, short_name, command = "league", "Journeyman league", "League", "league"

    def read(self, data: dict[str, Any], source: str) -> LeagueFile:
        return read_league(data, source)

    def replay(self, ledger: LeagueFile, base: Path) -> LeagueResult:
        return replay_league(ledger, base)

    def open_session(self, path: Path, store: Store) -> LedgerSession[Any, Any]:
        return LedgerSession(path, store)

    def screen_for(self, ledger: LeagueFile) -> type[LeagueScreen]:
        from builder.tui.screens.league import LeagueScreen  # Textual, loaded only for the builder

        return LeagueScreen


class Frontier:
    """The frontier campaign (`kind = "frontier-campaign"`)."""

    id, name, short_name, command = "frontier-campaign", "Frontier campaign", "Frontier", "campaign"

    def read(self, data: dict[str, Any], source: str) -> FrontierFile:
        return read_frontier(data, source)

    def replay(self, ledger: FrontierFile, base: Path) -> FrontierResult:
        return replay_frontier(ledger)

    def open_session(self, path: Path, store: Store) -> LedgerSession[Any, Any]:
        return LedgerSession(path, store)

    def screen_for(self, ledger: FrontierFile) -> type[FrontierScreen]:
        from builder.tui.screens.frontier import FrontierScreen  # Textual, loaded only for the builder

        return FrontierScreen
