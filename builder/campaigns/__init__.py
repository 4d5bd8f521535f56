"""Leagues and campaigns: ledger files replayed from the start into standings, grids, winners and findings."""

from __future__ import annotations

from pathlib import Path

from builder.campaigns.ledger import LedgerError, read_ledger_data


def replay_file(path: Path | str, kinds: tuple[str, ...] | None = None):
    """Read and replay a league or campaign file: a LeagueResult, FrontierResult or OldsandResult."""
    from builder.campaigns import frontier, league, oldsand

    path = Path(path)
    data = read_ledger_data(path)
    if kinds is not None and data["kind"] not in kinds:
        raise LedgerError(f"{path}: kind: a {data['kind']} file, expected {' or '.join(kinds)}")
    if data["kind"] == "league":
        ledger = league.read_league(data, str(path))
    elif data["kind"] == "frontier-campaign":
        ledger = frontier.read_frontier(data, str(path))
    else:
        ledger = oldsand.read_oldsand(data, str(path))
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


__all__ = ["LedgerError", "replay", "replay_file"]
