"""Leagues and campaigns: ledger files replayed from the start into standings, grids, winners and findings."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from builder.campaigns.ledger import KINDS, LedgerError, ledger_data, read_ledger_data
from builder.game import short_name_of
from builder.ledgers import ledger_kind
from catalog.file_kinds import check_kind

if TYPE_CHECKING:
    from builder.campaigns.frontier import FrontierFile, FrontierResult
    from builder.campaigns.league import LeagueFile, LeagueResult
    from builder.campaigns.oldsand import OldsandFile, OldsandResult

Ledger: TypeAlias = "LeagueFile | FrontierFile | OldsandFile"
"""A league or campaign file's model."""
LedgerResult: TypeAlias = "LeagueResult | FrontierResult | OldsandResult"
"""A replayed league or campaign."""


def read_ledger(path: Path | str, kinds: tuple[str, ...] | None = None) -> Ledger:
    """Read a league or campaign file into its model (LeagueFile, FrontierFile or OldsandFile), not replayed."""
    path = Path(path)
    return ledger_model(read_ledger_data(path, kinds or KINDS), str(path), kinds)


def ledger_model(data: dict[str, Any], source: str, kinds: tuple[str, ...] | None = None) -> Ledger:
    """Parsed ledger data (`ledger_data`) as its kind's model."""
    if kinds is not None:
        check_kind(data, source, kinds, LedgerError, short_name_of)
    ledger: Ledger = ledger_kind(data["kind"]).read(data, source)
    return ledger


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
    # the kind table types every replay as Replayed; a league or campaign kind gives its own result
    return cast("LedgerResult", ledger_kind(ledger.kind).replay(ledger, base))


__all__ = ["LedgerError", "ledger_data", "ledger_model", "read_ledger", "replay", "replay_file"]
