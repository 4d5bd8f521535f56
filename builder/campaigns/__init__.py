"""Leagues and campaigns: ledger files replayed from the start into standings, grids, winners and findings."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from builder.campaigns.ledger import KINDS, LedgerError, ledger_data, read_ledger_data
from catalog.file_kinds import check_kind

if TYPE_CHECKING:
    from builder.battles.model import BattleFile
    from builder.campaigns.frontier import FrontierFile, FrontierResult
    from builder.campaigns.league import LeagueFile, LeagueResult
    from builder.campaigns.oldsand import OldsandFile, OldsandResult

Ledger: TypeAlias = "LeagueFile | FrontierFile | OldsandFile"
"""A league or campaign file's model."""
AnyLedger: TypeAlias = "LeagueFile | FrontierFile | OldsandFile | BattleFile"
"""Any file the ledger session opens and writes: a league, a campaign or a battle."""
LedgerResult: TypeAlias = "LeagueResult | FrontierResult | OldsandResult"
"""A replayed league or campaign."""


def read_ledger(path: Path | str, kinds: tuple[str, ...] | None = None) -> Ledger:
    """Read a league or campaign file into its model (LeagueFile, FrontierFile or OldsandFile), not replayed."""
    path = Path(path)
    return ledger_model(read_ledger_data(path, kinds or KINDS), str(path), kinds)


def ledger_model(data: dict[str, Any], source: str, kinds: tuple[str, ...] | None = None) -> Ledger:
    """Parsed ledger data (`ledger_data`) as its kind's model."""
    from builder.campaigns import frontier, league, oldsand

    if kinds is not None:
        check_kind(data, source, kinds, LedgerError)
    if data["kind"] == "league":
        return league.read_league(data, source)
    if data["kind"] == "frontier-campaign":
        return frontier.read_frontier(data, source)
    return oldsand.read_oldsand(data, source)


def replay_file(path: Path | str, kinds: tuple[str, ...] | None = None) -> LedgerResult:
    """Read and replay a league or campaign file: a LeagueResult, FrontierResult or OldsandResult."""
    path = Path(path)
    ledger = read_ledger(path, kinds)
    try:
        return replay(ledger, path.parent)
    except LedgerError as exc:
        raise LedgerError(f"{path}: {exc}", exc.problems) from None


def replay(ledger: Ledger, base: Path) -> LedgerResult:
    """Replay a ledger model (rosters in it relative to `base`) into its result."""
    from builder.campaigns import frontier, league, oldsand

    if isinstance(ledger, league.LeagueFile):
        return league.replay_league(ledger, base)
    if isinstance(ledger, frontier.FrontierFile):
        return frontier.replay_frontier(ledger)
    return oldsand.replay_oldsand(ledger, base)


__all__ = ["LedgerError", "ledger_data", "ledger_model", "read_ledger", "replay", "replay_file"]
