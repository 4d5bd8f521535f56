"""Every game Warbench knows, each described once: its names and each of its parts, typed and loaded on first use.

This is the composition root and the one table keyed by game id: it sits above every module it names, and every
place that varies by game asks its `Game` record for the part it needs (`game("warsurge").rules`). Each part is
a property whose body imports its module, so reading this table imports nothing heavy: `warbench validate` never
loads reportlab, and nothing outside `builder.tui` loads Textual. A type checker follows every call through it.

Adding a fifth game means writing its modules and one `Game` subclass here; `tests/test_games.py` proves that
every game has every part and that each part is what it claims to be.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from builder.battles.tracks import Track
    from builder.editing.base import GameAdapter
    from builder.findings import Report
    from builder.roster.common import RosterBase
    from builder.rules.registry import RuleSet
    from builder.tui.screens.battle import BattleScreen
    from builder.tui.screens.editor import RosterEditor
    from catalog.models.common import CatalogueHeader
    from catalog.scenarios import ScenarioBook
    from exports.pdf.content import GameContent
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


class Game(ABC):
    """One game: its id (as roster and catalogue files spell it), its names, and its parts."""

    id: str
    name: str
    """The full name, for cards, sheets and text ("Warcaster: Neo-Mechanika")."""
    short_name: str
    """The name where space is short: lists, the start screen and the editor's header ("Warcaster")."""
    catalogue: str
    """The bundled catalogue a new roster uses unless the player picks another."""
    code_number: int
    """The number a share code gives the bundled catalogue (fixed: codes in the wild depend on it)."""
    ahead_by: Literal["share", "points"] = "share"
    """What says who is ahead in a battle before VP are scored: the share of each army left, or (where the book
    makes the side with the most points left the winner) the points left."""

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
    def scenarios(self) -> ScenarioBook:
        """The scenarios its rulebook plays battles for, with their charts (bundled data named after its id)."""
        from catalog.scenarios import book_of

        return book_of(self.id)


PARTS = tuple(name for name, value in vars(Game).items() if isinstance(value, property))
"""The parts every game has."""


class Warcaster(Game):
    id, name, short_name = "warcaster", "Warcaster: Neo-Mechanika", "Warcaster"
    catalogue, code_number = "warcaster-nm", 1

    @property
    def catalogue_model(self) -> type[CatalogueHeader]:
        from catalog.models.warcaster import WarcasterCatalogue

        return WarcasterCatalogue

    @property
    def roster_model(self) -> type[RosterBase]:
        from builder.roster.warcaster import WarcasterRoster

        return WarcasterRoster

    @property
    def rules(self) -> RuleSet:
        from builder.rules.warcaster import RULES

        return RULES

    @property
    def edits(self) -> type[GameAdapter]:
        from builder.editing.warcaster import WarcasterAdapter

        return WarcasterAdapter

    @property
    def codec(self) -> ShareCodec:
        from exports.share import warcaster

        return warcaster

    @property
    def cards(self) -> CardsWriter:
        from exports.pdf.warcaster import content

        return content

    @property
    def text(self) -> TextWriter:
        from exports.text import warcaster_lines

        return warcaster_lines

    @property
    def battle(self) -> TrackMaker:
        from builder.battles.game_tracks import warcaster_tracks

        return warcaster_tracks

    @property
    def editor(self) -> type[RosterEditor]:
        from builder.tui.screens.warcaster import WarcasterEditor

        return WarcasterEditor

    @property
    def battle_screen(self) -> type[BattleScreen]:
        from builder.tui.screens.battle_warcaster import WarcasterBattle

        return WarcasterBattle


class McWarrior(Game):
    id, name, short_name = "mcwarrior", "McWarrior", "McWarrior"
    catalogue, code_number = "mcwarrior", 2

    @property
    def catalogue_model(self) -> type[CatalogueHeader]:
        from catalog.models.mcwarrior import McWarriorCatalogue

        return McWarriorCatalogue

    @property
    def roster_model(self) -> type[RosterBase]:
        from builder.roster.mcwarrior import McWarriorRoster

        return McWarriorRoster

    @property
    def rules(self) -> RuleSet:
        from builder.rules.mcwarrior import RULES

        return RULES

    @property
    def edits(self) -> type[GameAdapter]:
        from builder.editing.mcwarrior import McWarriorAdapter

        return McWarriorAdapter

    @property
    def codec(self) -> ShareCodec:
        from exports.share import mcwarrior

        return mcwarrior

    @property
    def cards(self) -> CardsWriter:
        from exports.pdf.mcwarrior import content

        return content

    @property
    def text(self) -> TextWriter:
        from exports.text import mcwarrior_lines

        return mcwarrior_lines

    @property
    def battle(self) -> TrackMaker:
        from builder.battles.game_tracks import mcwarrior_tracks

        return mcwarrior_tracks

    @property
    def editor(self) -> type[RosterEditor]:
        from builder.tui.screens.mcwarrior import McWarriorEditor

        return McWarriorEditor

    @property
    def battle_screen(self) -> type[BattleScreen]:
        from builder.tui.screens.battle_mcwarrior import McWarriorBattle

        return McWarriorBattle


