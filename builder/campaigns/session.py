"""An open league or campaign: the ledger session that reads and replays each kind of league and campaign file."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from builder.campaigns.ledger import LedgerHeader, ledger_data
from builder.campaigns.session_base import LedgerSessionBase, LedgerT, ResultT
from builder.ledgers import campaign_kind, ledger_model, replay


class LedgerSession(LedgerSessionBase[LedgerT, ResultT]):
    """A league or campaign file open for play (each screen names the kind it shows: `LedgerSession[LeagueFile,
    LeagueResult]`)."""

    saves_elsewhere = True

    def repath(self, ledger: LedgerT, move: Callable[[str], str]) -> LedgerT:
        return cast(LedgerT, campaign_kind(self.kind).repath(ledger, move))

    def parse(self, text: str, source: str) -> LedgerT:
        # Python 3.11 type variables have no default: the kind read is the one the screen names
        return cast(LedgerT, ledger_model(ledger_data(text, source), source))

    def _replay(self, ledger: LedgerT) -> ResultT:
        return cast(ResultT, replay(cast(LedgerHeader, ledger), self.base))
