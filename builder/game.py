"""What every game is to the engines (`Game`), and the games installed: found through the `warbench.games` entry points.

Each game is a package of its own (`builder/games/<game>/`) whose `__init__` builds one `Game` value naming its
parts; each part is a property whose body imports its module, so looking a game up imports nothing heavy. The
engines ask this module for a game by id and never import a game package: the four built-in games are found the way
a third-party game is, through an entry point in `pyproject.toml`, loaded on the first look-up.
"""

from __future__ import annotations

import argparse
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

from builder.turns import Turns
from catalog.scenarios import book_of

if TYPE_CHECKING:
    import argparse
    import xml.etree.ElementTree as ET
    from pathlib import Path

    from builder.battles.session import BattleSession
    from builder.battles.tracks import Track
    from builder.battlescribe.imported import BattlescribeImport
    from builder.editing.base import ChoicePrompt, GameAdapter
    from builder.findings import Report
    from builder.ledgers import LedgerKind
    from builder.resources import ResourceEvent, Seating
    from builder.roster.common import RosterBase
    from builder.roster.files import LoadedRoster
    from builder.rules.registry import RuleSet
    from builder.tui.screens.battle import BattleScreen
    from builder.tui.screens.editor import RosterEditor
    from builder.turns import Moment
    from catalog.models.common import CatalogueHeader
    from catalog.scenarios import ScenarioBook
    from exports.pdf.content import GameContent
    from exports.pdf.report_page import ReportPage
    from exports.share.fields import Decoder, Encoder


class ShareCodec(Protocol):
    """A game's own share-code fields, after the header and the fields every roster has."""

    def encode(self, enc: Encoder, roster: Any, catalogue: Any) -> None: ...

    def decode(self, dec: Decoder, catalogue: Any) -> dict[str, Any]: ...


CardsWriter = Callable[[Any, Any, "Report"], "GameContent"]
"""(roster, catalogue, report) → the game's PDF cards and roster-sheet facts."""
TextWriter = Callable[[Any, Any, Any], "list[str]"]
"""(roster, catalogue, totals) of its own game → the game's lines of the plain-text export."""
TrackMaker = Callable[[Any, Any], "list[Track]"]
"""(roster, catalogue) → what each roster entry brings to a battle."""


class ConvertedCatalogue(Protocol):
    """A catalogue made from BattleScribe data files: its TOML text and what the player should know about it."""

    text: str
    units: int
    missing_summaries: list[str]
    """Entries the game's own table of summaries does not explain (their cards say so)."""


@dataclass(frozen=True)
class CatalogueFromData:
    """A game's catalogue made from BattleScribe data files (`warbench catalog import FILE.gst FILE.cat…`)."""

    default_id: str
    """The id an import gets unless `-o` names the file."""
    default_name: str
    """The name an import gets unless the file it replaces has one."""
    comment: str
    """The comment lines the written catalogue starts with."""
    read: Callable[[list[tuple[str, ET.Element]]], Any]
    """The data files' element trees read, once (reading corrects names in place); CatalogueError, one line, for data
    it cannot read."""
    convert: Callable[..., ConvertedCatalogue]
    """(what `read` gave, *, catalogue_id, name, revision, changes, header_comment) → the catalogue."""


@dataclass(frozen=True)
class BattleScribe:
    """A game's rosters to and from BattleScribe's roster files (.ros), for the games BattleScribe has data for."""

    game_system_id: str
    """BattleScribe's id of the game system, as its files name it."""
    import_roster: Callable[[ET.Element, str, str | None], BattlescribeImport]
    """(the <roster> element, its source, the catalogue to read it on or None: the one it came from) → the roster,
    checked like a roster file, and what the import has to say; RosterFileError for another game system."""
    roster_xml: Callable[[Any, Any], bytes]
    """(roster, catalogue) → the .ros file's bytes."""
    describe: Callable[[Any], str]
    """A roster in a few words for the command's last line ("9 units, 12 Cyphers")."""
    data: CatalogueFromData | None = None
    """How its catalogue is made from BattleScribe's data files (None: Warbench makes none)."""


MarkApply = Callable[["BattleSession", int, int, Any], None]
"""(the battle open, the side: 0 ours or 1 theirs, the entry's index, the option's value) → the mark made, or one
LedgerError line saying why not."""


@dataclass(frozen=True)
class MarkOption:
    """One option of `warbench battle mark`: one way a unit of the game is marked from the command line."""

    flag: str
    """The option as typed ("--crit")."""
    help: str
    """What it marks, for `battle mark --help` (the command adds the games that offer it)."""
    apply: MarkApply
    """What it does to the battle."""
    metavar: str | None = None
    """What it takes ("PART", "N"); None: a switch."""
    number: bool = False
    """It takes a whole number (negative allowed)."""


def _take(session: BattleSession, side: int, index: int, amount: int) -> None:
    session.take(side, index, amount)


