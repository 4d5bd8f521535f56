"""What a turn spends, as values: a resource event, its refusal carrying the rule's finding, and a replay of many."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import reduce
from typing import Annotated, Any, ClassVar, Generic, NoReturn, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from builder.findings import Finding, error
from builder.turns import Moment, Turns
from catalog.errors import WarbenchError
from catalog.toml_input import format_loc, within_bounds


class ResourceEvent(BaseModel):
    """One thing done at the table with what a turn spends (Arc, a Cypher, command points, focus); each game's events
    narrow `kind` to one literal, so a list of them reads back from a file, a code or JSON as the right class."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    kind: str
    added: ClassVar[tuple[str, ...]] = ()
    """Its fields added after battle codes first carried it, optional each: a code writes them apart from the others
    (`exports/share/battle_spent.py`), so a code written before reads as it did."""


def event_reader(kinds: Sequence[type[ResourceEvent]], what: str) -> Callable[[dict[str, Any]], ResourceEvent]:
    """A game's `parse`: a recorded event read back as the one of `kinds` its `kind` names, or ValueError in one line
    ("not a Warcaster event: …") for one the game does not know."""
    one_of: Any = reduce(operator.or_, kinds)
    adapter: TypeAdapter[ResourceEvent] = TypeAdapter(Annotated[one_of, Field(discriminator="kind")])

    def parse(data: dict[str, Any]) -> ResourceEvent:
        try:
            return adapter.validate_python(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            plain = within_bounds(first)  # a text too long or a number out of range: the key and its bound
            said = f"{format_loc(first['loc'][1:])}: {plain}" if plain else first["msg"]
            raise ValueError(f"not a {what} event: {said}") from None

    return parse


class Refused(WarbenchError):
    """An event the book forbids: its finding names the rule (a RULES.md code) and why; the state is unchanged."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


def refuse(code: str, path: str, message: str) -> NoReturn:
    """Refuse the event being applied: rule `code`, about `path` (what it touched), for the reason `message`."""
    raise Refused(error(code, path, message))


State = TypeVar("State")
Event = TypeVar("Event", bound=ResourceEvent)


@dataclass(frozen=True)
class Replayed(Generic[State]):
    """A state after a list of events, and every event refused on the way (each skipped, the rest applied), its
    finding's path starting with the event's place in the list ("events[12].gate")."""

    state: State
    refused: tuple[Finding, ...] = ()


def attempt(apply: Callable[[State, Event], State], state: State, event: Event) -> tuple[State, Finding | None]:
    """The state after `event`, or the same state and the finding that refused it."""
    try:
        return apply(state, event), None
    except Refused as refusal:
        return state, refusal.finding


def why_refused(apply: Callable[[State, Event], State], state: State, event: Event) -> str:
    """Why the book refuses `event` at `state` ("" where it allows it): a chooser's reason, tried and let go."""
    _, found = attempt(apply, state, event)
    return found.message if found is not None else ""


def replay(apply: Callable[[State, Event], State], state: State, events: Iterable[Event]) -> Replayed[State]:
    """Every event applied in order; a refused one is skipped and its finding kept, so the second problem shows too."""
    refused = []
    for n, event in enumerate(events):
        state, finding = attempt(apply, state, event)
        if finding is not None:
            path = f"events[{n}].{finding.path}" if finding.path else f"events[{n}]"
            refused.append(Finding(finding.code, finding.severity, path, finding.message))
    return Replayed(state, tuple(refused))


@dataclass(frozen=True)
class Standing:
    """How one side's units stand now, as the tracker's marks and the scenario's record show them (the battle's
    bar and unit rows): its Leaders vulnerable (Warmachine's Execution Mode), by roster index, and the damage marked
    on each of its units (by roster index; a unit with none is left out). A game's resources judge what is recorded
    next by it (`Resources.standing`), never a copy of their own."""

    vulnerable: frozenset[int] = frozenset()
    damage: tuple[tuple[int, int], ...] = ()
    """(roster index, damage marked on it now), for each unit with damage (Warmachine: no heal past it)."""
    destroyed: frozenset[int] = frozenset()
    """The units destroyed as the battle shows them (by roster index): what the tracker made a loss (Warsurge: a
    casualty the tracker placed, not the player)."""


def reachable(state: Any, side: int, unit: int) -> None:
    """`Resources.out_of_reach` of a game whose resources keep no place for a unit: every one can be attacked."""
    return None


def no_place(state: Any, side: int, unit: int) -> None:
    """`Resources.place_words` of a game whose resources keep no place for a unit."""
    return None


def in_play_unknown(state: Any, side: int) -> None:
    """`Resources.nothing_in_play` of a game whose resources do not know which models are in play."""
    return None


def keeps_no_places(state: Any, side: int) -> None:
    """`Resources.in_reserve` of a game whose resources keep no unit in reserve (the scenario's record alone)."""
    return None


def nothing_along(state: Any, side: int | None, event: Any) -> list[dict[str, Any]]:
    """`Resources.along` of a game none of whose events brings others with it."""
    return []


def no_set_up(state: Any) -> None:
    """`Resources.set_up_over` of a game whose first turn is the first turn (no set-up of its own)."""
    return None


def no_reserve_event(state: Any, side: int, unit: int, into: bool) -> None:
    """`Resources.reserve_event` of a game that records nothing of its own with a scenario's reserves."""
    return None


def said_by_its_line(state: Any, side: int | None, event: Any) -> None:
    """`Resources.recorded` of a game whose side line says what was done."""
    return None


def nothing_back(state: Any, side: int, unit: int) -> None:
    """`Resources.back` of a game where a unit marked back takes back nothing its loss changed."""
    return None


def no_leader_event(state: Any, side: int, event: Any) -> None:
    """`Resources.leader_event` of a game none of whose events stands for a scenario's Leader record."""
    return None


def standing_ignored(state: State, standing: tuple[Standing, ...]) -> State:
    """`Resources.standing` of a game where nothing a turn spends depends on a Leader's standing."""
    return state


@dataclass(frozen=True)
class Seating:
    """A battle's table as a game's resources start from it: each side's roster (a LoadedRoster, ours first), the
    seed its deals and dice come from, the game's turns, who goes first, and the Leader mode the scenario judges
    Leaders by (its bar's; the battle's own choice where no scenario judges them)."""

    rosters: tuple[Any, ...]
    seed: str
    turns: Turns
    first: int | None = None
    mode: str | None = None
    playstyle: str | None = None
    """The way of playing the table chose where the game has several (Warsurge: standard or advanced)."""
    point_limit: int | None = None
    """The game's point limit the players agreed in its set-up (None: not recorded)."""
    players: tuple[str, ...] = ()
    """The players' names, one a side, where the battle names them (a refusal says "Bob's turn", not "player 2's")."""
    over: bool = False
    """The scenario's conditions have ended the game: nothing more is asked of the players (no dice still to roll)."""

    @property
    def sides(self) -> int:
        return len(self.rosters)

    def position(self, moment: Moment) -> tuple[int, int]:
        """Where `moment` falls in the game, for sorting."""
        return self.turns.position(moment, self.sides, self.first)

    def begun(self, after: Moment | None, upto: Moment) -> list[Moment]:
        """The player turns (or rounds, where a round has none) that begin after `after` (None: before the first)
        up to and including `upto`, in order."""
        round_, step = (1, 0) if after is None else self.turns.after(*self.position(after), self.sides, self.first)
        found = []
        while (round_, step) <= self.position(upto) and round_ <= MAX_ROUNDS:
            found.append(self.turns.moment(round_, step, self.sides, self.first))
            round_, step = self.turns.after(round_, step, self.sides, self.first)
        return found


MAX_ROUNDS = 99
"""The last round a battle reaches."""
