"""The end of a round, where a scenario scores each round at its end: the moment after its last player turn and
before the next round does anything, whose VP count for the round that ended; after the last round, the battle waits
there for that scoring before the game ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.game import game
from catalog.scenarios import Scenario

if TYPE_CHECKING:
    from builder.battles.model import BattleFile


def scores_at_round_end(scenario: Scenario) -> bool:
    """Whether the scenario scores each round once it ends ("at the end of each Pulse round", "… game turn")."""
    return scenario.count.per == "round" and scenario.count.at == "end"


def ended_round(battle: BattleFile, scenario: Scenario) -> int | None:
    """The round whose end the battle is at: the scenario scores at each round's end, the battle is at the first
    player turn of a later round, and nothing is recorded in that round yet (no VP, no event, nothing spent); else
    None (the battle is in a round, scoring it as it goes)."""
    if not scores_at_round_end(scenario) or battle.step != 0 or battle.turn <= 1:
        return None
    now = battle.turn
    events = battle.play.events if battle.play is not None else []
    if any(event.round >= now for event in events) or any(spent.round >= now for spent in battle.spent):
        return None
    return now - 1


def scoring_moment(battle: BattleFile, scenario: Scenario) -> dict[str, int | None]:
    """The moment a scoring recorded now belongs to, as an event records it: the end of the round that just ended
    (its last player turn's), or the battle's own moment."""
    ended = ended_round(battle, scenario)
    moment = battle.moment()
    if ended is None:
        return {"round": moment.round, "turn": moment.turn}
    order = game(battle.game).turns.order(battle.seats, battle.first_player)
    return {"round": ended, "turn": order[-1] if order else None}


def enters_the_end(scenario: Scenario, before: BattleFile, after: BattleFile) -> bool:
    """Whether moving from `before` to `after` takes the battle past the scenario's last round, where that round's
    end is still to be scored: the battle then waits at that end (`ScenarioPlay.ending`)."""
    last = scenario.win.rounds
    return last is not None and scores_at_round_end(scenario) and before.turn <= last < after.turn