DAMAGE = MarkOption("--damage", "damage boxes or HP (negative heals)", _take, metavar="N", number=True)
"""Damage, the mark every game's units take unless the game says otherwise."""


class Resources(Protocol):
    """What a game's turns spend (Arc and Cyphers, command points, focus), as the battle engine asks for it: a state
    started from the sides' rosters and the battle's seed, each recorded event read and applied at its moment, and
    what the screen, the report and `--json` show of each side. The engine never imports the game."""

    @property
    def kinds(self) -> tuple[type[ResourceEvent], ...]:
        """Every event a battle records, one class a `kind` (a battle's code names them by their place here)."""
        ...

    @property
    def shown_unused(self) -> bool:
        """Whether the battle screen shows them before anything is spent (False: they belong to a way of playing
        the table chooses, as Warsurge's command points belong to its Advanced playstyle, and show once used)."""
        ...

    def start(self, seating: Seating) -> Any:
        """The state before anything is spent (Refused when the table cannot track it, e.g. a side too few)."""
        ...

    def parse(self, data: dict[str, Any]) -> ResourceEvent:
        """A recorded event read back (ValueError, one line, for one the game does not know)."""
        ...

    def apply(self, state: Any, side: int | None, moment: Moment, event: ResourceEvent) -> Any:
        """The state after `side` (None: the whole table) did `event` at `moment`; Refused with the rule's reason."""
        ...

    def at(self, state: Any, moment: Moment) -> Any:
        """The state as the table is at `moment` (the turns begun since the last event)."""
        ...

    def summary(self, state: Any, side: int) -> str:
        """The side's compact line ("Arc 3 · gates 2+1 · on units 2 · hand 5 · Pulse 2.3")."""
        ...

    def details(self, state: Any, side: int) -> list[str]:
        """The side's hand, ledger or points, a line each (one key away on the battle screen)."""
        ...

    def as_dict(self, state: Any, side: int) -> dict[str, Any]:
        """The side's state for `battle --json`."""
        ...


class SpendTable(Protocol):
    """What a `battle` subcommand a game adds is given: the side named (None: not named), each side's roster, and
    the battle's seeded dice."""

    side: int | None
    rosters: tuple[LoadedRoster, ...]

    def unit(self, text: str) -> int:
        """The named side's entry index of a unit given by its number (from 1, as the report counts) or name."""
        ...

    def dice(self, count: int) -> list[int]:
        """`count` D6 rolled from the battle's seed and the moment (the same on every machine)."""
        ...

    def deploy(self, index: int, into_play: bool) -> None:
        """The unit's mark, deployed into play or recalled to the reserves, goes with the event (ValueError: a unit
        that cannot be, such as a removed hero)."""
        ...


@dataclass(frozen=True)
class SpendCommand:
    """A subcommand of `warbench battle` a game adds (`battle arc BATTLE --side NAME charge 2`): one event a time."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    """Its own words and options, after `BATTLE` and `--side NAME` that every one takes."""
    event: Callable[[argparse.Namespace, SpendTable], tuple[dict[str, Any], str]]
    """(the command line, the table) → the event as a battle file records it, and what it did in a few words;
    LedgerError, one line, for a unit or a card the table does not have."""
    sided: bool = True
    """It needs `--side` (False: an event of the whole table, e.g. the Turn Master's roll)."""


@dataclass(frozen=True)
class SetupCard:
    """A game set up before a battle: the card's lines, the same as data (`--json`, a set-up file) and its page."""

    lines: list[str]
    data: dict[str, Any]
    page: ReportPage
    short: list[str]
    """The card without its rolls, one line a fact (the builder's dialog, at 80×24)."""


class Narratives(Protocol):
    """How a game plays narratives (stages against enemies the software directs): the `warbench narrative …`
    commands, which find the game by the file's `game` (or a bundled narrative's id)."""

    def bundled(self, name: str) -> Path | None:
        """The bundled narrative of this id, or None."""
        ...

    def run(self, action: str, args: argparse.Namespace) -> int:
        """Run `warbench narrative ACTION …` on the game's files: the exit code (0 done, 1 findings, 2 bad input
        as a one-line WarbenchError)."""
        ...


class SetupFlow(Protocol):
    """A game's guided set-up before a battle (`warbench scenario setup GAME`): its questions as options of the
    command (what is left out is rolled as its book says), and the card the answers and the dice give."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def card(self, args: argparse.Namespace, rng: random.Random) -> SetupCard: ...

    def questions(self) -> tuple[tuple[str, ChoicePrompt], ...]:
        """The same steps as choosers for the builder's new-battle flow: (answer key, prompt), the roll first."""
        ...

    def card_from(self, answers: dict[str, str], players: list[str], point_limit: int, rng: random.Random) -> SetupCard:
        """The card the chooser's answers and the dice give, for these players at this point limit."""
        ...


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
