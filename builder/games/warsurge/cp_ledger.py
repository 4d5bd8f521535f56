"""A Warsurge player's CP ledger in words: each game turn's CP, then what each action spent."""

from __future__ import annotations

from builder.games.warsurge.command_points import OVERRUN, CommandPoints, Spent


def spent_this_turn(state: CommandPoints) -> int:
    """CP spent in the current game turn (Support's gain taken off)."""
    return sum(line.cost for line in state.ledger if line.game_turn == state.game_turn)


def ledger_lines(state: CommandPoints) -> list[str]:
    """The CP ledger, a line per action: 'turn 1  Strike Team  move  1 CP' (an overrun the player had no CP for:
    '0 CP, none left to pay')."""
    return [f"turn {line.game_turn}  {line.unit or '(timer)'}  {line.action}  {_cost(line)}" for line in state.ledger]


def turn_lines(state: CommandPoints) -> list[str]:
    """The ledger with each game turn's CP before what it spent: where the CP came from, then where they went."""
    spent: dict[int, list[str]] = {}
    for line, said in zip(state.ledger, ledger_lines(state)):
        spent.setdefault(line.game_turn, []).append(said)
    return [said for gain in state.gains for said in (gain.line(), *spent.get(gain.game_turn, ()))]


def _cost(line: Spent) -> str:
    if line.cost < 0:
        return "+1 CP"
    if line.action == "overrun" and line.cost < OVERRUN:
        return f"{line.cost} CP, none left to pay"
    return f"{line.cost} CP"


def command_summary(state: CommandPoints) -> str:
    """The compact line: 'CP 17 · spent 3 · game turn 1'."""
    return f"CP {state.cp} · spent {spent_this_turn(state)} · game turn {state.game_turn}"
