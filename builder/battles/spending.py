"""What each turn spent in a battle, replayed: the game's resources (`Game.resources`) started from the rosters and
the seed, every recorded event applied in the order of its moment, each refusal a finding."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from builder.battles.model import BattleFile, SpentMark
from builder.battles.tracks import UnitState
from builder.findings import Finding, error
from builder.game import game
from builder.game_parts import Resources
from builder.resources import Refused, ResourceEvent, Seating, Standing
from builder.roster.files import LoadedRoster
from builder.turns import Moment

SEED_CHARS = "abcdefghjkmnpqrstuvwxyz23456789"


def new_seed() -> str:
    """A battle's seed: ten characters nobody mistypes reading them aloud."""
    return "".join(secrets.choice(SEED_CHARS) for _ in range(10))


def tracked(battle: BattleFile) -> bool:
    """Whether the battle tracks what its turns spend: one begun with a seed, or one with events (a battle written
    before, without either, reads and reports as it always did)."""
    return game(battle.game).resources is not None and (battle.seed is not None or bool(battle.spent))


@dataclass(frozen=True)
class Spending:
    """The battle's resources as its events leave them at the moment the battle is at."""

    book: Resources
    state: Any
    refused: tuple[Finding, ...] = ()
    latest: bool = True
    """The battle's moment is that of the last event recorded, or later (not a turn stepped back before some)."""

    def refusal(self, side: int | None, moment: Moment, event: ResourceEvent) -> str | None:
        """Why the book refuses `event` as the table stands now (the state shown, the tracker's and the scenario's
        standing laid over it); None where it allows it, or where the battle stepped back before events recorded
        later (the replay judges it there)."""
        if not self.latest:
            return None
        try:
            self.book.apply(self.state, side, moment, event)
        except Refused as refusal:
            return refusal.finding.message
        return None

    def summary(self, side: int) -> str:
        return self.book.summary(self.state, side)

    @property
    def setting_up(self) -> bool:
        """Whether the table is still setting up before the first turn."""
        return self.book.setting_up(self.state)

    @property
    def unfinished(self) -> str | None:
        """What the turn in progress leaves undone that its game's book asks for (None: nothing)."""
        return self.book.unfinished(self.state)

    def unfinished_through(self, moments: Sequence[Moment]) -> list[str]:
        """What each turn passed on the way to the last of `moments` (each turn begun, in order) leaves undone: the
        turn in progress, then each begun on the way; the last, reached, is not passed (None where nothing is)."""
        said, state = [], self.state
        if self.setting_up and moments:  # the set-up passed on the way: turn 1.1 is passed too, not ended
            state = self.book.at(state, Moment(1, step=0))
        for moment in moments:
            if (undone := self.book.unfinished(state)) is not None:
                said.append(undone)
            try:
                state = self.book.at(state, moment)
            except Refused:  # the game ended on the way: no turn after it
                break
        return said

    def details(self, side: int) -> list[str]:
        return self.book.details(self.state, side)

    def as_dict(self, side: int) -> dict[str, Any]:
        return {"summary": self.summary(side), **self.book.as_dict(self.state, side)}


def seating(
    battle: BattleFile, rosters: Sequence[LoadedRoster], over: bool = False, mode: str | None = None
) -> Seating:
    """The table the battle's resources start from (`over`: the game has ended; `mode`: the Leader mode its scenario
    plays, Warmachine's Execution Mode by size included, else the mode the battle names)."""
    return Seating(
        tuple(rosters),
        battle.seed or "",
        game(battle.game).turns,
        battle.first_player,
        mode or (battle.play.mode if battle.play else None),
        battle.play.playstyle if battle.play else None,
        battle.play.point_limit if battle.play else None,
        tuple(battle.play.players) if battle.play else (),
        over,
    )


def standing_of(sides: Sequence[Sequence[UnitState]], leaders: Sequence[str]) -> tuple[Standing, ...]:
    """Each side's standing as the battle shows it: its Leader vulnerable where the scenario's Leaders say so, the
    damage on each unit, and the units destroyed (their boxes filled, or a Leader by the scenario's record, as
    `standing.down` reads them)."""
    return tuple(
        Standing(
            frozenset(st.track.index for st in states if st.track.leader)
            if leaders[s : s + 1] == ("vulnerable",)
            else frozenset(),
            tuple((st.track.index, sum(st.damage)) for st in states if sum(st.damage)),
            frozenset(
                st.track.index
                for st in states
                if st.destroyed or (st.track.leader and leaders[s : s + 1] == ("destroyed",))
            ),
        )
        for s, states in enumerate(sides)
    )


