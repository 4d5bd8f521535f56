"""Leagues and campaigns: ledger files replayed from the start into standings, grids, winners and findings (read
and replayed by kind through `builder.ledgers`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from builder.campaigns.frontier import FrontierFile, FrontierResult
    from builder.campaigns.league import LeagueFile, LeagueResult
    from builder.campaigns.oldsand import OldsandFile, OldsandResult

Ledger: TypeAlias = "LeagueFile | FrontierFile | OldsandFile"
"""A league or campaign file's model."""
LedgerResult: TypeAlias = "LeagueResult | FrontierResult | OldsandResult"
"""A replayed league or campaign."""
