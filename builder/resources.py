"""What a turn spends, as values: a resource event, its refusal carrying the rule's finding, and a replay of many."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, NoReturn, TypeVar

from pydantic import BaseModel, ConfigDict

from builder.findings import Finding, error
from catalog.errors import WarbenchError


class ResourceEvent(BaseModel):
    """One thing done at the table with what a turn spends (Arc, a Cypher, command points, focus); each game's events
    narrow `kind` to one literal, so a list of them reads back from a file, a code or JSON as the right class."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    kind: str


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


def replay(apply: Callable[[State, Event], State], state: State, events: Iterable[Event]) -> Replayed[State]:
    """Every event applied in order; a refused one is skipped and its finding kept, so the second problem shows too."""
    refused = []
    for n, event in enumerate(events):
        state, finding = attempt(apply, state, event)
        if finding is not None:
            path = f"events[{n}].{finding.path}" if finding.path else f"events[{n}]"
            refused.append(Finding(finding.code, finding.severity, path, finding.message))
    return Replayed(state, tuple(refused))