def replay_spending(
    battle: BattleFile,
    rosters: Sequence[LoadedRoster],
    over: bool = False,
    standing: tuple[Standing, ...] = (),
    mode: str | None = None,
) -> Spending | None:
    """Every recorded event applied in the order of its moment (the order recorded within one), each refused one
    skipped with its finding at `spent[n]`, then the table's `standing` laid over the state; None when the battle
    tracks nothing spent, or when the table cannot (a side too few: the finding says why once a side has events).
    `over`: the scenario has ended the game; `mode`: the Leader mode the scenario judges by (`seating`)."""
    book = game(battle.game).resources
    if book is None or not tracked(battle):
        return None
    table = seating(battle, rosters, over, mode)
    try:
        state = book.start(table)
    except Refused:
        return None
    refused: list[Finding] = []
    order = sorted(range(len(battle.spent)), key=lambda n: table.position(battle.spent[n].moment))
    for n in order:
        mark = battle.spent[n]
        try:
            state = book.apply(state, mark.side, mark.moment, book.parse(dict(mark.event)))
        except Refused as refusal:
            found = refusal.finding
            path = f"spent[{n}].{found.path}" if found.path else f"spent[{n}]"
            refused.append(Finding(found.code, found.severity, path, found.message))
        except ValueError as exc:
            refused.append(error("battle/unit", f"spent[{n}].event", str(exc).splitlines()[0]))
    if table.position(battle.moment()) != (1, 0):  # the first turn shows as the set-up until something is done
        with suppress(Refused):  # the turns after the game's end begin nothing
            state = book.at(state, battle.moment())
    now = table.position(battle.moment())
    latest = all(table.position(mark.moment) <= now for mark in battle.spent)
    return Spending(book, book.standing(state, standing), tuple(refused), latest)


def set_up_over(spending: Spending | None) -> dict[str, Any] | None:
    """The event that ends the table's set-up, where the battle is at it (None: not setting up)."""
    if spending is None or not spending.latest or not spending.setting_up:
        return None
    return spending.book.set_up_over(spending.state)


def round_moments(battle: BattleFile) -> list[Moment]:
    """Each player turn the battle's next round begins on the way there, in order (the round's first the last), as
    `BattleSession.next_round` moves it."""
    turns, seats, first = game(battle.game).turns, battle.seats, battle.first_player
    round_, at = battle.turn, battle.step
    moments = []
    while round_ < min(battle.turn + 1, 99):
        round_, at = turns.after(round_, at, seats, first)
        moments.append(turns.moment(round_, at, seats, first))
    return moments


def spent_marks(spending: Spending, side: int | None, moment: Moment, event: ResourceEvent) -> list[SpentMark]:
    """The event as the battle file records it, then those the book has follow from it in the same change
    (`Resources.along`)."""
    along = spending.book.along(spending.state, side, event)
    return [spent_mark(side, moment, done) for done in (event, *map(spending.book.parse, along))]


def spent_mark(side: int | None, moment: Moment, event: ResourceEvent) -> SpentMark:
    """The event as the battle file records it: its fields that differ from their defaults, and its kind."""
    data = {"kind": event.kind, **event.model_dump(mode="json", exclude_defaults=True)}
    return SpentMark(side=side, round=moment.round, turn=moment.turn, step=moment.step, event=data)


def dice(battle: BattleFile, count: int) -> list[int]:
    """`count` D6 from the battle's seed and the moment it is at: the same on every machine."""
    moment = battle.moment()
    rng = random.Random(f"{battle.seed or ''}/dice/{moment.round}/{moment.turn}/{len(battle.spent)}")
    return [rng.randint(1, 6) for _ in range(count)]


def d6(battle: BattleFile) -> int:
    """One D6 for the table: from the battle's seed and moment where it has a seed (the same on every machine), else
    any."""
    return dice(battle, 1)[0] if battle.seed else secrets.randbelow(6) + 1
