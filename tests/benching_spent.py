"""What each turn spends, through a battle (run by `bench_resources.py`): a Warcaster battle of the largest roster
against itself, played by a scripted pair of players through the game's own `Resources` (only allowed events are
kept), replayed as a battle file is opened; its code after three Pulse rounds; a key on the battle screen."""

from __future__ import annotations

import asyncio
import shutil
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from benching import RefreshClock

from builder.battles import load, new_battle, read_battle
from builder.battles.ending import as_shared
from builder.battles.model import BattleFile
from builder.battles.spending import replay_spending, seating, spent_mark
from builder.game import game
from builder.games.warcaster.arc_events import Charge, Clear, Deploy, PlaceGate, Recall, Spike
from builder.games.warcaster.cyphers import Discard, Draw, Play
from builder.games.warcaster.table import Activate
from builder.resources import Refused
from builder.roster.files import LoadedRoster
from exports.share.battle import encode_battle

REPO = Path(__file__).resolve().parent.parent
ROSTER = "warcaster-largest.toml"


def played(folder: Path, count: int | None, extra: int = 0) -> tuple[BattleFile, tuple[LoadedRoster, ...]]:
    """A battle played to its end after three Pulse rounds (or to `count` events): each turn charges, plays two
    Cyphers, activates, deploys through a gate or recalls, places a gate, charges by a rule and spikes `extra`
    times, clears, discards and draws."""
    shutil.copy(REPO / "tests" / "fixtures" / "rosters" / ROSTER, folder / ROSTER)
    path = folder / "battle.toml"
    new_battle(folder / ROSTER, str(folder / ROSTER), path, overwrite=True)
    battle = read_battle(path)
    rosters = load(battle, folder)
    book, table = game("warcaster").resources, seating(battle, rosters)
    assert book is not None
    state, marks = book.start(table), []

    def done(side: int, moment, event) -> None:
        nonlocal state
        try:
            state = book.apply(state, side, moment, event)
        except Refused:
            return
        marks.append(spent_mark(side, moment, event))

    def wanted(side: int) -> Iterator[object]:
        mine = lambda: state.table.sides[side]
        play = lambda: mine().arc.in_play
        yield Charge(unit=min(play())) if play() else Charge(gate=min(mine().arc.gates or {1: 0}))
        yield from (Play(card=mine().cyphers.hand[0], lasts="pulse") for _ in mine().cyphers.hand[:1])
        yield from (Activate(unit=unit) for unit in sorted(play())[:1])
        yield from (Play(card=mine().cyphers.hand[-1]) for _ in mine().cyphers.hand[:1])
        reserve = [u for u in range(len(mine().arc.units)) if u not in play() and u not in mine().arc.removed]
        yield from (Deploy(units=reserve[:1], gate=gate) for gate in sorted(mine().arc.gates)[:1] if reserve)
        yield from (Recall(unit=unit) for unit in sorted(play())[-1:])
        yield PlaceGate(arc=min(5, mine().arc.well))
        for _ in range(extra):
            for unit in sorted(play())[:1]:
                yield Charge(unit=unit, rule="Arc Siphon")
                yield Spike(unit=unit)
        yield from (Clear(unit=unit, rule="Null Collider") for unit in play() if mine().arc.in_play[unit])
        yield from (Discard(card=card) for card in mine().cyphers.hand[:1])
        yield Draw()

    turns, round_, step = table.turns, 1, 0
    first = table.first
    for side in (0, 1):
        for unit in range(len(state.table.sides[side].arc.units)):
            done(side, turns.moment(1, 0, 2, first), Deploy(units=[unit]))  # the set-up, up to 5 DC
    while count is None or len(marks) < count:
        moment = turns.moment(round_, step, 2, first)
        try:
            state = book.at(state, moment)
        except Refused:
            break  # the game ended with the third Pulse round
        assert moment.turn is not None
        for event in wanted(moment.turn):
            done(moment.turn, moment, event)
        round_, step = turns.after(round_, step, 2, first)
    spent = marks if count is None else marks[:count]
    return battle.model_copy(update={"spent": spent, "turn": min(round_, 99), "step": step}), rosters


def replayed(count: int, repeats: int) -> tuple[int, float]:
    """Resource events replayed and the median milliseconds of `repeats` replays of a battle of `count`."""
    with tempfile.TemporaryDirectory() as temporary:
        battle, rosters = played(Path(temporary), count, extra=80)
        times = []
        for _ in range(repeats):
            began = time.perf_counter()
            spending = replay_spending(battle, rosters)
            times.append(1000 * (time.perf_counter() - began))
            assert spending is not None and not spending.refused, spending and spending.refused[:1]
    return len(battle.spent), statistics.median(times)


def code_length() -> tuple[int, int, int, str]:
    """(events, characters of the battle's code, of its code without the events, the first side's line) after
    three Pulse rounds."""
    with tempfile.TemporaryDirectory() as temporary:
        battle, rosters = played(Path(temporary), None)
        spending = replay_spending(battle, rosters)
        assert spending is not None and not spending.refused
        code = encode_battle(as_shared(battle, None), rosters)
        bare = encode_battle(as_shared(battle.model_copy(update={"spent": []}), None), rosters)
        return len(battle.spent), len(code), len(bare), spending.summary(0)


async def key_press(presses: int, warm_up: int) -> list[float]:
    """Key → the resource line updated, in ms: `a` charges the deployed unit, ctrl+z takes the charge back."""
    from builder.tui.app import make_app

    handled = []
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        shutil.copy(REPO / "tests" / "fixtures" / "rosters" / ROSTER, folder / ROSTER)
        new_battle(folder / ROSTER, str(folder / ROSTER), folder / "battle.toml")
        app = make_app(folder / "battle.toml", data_dir=folder / "data")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            clock = RefreshClock(app.screen, ROSTER)
            line = lambda: str(app.screen.query_one("#spend-lines").render())
            await clock.press(pilot, "p", lambda: len(app.screen.session.ledger.spent), "the events spent")
            for n in range(warm_up + presses):
                times = await clock.press(pilot, ("a", "ctrl+z")[n % 2], line, "the resource line")
                if n >= warm_up:
                    handled.append(times[0])
    return handled


def spent_figures(quick: bool) -> None:
    counts, repeats = ((400,), 1) if quick else ((400, 1000), 20)
    for count in counts:
        events, median = replayed(count, repeats)
        print(
            f"warcaster battle {events:>5} resource events replayed: median {median:6.1f} ms (goal ≤ 150 ms for 1,000)"
        )
    events, chars, bare, line = code_length()
    print(
        f"warcaster battle code after three Pulse rounds ({events} events): {chars} characters, {bare} without the "
        f"events ({line})"
    )
    handled = asyncio.run(key_press(*((1, 0) if quick else (40, 6))))
    print(
        f"{ROSTER:<26} a ^z  key → resource line updated at 80×24: median {statistics.median(handled):5.1f} ms, "
        f"slowest {max(handled):5.1f} ms (goal ≤ 50 ms)"
    )
