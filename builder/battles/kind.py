"""The battle as a kind of ledger file: read, replayed, opened for play and shown in its game's battle screen."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.battles import load
from builder.battles.model import BattleFile
from builder.battles.report import BattleResult, replay_battle
from builder.battles.session import BattleSession
from builder.campaigns.ledger import validate_model
from builder.editing.storage import Store
from builder.game import game

if TYPE_CHECKING:
    from builder.ledgers import LedgerKind
    from builder.tui.screens.ledger import LedgerScreen


class Battle:
    """A battle in play (`kind = "battle"`), which every game plays."""

    id, name, short_name, command = "battle", "Battle", "Battle", "battle"

    def read(self, data: dict[str, Any], source: str) -> BattleFile:
        return validate_model(BattleFile, data, source)

    def replay(self, ledger: BattleFile, base: Path) -> BattleResult:
        return replay_battle(ledger, *load(ledger, base))

    def open_session(self, path: Path, store: Store) -> BattleSession:
        return BattleSession(path, store)

    def screen_for(self, ledger: BattleFile) -> type[LedgerScreen]:
        """The battle screen of the battle's game, with the keys its units are marked with."""
        return game(ledger.game).battle_screen


BATTLE: LedgerKind = Battle()
"""The battle kind (a `LedgerKind` by its shape)."""
