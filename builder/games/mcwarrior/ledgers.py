"""McWarrior's campaign file: the Battle for Port Oldsand."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.campaigns.oldsand import OldsandFile, OldsandResult, read_oldsand, replay_oldsand
from builder.campaigns.session import LedgerSession
from builder.editing.storage import Store

if TYPE_CHECKING:
    from builder.tui.screens.oldsand import OldsandScreen


class PortOldsand:
    """The Battle for Port Oldsand (`kind = "port-oldsand"`)."""

    id, name, short_name, command = "port-oldsand", "Battle for Port Oldsand", "Port Oldsand", "campaign"

    def read(self, data: dict[str, Any], source: str) -> OldsandFile:
        return read_oldsand(data, source)

    def replay(self, ledger: OldsandFile, base: Path) -> OldsandResult:
        return replay_oldsand(ledger, base)

    def open_session(self, path: Path, store: Store) -> LedgerSession[Any, Any]:
        return LedgerSession(path, store)

    def screen_for(self, ledger: OldsandFile) -> type[OldsandScreen]:
        from builder.tui.screens.oldsand import OldsandScreen  # Textual, loaded only for the builder

        return OldsandScreen
