"""What every game is to the engines (`Game`), and the games installed: found through the `warbench.games` entry points.

Each game is a package of its own (`builder/games/<game>/`) whose `__init__` builds one `Game` value naming its
parts where they live (`part("builder.games.warsurge.rules:RULES")`), imported when first used, so looking a game
up imports nothing heavy. The
engines ask this module for a game by id and never import a game package: the four built-in games are found the way
a third-party game is, through an entry point in `pyproject.toml`, loaded on the first look-up.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Literal, TypeVar

from builder.game_parts import (
    BattleScribe,
    CardsWriter,
    CatalogueWarnings,
    Narratives,
    Resources,
    SetupFlow,
    ShareCodec,
    SpendCommand,
    TextWriter,
    TrackMaker,
)
from builder.mark_options import DAMAGE, MarkOption
from builder.turns import Turns
from catalog.scenarios import book_of

if TYPE_CHECKING:
    from builder.battles.model import UnitMark
    from builder.editing.base import GameAdapter
    from builder.findings import Finding
    from builder.ledgers import LedgerKind
    from builder.roster.common import RosterBase
    from builder.rules.registry import RuleSet
    from builder.tui.screens.battle import BattleScreen
    from builder.tui.screens.editor import RosterEditor
    from catalog.models.common import CatalogueHeader
    from catalog.scenarios import ScenarioBook


class Game(ABC):
    """One game: its id (as roster and catalogue files spell it), its names, and its parts."""

    id: str
    name: str
    """The full name, for cards, sheets and text."""
    short_name: str
    """The name where space is short: lists, the start screen and the editor's header ("Warcaster")."""
    catalogue: str
    """The bundled catalogue a new roster uses unless the player picks another."""
    code_number: int
    """The number a share code gives the bundled catalogue (fixed: codes in the wild depend on it)."""
    ahead_by: Literal["share", "points"] = "share"
    """What says who is ahead in a battle before VP are scored: the share of each army left, or (where the book
    makes the side with the most points left the winner) the points left."""
    turns: Turns = Turns()
    """Who sits at its table and how its rounds are made: two sides, one turn a round, unless the game says."""

    @property
    @abstractmethod
    def catalogue_model(self) -> type[CatalogueHeader]:
        """The pydantic model of its catalogue files."""

    @property
    @abstractmethod
    def roster_model(self) -> type[RosterBase]:
        """The pydantic model of its roster files."""

    @property
    @abstractmethod
    def rules(self) -> RuleSet:
        """One function per rule code, and its typed totals."""

    @property
    @abstractmethod
    def edits(self) -> type[GameAdapter]:
        """Its editing operations and what the editor's panes show, in plain Python."""

    @property
    @abstractmethod
    def codec(self) -> ShareCodec:
        """Its share-code fields."""

    @property
    @abstractmethod
    def cards(self) -> CardsWriter:
        """Its PDF cards and roster sheet content."""

    @property
    @abstractmethod
    def text(self) -> TextWriter:
        """Its plain-text body for chat and forums."""

    @property
    @abstractmethod
    def battle(self) -> TrackMaker:
        """Its tracks for a battle in play."""

    @property
    @abstractmethod
    def editor(self) -> type[RosterEditor]:
        """Its Textual editor screen."""

    @property
    @abstractmethod
    def battle_screen(self) -> type[BattleScreen]:
        """Its Textual screen for a battle in play (the keys its units are marked with)."""

    @property
    def battlescribe(self) -> BattleScribe | None:
        """How its rosters go to and from BattleScribe (None: BattleScribe has no data Warbench reads for it)."""
        return None

    @property
    def catalogue_warnings(self) -> CatalogueWarnings:
        """What `catalog check` and the catalogue editor warn of in its catalogues, beyond the problems that stop one
        loading (none, unless it says)."""
        return no_warnings

    @property
    def ledgers(self) -> tuple[LedgerKind, ...]:
        """The kinds of league and campaign file the game plays (its own; a battle is every game's)."""
        return ()

    @property
    def setup(self) -> SetupFlow | None:
        """Its guided set-up before a battle (None: a scenario is picked or rolled, as `scenario roll` does)."""
        return None

    @property
    def narratives(self) -> Narratives | None:
        """How it plays narratives (None: its rulebook has none Warbench plays)."""
        return None

    @property
    def mark_model(self) -> type[UnitMark] | None:
        """The pydantic model of one unit's mark in its battles, extending the engine's `UnitMark` with what it
        records beyond damage boxes (None: the engine's)."""
        return None

    @property
    def marks(self) -> tuple[MarkOption, ...]:
        """The options `warbench battle mark` marks its units with (damage, unless it says otherwise)."""
        return (DAMAGE,)

    @property
    def resources(self) -> Resources | None:
        """What its turns spend, tracked in a battle (None: nothing beyond the marks)."""
        return None

    @property
    def spend_commands(self) -> tuple[SpendCommand, ...]:
        """The `warbench battle` subcommands that record what its turns spend."""
        return ()

    @property
    def scenarios(self) -> ScenarioBook:
        """The scenarios its rulebook plays battles for, with their charts (bundled data named after its id)."""

        return book_of(self.id)


def no_warnings(catalogue: CatalogueHeader) -> list[Finding]:
    """A game's catalogue warnings when it names none."""
    return []


PARTS = tuple(name for name, value in vars(Game).items() if isinstance(value, property))
"""The parts every game has."""


ENTRY_POINTS = "warbench.games"
"""The entry-point group a game package registers its `Game` value in."""


V = TypeVar("V")


class Found(Mapping[str, V]):
    """A table by id that `find` builds on first use (what is installed is looked up only when asked for)."""

    def __init__(self, find: Callable[[], dict[str, V]]) -> None:
        self._find = find
        self._found: dict[str, V] | None = None

    def _table(self) -> dict[str, V]:
        if self._found is None:
            self._found = self._find()
        return self._found

    def __getitem__(self, id: str) -> V:
        return self._table()[id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


def _installed() -> dict[str, Game]:
    """The games the entry points name, by id, in the order of their share-code numbers."""
    found = [point.load() for point in entry_points(group=ENTRY_POINTS)]
    return {g.id: g for g in sorted(found, key=lambda g: g.code_number)}


GAMES: Mapping[str, Game] = Found(_installed)
"""Every game installed, in the order the start screen offers them."""


def game_ids() -> tuple[str, ...]:
    """The ids of the games installed, in order."""
    return tuple(GAMES)


def game(id: str) -> Game:
    """The record of a game (KeyError names the known ids)."""
    try:
        return GAMES[id]
    except KeyError:
        raise KeyError(
            f"unknown game {str(id)[:40]!r} (expected one of {', '.join(GAMES)})"
        ) from None  # a prefix: ids come from files


def catalogue_model(game_id: str) -> type[CatalogueHeader]:
    """The catalogue model of a game, for the catalogue loader (KeyError names the known ids)."""
    return game(game_id).catalogue_model


def short_name_of(game_id: object) -> str:
    """The short name of a game id found in a file, or "" when it names no game Warbench knows."""
    return GAMES[game_id].short_name if isinstance(game_id, str) and game_id in GAMES else ""
