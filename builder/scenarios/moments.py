"""A battle's events put in the order they happened and grouped by moment, and what a moment's scoring decides.

Everything recorded belongs to a moment: its round and, where the game's rounds are made of player turns, whose
turn it was. Events are replayed in the order of their moments (the order they were typed in only within one), and
the VP of one moment are counted together before anyone is declared first to a target or far enough ahead: two
teams reaching the target in one upkeep is a draw, never a win for whoever was typed first.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from builder.scenarios.table import Event, Table
from catalog.scenarios import Scenario

DRAWN: tuple[int, ...] = ()
"""The sides of a verdict that is a draw."""


@dataclass(frozen=True)
class Verdict:
    """Who won (a side, or a team of sides) and the scenario's reason, said the way a player would; a draw has no
    sides."""

    name: str
    sides: tuple[int, ...]
    reason: str
    told: str = field(default="", compare=False)
    """The winner as the reason names it, its sides told apart from others of their name (`Table.told_name`: "Rex
    (ours) and Ben"); empty: its name."""

    @property
    def drawn(self) -> bool:
        return self.sides == DRAWN

    @property
    def words(self) -> str:
        """The result as the report, the text and the screen word it: "Ann wins: the opponent has no models in play
        (mercy rule)", "Anna and Ben win: 10 VP, first to 10"; a draw as its reason says it (`reason` is the data
        scripts and the journal read: "Ann: …")."""
        who = self.told or self.name
        if self.drawn or not self.reason.startswith(f"{who}: "):
            return self.reason
        return f"{who} {'win' if len(self.sides) > 1 else 'wins'}: {self.reason[len(who) + 2 :]}"

    def as_dict(self) -> dict[str, object]:
        return {"name": self.name, "sides": list(self.sides), "reason": self.reason}


def in_order(table: Table) -> list[tuple[int, Event]]:
    """(index in the file, event) in the order the events happened: by round, then player turn; in the order they
    were recorded within one moment."""
    return sorted(enumerate(table.events), key=lambda pair: table.position(pair[1]))


def moment_key(scenario: Scenario, table: Table, index: int, event: Event) -> Hashable:
    """What an event's VP are counted together with: the others of its player turn, or of its round where the
    scenario scores once a round; alone where the scenario scores each event as it happens (a mech knocked out),
    or where a player turn was not recorded in a game that has them."""
    if scenario.count.per == "event":
        return ("event", index)
    if event.turn is not None:
        return (event.round, event.turn)
    if scenario.count.per == "round":
        return (event.round,)
    return ("event", index)


@dataclass
class Moment:
    """The VP scored in one moment so far, to decide on once it is over."""

    turn: int | None = None
    """Whose player turn it is (None: not recorded)."""
    scorers: list[int] = field(default_factory=list)
    """The sides that made the scenario's own scoring in it (not an extra or a secondary mission)."""
    scored: bool = False


def after_moment(scenario: Scenario, table: Table, moment: Moment, totals: list[int]) -> Verdict | None:
    """The verdict a moment's scoring makes (`totals`: each team's or side's VP after it): first to the target
    (more than one at once: a draw), or a lead big enough after the opponent's turn's scoring."""
    if not moment.scored:
        return None
    win = scenario.win
    if win.kind == "first-to" and win.target is not None:
        alone = len(table.units()) > 2  # three or four players each alone (Port Oldsand), not two teams
        target = win.target_more_players if alone and win.target_more_players else win.target
        reached = [u for u, total in enumerate(totals) if total >= target]
        if len(reached) == 1:
            return verdict(table, reached[0], f"{totals[reached[0]]} VP, first to {target}")
        if reached:
            names = " and ".join(table.told_name(u) for u in reached)
            return Verdict("", DRAWN, f"a draw: {names} reached {target} VP at the same moment")
    if win.kind == "lead-by" and moment.scorers:
        return _ahead(scenario, table, moment.turn if moment.turn is not None else moment.scorers[-1], totals)
    return None


def _ahead(scenario: Scenario, table: Table, owner: int, totals: list[int]) -> Verdict | None:
    """A lead-by scenario's winner at the end of `owner`'s turn: an opponent far enough ahead."""
    target = scenario.win.target
    for unit, total in enumerate(totals):
        rest = max((t for u, t in enumerate(totals) if u != unit), default=0)
        if target is not None and unit != table.unit_of(owner) and total - rest >= target:
            return verdict(table, unit, f"{total} VP to {rest}, {total - rest} ahead after the opponent's turn")
    return None


class TurnEnds:
    """The ends of the player turns a battle has passed, for a lead-by scenario (Warmachine's "3 VP ahead after
    scoring at the end of the opponent's turn"): each turn from the one scoring starts in ends with its scoring, so
    a turn that passed with nothing recorded scored 0 and the lead is checked all the same. Only where every event
    records whose turn it was in: a battle written before turns were counted is judged at its scorings alone."""

    def __init__(self, scenario: Scenario, table: Table) -> None:
        self.on = scenario.win.kind == "lead-by" and bool(table.order) and all(e.turn is not None for e in table.events)
        self.next = (1, 0)
        """(round, place in the round's order) of the next turn end to check."""

    def until(self, scenario: Scenario, table: Table, stop: tuple[int, int], totals: list[int]) -> Verdict | None:
        """Check every turn ending before `stop` (a position, as `Table.position` gives): the first lead found."""
        count = scenario.count
        while self.on and self.next < stop:
            round_, at = self.next
            self.next = (round_, at + 1) if at + 1 < len(table.order) else (round_ + 1, 0)
            owner = table.order[at]
            first = round_ == count.from_round and count.from_player == "defender" and owner == table.attacker
            if round_ >= count.from_round and not first and (won := _ahead(scenario, table, owner, totals)):
                return won
        return None


def verdict(table: Table, unit: int, reason: str) -> Verdict:
    told = table.told_name(unit)
    return Verdict(table.unit_name(unit), table.units()[unit], f"{told}: {reason}", told)
