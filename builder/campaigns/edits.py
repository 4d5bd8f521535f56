"""Ledger edits for a screen: each takes a ledger model and returns a new one, or raises one LedgerError line."""

from __future__ import annotations

from pathlib import Path
from typing import Literal, cast

from builder.campaigns.frontier import (
    RESOURCES,
    FrontierFile,
    FrontierGame,
    FrontierRound,
    Grid,
    Spent,
    generate,
    legal_moves,
)
from builder.campaigns.frontier_replay import replay_frontier
from builder.campaigns.league import GOALS, LeagueFile, StageGoals, Vote
from builder.campaigns.ledger import LedgerError, LedgerHeader
from builder.roster.toml_output import dumps
from catalog.files import write_atomic


def dump_ledger(ledger: LedgerHeader) -> str:
    """The ledger as TOML text (defaults left out), ready to write back."""
    return dumps({"warbench": 1, "kind": ledger.kind, "game": ledger.game} | ledger.model_dump(exclude_defaults=True))


def write_ledger(path: Path | str, ledger: LedgerHeader, preface: str = "") -> None:
    """Write the ledger atomically, after `preface` (the comment lines its file started with); a failure is one
    LedgerError line."""
    try:
        write_atomic(path, preface + dump_ledger(ledger))
    except OSError as exc:
        raise LedgerError(f"{path}: cannot write ({exc.strerror or exc})") from None


def player_index(names: list[str], player: str) -> int:
    """The index of a player by name, or one LedgerError line naming the players."""
    if player not in names:
        raise LedgerError(f"unknown player {player!r} (players: {', '.join(names)})")
    return names.index(player)


def add_goal(league: LeagueFile, player: str, stage: int, goal: str) -> LeagueFile:
    """Record a goal for a player's stage (1-based; the next stage opens the stage)."""
    if goal not in GOALS:
        raise LedgerError(f"unknown goal {goal!r} (goals: {', '.join(GOALS)})")
    new = league.model_copy(deep=True)
    who = new.players[player_index([p.name for p in new.players], player)]
    if not 1 <= stage <= min(len(who.stages) + 1, len(new.stages)):
        raise LedgerError(f"{player} cannot record stage {stage} (has {len(who.stages)} of {len(new.stages)})")
    if stage > len(who.stages):
        who.stages.append(StageGoals())
    if goal in who.stages[stage - 1].goals:
        raise LedgerError(f"{player} already has {goal} in stage {stage}")
    who.stages[stage - 1].goals.append(goal)
    return new


def remove_goal(league: LeagueFile, player: str, stage: int, goal: str) -> LeagueFile:
    """Take a goal off a player's stage."""
    new = league.model_copy(deep=True)
    who = new.players[player_index([p.name for p in new.players], player)]
    if not 1 <= stage <= len(who.stages) or goal not in who.stages[stage - 1].goals:
        raise LedgerError(f"{player} has no {goal} in stage {stage}")
    who.stages[stage - 1].goals.remove(goal)
    return new


def set_army(league: LeagueFile, player: str, stage: int, roster: str) -> LeagueFile:
    """Name the roster a player takes to a stage (1-based; the next stage's army opens it), relative to the file."""
    new = league.model_copy(deep=True)
    who = new.players[player_index([p.name for p in new.players], player)]
    if not 1 <= stage <= min(len(who.armies) + 1, len(new.stages)):
        raise LedgerError(f"{player} cannot take an army to stage {stage} (has {len(who.armies)} of {len(new.stages)})")
    if stage > len(who.armies):
        who.armies.append(roster)
    else:
        who.armies[stage - 1] = roster
    return new


def set_painted_army(league: LeagueFile, player: str, painted: bool) -> LeagueFile:
    """Mark whether a player's army is fully painted (only those compete for Best Artisan)."""
    new = league.model_copy(deep=True)
    new.players[player_index([p.name for p in new.players], player)].painted_army = painted
    return new


def cast_vote(league: LeagueFile, voter: str, award: str, whom: str | None) -> LeagueFile:
    """A voter's choice for Best Artisan or Best Commander (None takes the vote back); the findings check it."""
    if award not in ("artisan", "commander"):
        raise LedgerError(f"unknown award {award!r} (artisan or commander)")
    names = [p.name for p in league.players]
    player_index(names, voter)
    if whom is not None:
        player_index(names, whom)
        if whom == voter:
            raise LedgerError(f"{voter} cannot vote for themselves")
    new = league.model_copy(deep=True)
    vote = next((v for v in new.votes if v.voter == voter), None)
    if vote is None:
        vote = Vote(voter=voter)
        new.votes.append(vote)
    setattr(vote, award, whom)
    new.votes = [v for v in new.votes if v.artisan is not None or v.commander is not None]
    return new


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
