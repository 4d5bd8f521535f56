"""Warsurge's ledger file: a narrative in play (`kind = "narrative-play"`), which `warbench FILE` opens.

Light like the game's own record: each part is named where it lives (`part`) and imported when first used."""

from __future__ import annotations

from builder.game_parts import part
from builder.ledgers import OneScreen


class NarrativeInPlay(OneScreen):
    """A Warsurge narrative being played."""

    id, name, short_name, command = "narrative-play", "Narrative in play", "Narrative", "narrative show"
    read = part("builder.games.warsurge.narrative.play:read_play")
    replay = part("builder.games.warsurge.narrative.replay:replay_file")
    open_session = part("builder.games.warsurge.narrative.session:NarrativeSession")
    screen = part("builder.games.warsurge.tui.narrative:NarrativeScreen")


KINDS = (NarrativeInPlay(),)
"""The kinds the game's `ledgers` part names."""
