"""McWarrior's campaign file: the Battle for Port Oldsand.

Like the game's own record, the kind is light: a part imports its module when it is first used, so listing the
kinds (the command line's help does) loads no campaign engine and no screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from builder.campaigns.noticeboard import Page
    from builder.campaigns.session import LedgerSession
    from builder.editing.storage import Store
    from builder.games.mcwarrior.oldsand import OldsandFile, OldsandResult
    from builder.games.mcwarrior.tui.oldsand import OldsandScreen


class PortOldsand:
    """The Battle for Port Oldsand (`kind = "port-oldsand"`)."""

    id, name, short_name, command = "port-oldsand", "Battle for Port Oldsand", "Port Oldsand", "campaign"

    def read(self, data: dict[str, Any], source: str) -> OldsandFile:
        from builder.games.mcwarrior.oldsand import read_oldsand

        return read_oldsand(data, source)

    def replay(self, ledger: OldsandFile, base: Path) -> OldsandResult:
        from builder.games.mcwarrior.oldsand import replay_oldsand

        return replay_oldsand(ledger, base)

    def open_session(self, path: Path, store: Store) -> LedgerSession[Any, Any]:
        from builder.campaigns.session import LedgerSession

        return LedgerSession(path, store)

    def screen_for(self, ledger: OldsandFile) -> type[OldsandScreen]:
        from builder.games.mcwarrior.tui.oldsand import OldsandScreen

        return OldsandScreen

    def text(self, result: OldsandResult) -> list[str]:
        from builder.games.mcwarrior.oldsand_report import oldsand_text

        return oldsand_text(result)

    def noticeboard(self, page: Page, result: OldsandResult) -> None:
        from builder.games.mcwarrior.oldsand_sheet import oldsand_page

        oldsand_page(page, result)
