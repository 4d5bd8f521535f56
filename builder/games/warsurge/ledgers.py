"""Warsurge's ledger file: a narrative in play (`kind = "narrative-play"`), which `warbench FILE` opens.

Light like the game's own record: a part imports its module when first used."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from builder.editing.storage import Store
    from builder.games.warsurge.narrative.play import NarrativePlay
    from builder.games.warsurge.narrative.session import NarrativeSession
    from builder.games.warsurge.narrative.state import PlayResult
    from builder.tui.screens.ledger import LedgerScreen


class NarrativeInPlay:
    """A Warsurge narrative being played."""

    id, name, short_name, command = "narrative-play", "Narrative in play", "Narrative", "narrative show"

    def read(self, data: dict[str, Any], source: str) -> NarrativePlay:
        from builder.campaigns.ledger import validate_model
        from builder.games.warsurge.narrative.play import NarrativePlay

        return validate_model(NarrativePlay, data, source)

    def replay(self, ledger: NarrativePlay, base: Path) -> PlayResult:
        from builder.games.warsurge.narrative.replay import narrative_of, read_party, replay_play

        return replay_play(ledger, narrative_of(ledger, base), read_party(ledger, base))

    def open_session(self, path: Path, store: Store) -> NarrativeSession:
        from builder.games.warsurge.narrative.session import NarrativeSession

        return NarrativeSession(path, store)

    def screen_for(self, ledger: NarrativePlay) -> type[LedgerScreen]:
        from builder.games.warsurge.tui.narrative import NarrativeScreen

        return NarrativeScreen


NARRATIVE_PLAY = NarrativeInPlay()
