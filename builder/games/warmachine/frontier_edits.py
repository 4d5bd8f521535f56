"""Frontier campaign edits for its screen: each takes the campaign and returns a new one, or raises one LedgerError
line."""

from __future__ import annotations

from pathlib import Path
from typing import Literal, cast

from builder.campaigns.edits import player_index
from builder.campaigns.ledger import LedgerError
from builder.games.warmachine.frontier import (
    RESOURCES,
    FrontierFile,
    FrontierGame,
    FrontierRound,
    Grid,
    Spent,
    generate,
    legal_moves,
)
from builder.games.warmachine.frontier_replay import replay_frontier


def frontier_now(campaign: FrontierFile) -> dict[str, Grid]:
    """Each grid at the start of the next round, before its moves."""
    return {grid.name: generate(grid) for grid in replay_frontier(campaign).grids}


def open_round(campaign: FrontierFile, base: Path) -> FrontierFile:
    """Start a new, empty round of a frontier campaign (not after it has ended)."""
    if replay_frontier(campaign).winner is not None:
        raise LedgerError("the campaign has ended")
    new = campaign.model_copy(deep=True)
    new.rounds.append(FrontierRound())
    return new


def set_move(campaign: FrontierFile, player: str, square: str, cost: str | None = None) -> FrontierFile:
    """Choose the player's square in the last round: only a legal move, with a resource named for an assault."""
    if not campaign.rounds:
        raise LedgerError("open a round first")
    player_index(campaign.players, player)
    before = campaign.model_copy(update={"rounds": campaign.rounds[:-1]})
    grid = frontier_now(before)[player]
    if square not in legal_moves(grid):
        raise LedgerError(f"{player} cannot pick {square}; legal: {' '.join(legal_moves(grid))}")
    if cost is not None and grid.resources.get(cost, 0) < 1:
        raise LedgerError(f"{player} holds no {cost} to discard")
    new = campaign.model_copy(deep=True)
    new.rounds[-1].moves[player] = square
    new.rounds[-1].assault_cost.pop(player, None)
    if cost is not None:
        # a resource the grid holds: the check above refused any other name
        new.rounds[-1].assault_cost[player] = cast(Literal["intel", "supply", "morale"], cost)
    return new


def set_spent(campaign: FrontierFile, player: str, resource: str, amount: int) -> FrontierFile:
    """What a player spends of one resource in the last round's recon and battle (0 takes it back); spending more
    than the pool holds after the move is refused."""
    if not campaign.rounds:
        raise LedgerError("open a round first")
    if resource not in RESOURCES:
        raise LedgerError(f"unknown resource {resource!r} ({', '.join(RESOURCES)})")
    player_index(campaign.players, player)
    last = campaign.rounds[-1]
    pool = frontier_now(campaign.model_copy(update={"rounds": campaign.rounds[:-1]}))[player].resources
    held = pool[resource] - (1 if last.assault_cost.get(player) == resource else 0)
    if not 0 <= amount <= held:
        raise LedgerError(f"{player} holds {held} {resource} to spend this round, not {amount}")
    new = campaign.model_copy(deep=True)
    spent = new.rounds[-1].spent.get(player, Spent())
    spent = spent.model_copy(update={resource: amount})
    if spent == Spent():
        new.rounds[-1].spent.pop(player, None)
    else:
        new.rounds[-1].spent[player] = spent
    return new


def record_game(campaign: FrontierFile, first: str, second: str, winner: str | None) -> FrontierFile:
    """Pair two players in the last round, with the winner once it is known."""
    if not campaign.rounds:
        raise LedgerError("open a round first")
    for name in (first, second):
        player_index(campaign.players, name)
    if first == second or winner not in (None, first, second):
        raise LedgerError("a game is between two players and won by one of them")
    games = campaign.rounds[-1].games
    if any({first, second} & set(g.players) for g in games if set(g.players) != {first, second}):
        raise LedgerError(f"{first} or {second} already plays another game this round")
    new = campaign.model_copy(deep=True)
    new.rounds[-1].games = [g for g in new.rounds[-1].games if set(g.players) != {first, second}]
    new.rounds[-1].games.append(FrontierGame(players=[first, second], winner=winner))
    return new
