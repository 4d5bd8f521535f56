"""What a game editor provides: a plain-Python adapter that turns a roster into what the shared layout shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, Literal, NamedTuple

from typing_extensions import TypeVar

from builder.editing.findpath import Location, locate
from builder.findings import Report, Totals
from builder.game import game
from builder.spans import Spans

if TYPE_CHECKING:
    from pydantic import BaseModel

    from builder.roster.common import RosterBase
    from catalog.models.common import CatalogueHeader

R = TypeVar("R", bound="RosterBase", default=Any)
C = TypeVar("C", bound="CatalogueHeader", default=Any)

State = Literal["", "ok", "over", "under"]


class BrowserEntry(NamedTuple):
    """A catalogue entry the player can add: shown in its group, filtered by name, detail on highlight."""

    key: str
    name: str
    group: str
    cost: str = ""
    """A short figure shown at the right ("DC 4", "5 WP", "12 pts")."""
    detail: Spans = ()
    """Stats and a rules summary."""
    count: int = 0  # type: ignore[assignment]  # the field shadows tuple.count, as NamedTuple allows at runtime
    """How many the roster holds already."""


class RosterLine(NamedTuple):
    """One entry of the roster: its key path ("units[3]"), name, cost and a one-line loadout summary."""

    key: str
    label: str
    cost: str = ""
    summary: str = ""


class TotalItem(NamedTuple):
    """A figure in the totals bar; `state` "over"/"under" marks a broken limit."""

    label: str
    value: str
    state: State = ""


class Meter(NamedTuple):
    """A used/total gauge (weapon points, bolts)."""

    label: str
    used: float
    total: int


class InspectorRow(NamedTuple):
    """An editable part of the selected entry (a slot, the cortex, an attachment, "+ add…")."""

    key: str
    label: str
    value: str = ""
    clearable: bool = False
    """The row's choice can be removed (Del)."""


class Inspection(NamedTuple):
    """Everything the inspector shows for the selected roster entry."""

    title: Spans
    text: Spans = ()
    rows: tuple[InspectorRow, ...] = ()
    meter: Meter | None = None


class Choice(NamedTuple):
    """An option in a chooser; `reason` says which rule choosing it would break."""

    key: str | None
    label: str
    detail: str = ""
    reason: str = ""
    current: bool = False


class ChoicePrompt(NamedTuple):
    """A chooser's title and options; `refused`: a choice with a reason is refused (said, the chooser stays open)
    rather than taken against the rule, as a roster's are (its findings then list it)."""

    title: str
    choices: tuple[Choice, ...]
    refused: bool = False


class SettingField(NamedTuple):
    """A question of the new-roster flow (faction, format, point limit, budget)."""

    key: str
    label: str
    kind: Literal["choice", "int"] = "choice"
    choices: tuple[Choice, ...] = ()
    default: str | int | None = None
    optional: bool = False
    """An int field that may be left empty (None)."""
    bounds: tuple[int | None, int | None] = (None, None)
    """An int field's lowest and highest value (None: no bound), from the roster model's field (`field_bounds`)."""


def field_bounds(model: type[BaseModel], name: str) -> tuple[int | None, int | None]:
    """The lowest and highest whole number a pydantic model's field takes (its `ge` and `le`; None: no bound)."""
    metadata = model.model_fields[name].metadata
    low = next((int(m.ge) for m in metadata if getattr(m, "ge", None) is not None), None)
    high = next((int(m.le) for m in metadata if getattr(m, "le", None) is not None), None)
    return low, high


