"""Journeyman league edits for its screen: each takes the league and returns a new one, or raises one LedgerError
line."""

from __future__ import annotations

from collections.abc import Callable

from builder.campaigns.edits import player_index
from builder.campaigns.ledger import LedgerError
from builder.games.warmachine.league import GOALS, LeagueFile, StageGoals, Vote


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


def repath_league(league: LeagueFile, move: Callable[[str], str]) -> LeagueFile:
    """The league with every army path it names replaced by `move(path)`, in the order the players name them."""
    new = league.model_copy(deep=True)
    for player in new.players:
        player.armies = [move(army) for army in player.armies]
    return new
