"""Warmachine's league and campaign files: the journeyman league and the frontier campaign.

Like the game's own record, each kind names its parts where they live (`part`), imported when first used, so listing
the kinds (the command line's help does) loads no campaign engine and no screen.
"""

from __future__ import annotations

from builder.game_parts import part
from builder.ledgers import OneScreen


class League(OneScreen):
    """The journeyman league (`kind = "league"`)."""

    id, name, short_name, command = "league", "Journeyman league", "League", "league"
    read = part("builder.games.warmachine.league:read_league")
    replay = part("builder.games.warmachine.league:replay_league")
    open_session = part("builder.campaigns.session:LedgerSession")
    screen = part("builder.games.warmachine.tui.league:LeagueScreen")
    text = part("builder.games.warmachine.league_report:league_text")
    noticeboard = part("builder.games.warmachine.league_sheet:league_page")
    repath = part("builder.games.warmachine.league_edits:repath_league")


class Frontier(OneScreen):
    """The frontier campaign (`kind = "frontier-campaign"`)."""

    id, name, short_name, command = "frontier-campaign", "Frontier campaign", "Frontier", "campaign"
    read = part("builder.games.warmachine.frontier:read_frontier")
    replay = part("builder.games.warmachine.frontier_replay:replay_ledger")
    open_session = part("builder.campaigns.session:LedgerSession")
    screen = part("builder.games.warmachine.tui.frontier:FrontierScreen")
    text = part("builder.games.warmachine.frontier_report:frontier_text")
    noticeboard = part("builder.games.warmachine.frontier_sheet:frontier_page")
    repath = part("builder.campaigns.edits:names_no_files")


KINDS = (League(), Frontier())
"""The kinds the game's `ledgers` part names."""