class GameAdapter(Generic[R, C]):
    """Base of a game's adapter; override what the game has. Methods that edit the roster do it in place."""

    game = ""

    def __init__(self, catalogue: C) -> None:
        self.catalogue = catalogue

    # -- what the player sees ------------------------------------------------
    def figures(self, roster: R) -> Totals:
        """The game's typed totals for the roster, from its rules (for panes that show them between validations)."""
        return game(self.game).rules.totals(roster, self.catalogue)

    def describe(self, roster: R) -> str:
        """A line under the roster's name ("Marcher Worlds · standard")."""
        return ""

    def browser(self, roster: R) -> list[BrowserEntry]:
        return []

    def lines(self, roster: R) -> list[RosterLine]:
        return []

    def totals(self, roster: R, report: Report) -> list[TotalItem]:
        return [
            TotalItem(k.replace("_", " "), str(v))
            for k, v in report.totals.as_dict().items()
            if not isinstance(v, (dict, list))
        ]

    def inspect(self, roster: R, key: str) -> Inspection | None:
        return None

    def opening_line(self, lines: tuple[RosterLine, ...]) -> str | None:
        """The line selected when the roster opens: the first."""
        return lines[0].key if lines else None

    def extra(self, roster: R) -> dict[str, str]:
        """The game screen's own figures, kept with the view (the Warcaster rack tab's label)."""
        return {}

    def choices(self, roster: R, key: str, row: str) -> ChoicePrompt | None:
        """The options of an inspector row, or None when the row has none."""
        return None

    # -- edits (in place; return the key of the line to select afterwards) ---
    def add(self, roster: R, entry: str) -> str | None:
        raise ValueError(f"cannot add '{entry}'")

    def remove(self, roster: R, key: str) -> str | None:
        raise ValueError(f"cannot remove '{key}'")

    def duplicate(self, roster: R, key: str) -> str | None:
        raise ValueError(f"cannot duplicate '{key}'")

    def choose(self, roster: R, key: str, row: str, choice: str | None) -> None:
        raise ValueError(f"cannot change '{row}'")

    def clear(self, roster: R, key: str, row: str) -> None:
        raise ValueError(f"cannot clear '{row}'")

    # -- findings ------------------------------------------------------------
    def locate(self, path: str) -> Location | None:
        """Where a finding's path points in the editor."""
        return locate(path)

    # -- the new-roster flow -------------------------------------------------
    @classmethod
    def new_roster_fields(cls, catalogue: C, answers: dict[str, Any] | None = None) -> list[SettingField]:
        return []

    @classmethod
    def default_name(cls, catalogue: C, values: dict[str, Any]) -> str:
        """The new-roster flow's questions, given the answers so far (`answers`: key -> value)."""
        return f"My {game(catalogue.game).name} roster"

    @classmethod
    def new_roster(cls, catalogue_ref: str, catalogue: C, values: dict[str, Any], name: str) -> RosterBase:
        """A fresh roster from the flow's answers."""
        return game(catalogue.game).roster_model(
            catalogue=catalogue_ref, name=name, **{k: v for k, v in values.items() if v is not None}
        )


def matching(choices: tuple[Choice, ...], text: str) -> list[int]:
    """The indices of the choices that match what the player typed, best first: names that start with it, then
    names holding every word, then choices that match only in their detail (Enter takes the first)."""
    words = text.lower().split()
    if not words:
        return list(range(len(choices)))
    typed = " ".join(words)

    def rank(choice: Choice) -> int | None:
        label = choice.label.lower()
        if label.startswith(typed):
            return 0
        if all(w in label for w in words):
            return 1
        if all(w in f"{label} {choice.detail.lower()}" for w in words):
            return 2
        return None

    ranked = [(r, i) for i, c in enumerate(choices) if (r := rank(c)) is not None]
    return [i for _, i in sorted(ranked)]


def index_of(key: str, collection: str) -> int:
    """3 for "units[3]" in collection "units"; ValueError for another key."""
    loc = locate(key)
    if loc is None or loc.collection != collection or loc.index is None:
        raise ValueError(f"not a {collection} entry: {key!r}")
    return loc.index


def remove_entry(roster: RosterBase, collection: str, key: str, empty: str | None) -> tuple[Any, str | None]:
    """Take the entry `key` names out of `roster.<collection>`: (the entry, the key to select next or `empty`)."""
    i = index_of(key, collection)
    items = list(getattr(roster, collection))
    gone = items.pop(i)
    setattr(roster, collection, items)
    return gone, (f"{collection}[{min(i, len(items) - 1)}]" if items else empty)


def insert_copy(roster: RosterBase, collection: str, key: str, adjust: Callable[[Any, int], None] | None = None) -> str:
    """Put a deep copy of the entry `key` names right after it (`adjust(copy, index)` may change it); its key."""
    i = index_of(key, collection)
    items = list(getattr(roster, collection))
    copy = items[i].model_copy(deep=True)
    if adjust is not None:
        adjust(copy, i)
    items.insert(i + 1, copy)
    setattr(roster, collection, items)
    return f"{collection}[{i + 1}]"


T = TypeVar("T", bound=Totals)


def totals_of(totals: Totals, kind: type[T]) -> T:
    """The game's own typed totals (its rules always make them; TypeError names a mismatch)."""
    if not isinstance(totals, kind):
        raise TypeError(f"expected {kind.__name__}, got {type(totals).__name__}")
    return totals
