"""Benchmark what each turn spends: a battle's resource events replayed from the start, as every opened battle will.

Run: `python tests/bench_resources.py` (400 and 1,000 events per game, median of 20, against the 150 ms goal for
1,000; `--quick` replays 400 once, as the suite does). Then the same through a battle (`benching_spent.py`): a Warcaster
battle of 1,000 resource events replayed as its file is opened, the code of a battle played over three Pulse rounds
in characters, and a key press on the battle screen at 80×24 until the side's resource line is updated. The events are a played game's: a Warcaster skirmish of
three Pulse rounds (charges, gates, deployments, recalls, the Cypher hand), Warsurge Advanced game turns of moves
and attacks, Warmachine turns of allocation and spending; each game's own scripted player makes only allowed ones.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from benching_spent import spent_figures

from builder.games.warcaster.arc import ArcUnit, new_arc
from builder.games.warcaster.arc_events import Charge, Clear, Deploy, PlaceGate, Recall, Spike
from builder.games.warcaster.cyphers import Discard, Draw, Play, new_rack
from builder.games.warcaster.steps import Turn
from builder.games.warcaster.table import Activate, SideEvent, WarcasterSide, apply_table, new_table
from builder.games.warmachine.focus import Allocate, ControlPhase, Leader, PowerUp, Spend, apply_focus, new_focus
from builder.games.warsurge.command_points import Action, GameTurn, Place, apply_command_points, new_command_points
from builder.resources import attempt, replay

FORCE = tuple(ArcUnit(f"Squad {n}", "squad", 2) for n in range(6)) + (ArcUnit("Jack", "warjack", 3),)
RACK = tuple(f"cypher-{n:02}" for n in range(15))


def warcaster(count: int) -> tuple[Callable, object, list]:
    """A two-player game to its end (or `count` events): each turn charges, plays two Cyphers, activates, deploys
    or recalls, places a gate, charges by a rule and spikes (more often for more events), clears, discards and
    draws; the game ends after three Pulse rounds."""
    sides = tuple(WarcasterSide(new_arc(FORCE), new_rack(RACK, f"bench/{n}")) for n in range(2))
    state, events = new_table(sides), []

    def wanted(side: int) -> Iterator[object]:
        mine = state.sides[side]
        yield Turn()
        yield Charge(unit=min(mine.arc.in_play)) if mine.arc.in_play else Charge(gate=min(mine.arc.gates or {1: 0}))
        yield Play(card=mine.cyphers.hand[0], lasts="pulse")
        yield from (Activate(unit=unit) for unit in sorted(mine.arc.in_play)[:1])
        yield Play(card=mine.cyphers.hand[-1])
        reserve = [u for u in range(len(FORCE)) if u not in mine.arc.in_play]
        yield from (Deploy(units=reserve[:1], gate=gate) for gate in sorted(mine.arc.gates)[:1])
        yield from (Recall(unit=unit) for unit in sorted(mine.arc.in_play)[-1:])
        yield PlaceGate(arc=min(5, mine.arc.well))
        for _ in range(max(1, count // 40)):  # the rules that charge a unit out of the Charging Phase, and spikes
            for unit in sorted(mine.arc.in_play)[:1]:
                yield Charge(unit=unit, rule="Arc Siphon")
                yield Spike(unit=unit)
        yield from (Spike(unit=unit) for unit in mine.arc.in_play)
        yield from (Clear(unit=unit, rule="Null Collider") for unit in mine.arc.in_play)
        yield Discard(card=mine.cyphers.hand[0])
        yield Draw()

    events.extend(SideEvent(side=n, event=Deploy(units=[n])) for n in range(2))
    for event in events:
        state = apply_table(state, event)
    side = 0
    while not state.over and len(events) < count:
        for inner in wanted(side):
            moved, refused = attempt(apply_table, state, SideEvent(side=side, event=inner))
            if refused is None:
                state, events = moved, [*events, SideEvent(side=side, event=inner)]
            if state.over:
                break
        side = 1 - side
    return apply_table, new_table(sides), events[:count]


def warsurge(count: int) -> tuple[Callable, object, list]:
    """Game turns of 6 units moving, attacking, dashing and counter-attacking until each runs short of CP."""
    start = new_command_points(tuple(f"Unit {n}" for n in range(6)), 1000)
    events: list = [Place(unit=n, where="battlefield") for n in range(6)]
    state = start
    for event in events:
        state = apply_command_points(state, event)
    turn = 0
    while len(events) < count:
        turn += 1
        tried = [GameTurn(roll=[1 + turn % 6, 1 + (turn * 5) % 6])]
        tried += [Action(unit=n % 6, action=a) for n in range(12) for a in ("move", "attack", "dash")]
        tried += [Action(unit=n, action="guard", counter=True) for n in range(6)]
        for event in tried:
            moved, refused = attempt(apply_command_points, state, event)
            if refused is None:
                state, events = moved, [*events, event]
    return apply_command_points, start, events[:count]


def warmachine(count: int) -> tuple[Callable, object, list]:
    """Turns of powering up, allocating and spending focus across a battlegroup of four warjacks."""
    leader = Leader(0, "Leader", 7, "focus", {n: f"Jack {n}" for n in range(1, 5)})
    start = new_focus((leader,))
    per_turn = [
        ControlPhase(),
        *(PowerUp(model=n) for n in range(1, 5)),
        *(Allocate(leader=0, model=n) for n in (1, 2)),
    ]
    per_turn += [Spend(model=n, what="boost") for n in (1, 2, 3, 4, 0, 0)]
    events = [per_turn[n % len(per_turn)] for n in range(count)]
    return apply_focus, start, events


def timed(game: Callable[[int], tuple[Callable, object, list]], count: int, repeats: int) -> tuple[int, float]:
    """The events replayed and the median milliseconds of `repeats` replays from the start."""
    apply, start, events = game(count)
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        replayed = replay(apply, start, events)
        times.append(1000 * (time.perf_counter() - began))
        assert not replayed.refused, replayed.refused[:1]
    return len(events), statistics.median(times)


def main(quick: bool = False) -> None:
    """Each game's replay time; `quick` replays 400 events once."""
    counts, repeats = ((400,), 1) if quick else ((400, 1000), 20)
    for name, game in (("warcaster", warcaster), ("warsurge", warsurge), ("warmachine", warmachine)):
        for count in counts:
            events, median = timed(game, count, repeats)
            print(f"{name:<11} {events:>5} resource events replayed: median {median:6.1f} ms (goal ≤ 150 ms for 1,000)")
    spent_figures(quick)


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
