"""McWarrior's campaign file: the Battle for Port Oldsand.

Like the game's own record, the kind names its parts where they live (`part`), imported when first used, so listing
the kinds (the command line's help does) loads no campaign engine and no screen.
"""

from __future__ import annotations

from builder.game_parts import part
from builder.ledgers import OneScreen


class PortOldsand(OneScreen):
    """The Battle for Port Oldsand (`kind = "port-oldsand"`)."""

    id, name, short_name, command = "port-oldsand", "Battle for Port Oldsand", "Port Oldsand", "campaign"
    read = part("builder.games.mcwarrior.oldsand:read_oldsand")
    replay = part("builder.games.mcwarrior.oldsand:replay_oldsand")
    open_session = part("builder.campaigns.session:LedgerSession")
    screen = part("builder.games.mcwarrior.tui.oldsand:OldsandScreen")
    text = part("builder.games.mcwarrior.oldsand_report:oldsand_text")
    noticeboard = part("builder.games.mcwarrior.oldsand_sheet:oldsand_page")
    repath = part("builder.games.mcwarrior.oldsand_edits:repath_oldsand")


KINDS = (PortOldsand(),)
"""The kinds the game's `ledgers` part names."""