class Warsurge(Game):
    id, name, short_name = "warsurge", "Warsurge", "Warsurge"
    catalogue, code_number = "warsurge-examples", 3
    ahead_by = "points"

    @property
    def catalogue_model(self) -> type[CatalogueHeader]:
        from catalog.models.warsurge import WarsurgeCatalogue

        return WarsurgeCatalogue

    @property
    def roster_model(self) -> type[RosterBase]:
        from builder.roster.warsurge import WarsurgeRoster

        return WarsurgeRoster

    @property
    def rules(self) -> RuleSet:
        from builder.rules.warsurge import RULES

        return RULES

    @property
    def edits(self) -> type[GameAdapter]:
        from builder.editing.warsurge import WarsurgeAdapter

        return WarsurgeAdapter

    @property
    def codec(self) -> ShareCodec:
        from exports.share import warsurge

        return warsurge

    @property
    def cards(self) -> CardsWriter:
        from exports.pdf.warsurge import content

        return content

    @property
    def text(self) -> TextWriter:
        from exports.text import warsurge_lines

        return warsurge_lines

    @property
    def battle(self) -> TrackMaker:
        from builder.battles.game_tracks import warsurge_tracks

        return warsurge_tracks

    @property
    def editor(self) -> type[RosterEditor]:
        from builder.tui.screens.stepping import SteppingEditor

        return SteppingEditor

    @property
    def battle_screen(self) -> type[BattleScreen]:
        from builder.tui.screens.battle import BoxesBattle

        return BoxesBattle


class Warmachine(Game):
    id, name, short_name = "warmachine", "Warmachine Mk IV", "Warmachine"
    catalogue, code_number = "warmachine-example", 4

    @property
    def catalogue_model(self) -> type[CatalogueHeader]:
        from catalog.models.warmachine import WarmachineCatalogue

        return WarmachineCatalogue

    @property
    def roster_model(self) -> type[RosterBase]:
        from builder.roster.warmachine import WarmachineRoster

        return WarmachineRoster

    @property
    def rules(self) -> RuleSet:
        from builder.rules.warmachine import RULES

        return RULES

    @property
    def edits(self) -> type[GameAdapter]:
        from builder.editing.warmachine import WarmachineAdapter

        return WarmachineAdapter

    @property
    def codec(self) -> ShareCodec:
        from exports.share import warmachine

        return warmachine

    @property
    def cards(self) -> CardsWriter:
        from exports.pdf.warmachine import content

        return content

    @property
    def text(self) -> TextWriter:
        from exports.text import warmachine_lines

        return warmachine_lines

    @property
    def battle(self) -> TrackMaker:
        from builder.battles.game_tracks import warmachine_tracks

        return warmachine_tracks

    @property
    def editor(self) -> type[RosterEditor]:
        from builder.tui.screens.stepping import SteppingEditor

        return SteppingEditor

    @property
    def battle_screen(self) -> type[BattleScreen]:
        from builder.tui.screens.battle import BoxesBattle

        return BoxesBattle


GAMES: dict[str, Game] = {g.id: g for g in (Warcaster(), McWarrior(), Warsurge(), Warmachine())}
"""Every game, in the order the start screen offers them."""

GAME_IDS = tuple(GAMES)


def game(id: str) -> Game:
    """The record of a game (KeyError names the known ids)."""
    try:
        return GAMES[id]
    except KeyError:
        raise KeyError(
            f"unknown game {str(id)[:40]!r} (expected one of {', '.join(GAME_IDS)})"
        ) from None  # a prefix: ids come from files


def catalogue_model(game_id: str) -> type[CatalogueHeader]:
    """The catalogue model of a game, for the catalogue loader (KeyError names the known ids)."""
    return game(game_id).catalogue_model


def short_name_of(game_id: object) -> str:
    """The short name of a game id found in a file, or "" when it names no game Warbench knows."""
    return GAMES[game_id].short_name if isinstance(game_id, str) and game_id in GAMES else ""
