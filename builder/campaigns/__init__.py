"""Leagues and campaigns: ledger files replayed from the start into standings, grids, winners and findings."""

from __future__ import annotations

from pathlib import Path

from builder.campaigns.ledger import KINDS, LedgerError, ledger_data, read_ledger_data
from catalog.file_kinds import check_kind


def read_ledger(path: Path | str, kinds: tuple[str, ...] | None = None):
    """Read a league or campaign file into its model (LeagueFile, FrontierFile or OldsandFile), not replayed."""
    path = Path(path)
    return ledger_model(read_ledger_data(path, kinds or KINDS), str(path), kinds)


def ledger_model(data: dict, source: str, kinds: tuple[str, ...] | None = None):
    """Parsed ledger data (`ledger_data`) as its kind's model."""
    from builder.campaigns import frontier, league, oldsand

    if kinds is not None:
        check_kind(data, source, kinds, LedgerError)
    reader = {"league": league.read_league, "frontier-campaign": frontier.read_frontier}.get(
        data["kind"], oldsand.read_oldsand)
    return reader(data, source)


def replay_file(path: Path | str, kinds: tuple[str, ...] | None = None):
    """Read and replay a league or campaign file: a LeagueResult, FrontierResult or OldsandResult."""
    path = Path(path)
    ledger = read_ledger(path, kinds)
    try:
        return replay(ledger, path.parent)
    except LedgerError as exc:
        raise LedgerError(f"{path}: {exc}", exc.problems) from None


def replay(ledger, base: Path):
    """Replay a ledger model (rosters in it relative to `base`) into its result."""
    from builder.campaigns import frontier, league, oldsand

    if isinstance(ledger, league.LeagueFile):
        return league.replay_league(ledger, base)
    if isinstance(ledger, frontier.FrontierFile):
        return frontier.replay_frontier(ledger)
    return oldsand.replay_oldsand(ledger, base)


__all__ = ["LedgerError", "ledger_data", "ledger_model", "read_ledger", "replay", "replay_file"]
