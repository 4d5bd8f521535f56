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
        return league.replay_league(league.read_league(data, str(path)), path.parent)
    if data["kind"] == "frontier-campaign":
        return frontier.replay_frontier(frontier.read_frontier(data, str(path)))
    return oldsand.replay_oldsand(oldsand.read_oldsand(data, str(path)), path.parent)


__all__ = ["LedgerError", "replay_file"]
