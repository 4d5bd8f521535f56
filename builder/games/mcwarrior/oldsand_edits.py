"""Port Oldsand edits for its screen: each takes the campaign and returns a new one, or raises one LedgerError line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from builder.campaigns.edits import player_index
from builder.campaigns.ledger import LedgerError
from builder.games.mcwarrior.oldsand import Encounter, OldsandFile, OldsandRound, legal_picks, replay_oldsand


def open_round(campaign: OldsandFile, base: Path) -> OldsandFile:
    """Start a new, empty round (not after the campaign has ended)."""
    if replay_oldsand(campaign, base).winner is not None:
        raise LedgerError("the campaign has ended")
    new = campaign.model_copy(deep=True)
    new.rounds.append(OldsandRound())
    return new


def set_pick(campaign: OldsandFile, base: Path, player: str, district: str) -> OldsandFile:
    """Choose the player's district in the last round: only a legal pick."""
    if not campaign.rounds:
        raise LedgerError("open a round first")
    player_index([p.name for p in campaign.players], player)
    before = replay_oldsand(campaign.model_copy(update={"rounds": campaign.rounds[:-1]}), base)
    if district not in legal_picks(before, player):
        raise LedgerError(f"{player} cannot pick {district}")
    new = campaign.model_copy(deep=True)
    new.rounds[-1].picks[player] = district
    return new


def record_encounter(campaign: OldsandFile, base: Path, district: str, winner: str) -> OldsandFile:
    """Record who won the encounter at a besieged district of the last round."""
    if not campaign.rounds:
        raise LedgerError("open a round first")
    sieges = {s.district: s.players for s in replay_oldsand(campaign, base).rounds[-1].sieges}
    if winner not in sieges.get(district, ()):
        raise LedgerError(f"{winner} is not in a siege of {district} this round")
    new = campaign.model_copy(deep=True)
    new.rounds[-1].encounters = [e for e in new.rounds[-1].encounters if e.district != district]
    new.rounds[-1].encounters.append(Encounter(district=district, winner=winner))
    return new


def set_warband(campaign: OldsandFile, player: str, roster: str | None) -> OldsandFile:
    """Name the warband roster a player fields from the last round on (None: none named there)."""
    player_index([p.name for p in campaign.players], player)
    new = campaign.model_copy(deep=True)
    warbands = new.rounds[-1].warbands if new.rounds else new.warbands
    if roster is None:
        warbands.pop(player, None)
    else:
        warbands[player] = roster
    return new


def repath_oldsand(campaign: OldsandFile, move: Callable[[str], str]) -> OldsandFile:
    """The campaign with every warband path it names replaced by `move(path)`: each round's, then the campaign's."""
    new = campaign.model_copy(deep=True)
    for rnd in new.rounds:
        rnd.warbands = {player: move(path) for player, path in rnd.warbands.items()}
    new.warbands = {player: move(path) for player, path in new.warbands.items()}
    return new
