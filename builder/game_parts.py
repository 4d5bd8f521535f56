"""The parts a game gives the engines, typed: its share-code fields, card and text writers, battle marks and
resources, BattleScribe mapping, set-up flow and narratives (`builder.game.Game` names them), and `part`, how a game
names each of them without importing it."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET
    from pathlib import Path

    from builder.battles.model import UnitMark
    from builder.battles.tracks import Track
    from builder.battlescribe.imported import BattlescribeImport
    from builder.editing.base import ChoicePrompt
    from builder.findings import Finding, Report
    from builder.resources import ResourceEvent, Seating, Standing
    from builder.roster.files import LoadedRoster
    from builder.turns import Moment
    from exports.pdf.content import GameContent
    from exports.pdf.report_page import ReportPage
    from exports.share.fields import Decoder, Encoder


class Part:
    """A part named where it lives, the way an entry point names an object (`package.module:NAME`, or a whole module
    as `package.module`), and imported the first time it is asked for: a game's record (and a league's) names every
    part it has while loading none, so looking a game up costs nothing until a part is used."""

    def __init__(self, where: str) -> None:
        self.where = where

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:  # asked of the class (as ABCMeta does, looking for what is still abstract): the name
            return self
        module, _, name = self.where.partition(":")
        loaded = import_module(module)
        return getattr(loaded, name) if name else loaded


def part(where: str) -> Any:
    """The part at `where` (`builder.games.warsurge.rules:RULES`), typed as the class it overrides declares it."""
    return Part(where)


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
CatalogueWarnings = Callable[[Any], "list[Finding]"]
"""A catalogue of its own game, loaded → what is worth saying of it that does not stop it loading (a warjack without
its damage boxes), each a warning Finding with the catalogue key path it is about."""


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

    def setting_up(self, state: Any) -> bool:
        """Whether the table is still setting up before the first player's first turn (Warcaster's deployment near
        the rear edge), which the battle's turn counts as that turn until something of it is done."""
        ...

    def along(self, state: Any, side: int | None, event: ResourceEvent) -> list[dict[str, Any]]:
        """The events recorded after `event` in the same change, as the book has them follow from it (Warsurge: the
        passengers its roster embarks in a transport placed or deployed on the battlefield, placed embarked in it);
        empty for most. Asked as an event is recorded, never at replay: a file written before reads as it did."""
        ...

    def set_up_over(self, state: Any) -> dict[str, Any] | None:
        """The event that ends the set-up, recorded as the battle's turn passes from it so that the first player's
        first turn begins at the same moment (None: not setting up, or no set-up of its own)."""
        ...

    def unfinished(self, state: Any) -> str | None:
        """What the book has the table do in the turn in progress that it has not done, in a player's words
        (Warsurge: the game turn's CP dice not rolled), or None: said as the turn passes."""
        ...

    def healing(self, state: Any, side: int) -> tuple[int, int] | None:
        """(roster index, damage boxes) the side's last event removes from a unit (Warmachine: a Leader's points
        spent on itself, five boxes a point in Execution Mode), or None."""
        ...

    def lost(self, state: Any, side: int, unit: int) -> dict[str, Any] | None:
        """The event a unit destroyed on the tracker makes at that moment (Warcaster: its Arc back to the well;
        Warsurge: a casualty gives no more CP), or None where it changes nothing."""
        ...

    def back(self, state: Any, side: int, unit: int) -> dict[str, Any] | None:
        """The event a unit destroyed on the tracker and then marked back makes at that moment (a mistaken mark
        corrected: Warmachine's model holds and spends points again), or None where it changes nothing."""
        ...

    def standing(self, state: Any, standing: tuple[Standing, ...]) -> Any:
        """The state with the table as it stands now (one `Standing` a side, from the tracker and the scenario's
        record), to judge what is recorded next by: the events recorded before were judged as they were recorded."""
        ...

    def out_of_reach(self, state: Any, side: int, unit: int) -> str | None:
        """Why the unit cannot be attacked now, as words after its name (Warsurge: "is in reserve, …", "is embarked
        in …"), where the place the state keeps it in puts it out of reach; None where it can be."""
        ...

    def place_words(self, state: Any, side: int, unit: int) -> str | None:
        """Where the unit is, in a player's words (Warsurge: "in reserve", "embarked in Ursus APC", "on the
        battlefield"), for the reports; None where the state keeps no place for it."""
        ...

    def nothing_in_play(self, state: Any, side: int) -> bool | None:
        """Whether the side has no model in play at all (Warcaster: no unit and no void gate), for a scenario's mercy
        rule; None where the state does not know (the tracker's marks alone)."""
        ...

    def in_reserve(self, state: Any, side: int) -> frozenset[int] | None:
        """The side's units (roster indices) the state keeps in reserve (Warsurge: where its player placed them),
        which the battle writes into the scenario's reserves as each event is recorded, so that both say the same
        from then on; None where the state does not know where the side's units are (the scenario's record alone)."""
        ...

    def reserve_event(self, state: Any, side: int, unit: int, into: bool) -> dict[str, Any] | None:
        """The event that puts the unit into reserve (`into`) or out of it, recorded with the scenario's reserve key
        so the state follows it (Warsurge: a place); None where the state keeps no places."""
        ...

    def leader_event(self, state: Any, side: int, event: ResourceEvent) -> tuple[int, str] | None:
        """(the Leader's roster index, what befell it in the scenario's Leader record: `other`) where `event` stands
        for the scenario's record (Warmachine: a Leader made vulnerable), which the battle records in its place under
        a scenario that judges Leaders; None: the event is the game's own."""
        ...

    def recorded(self, state: Any, side: int | None, event: ResourceEvent) -> str | None:
        """What `event`, just recorded, did in one sentence, printed before the side's line by the command that
        recorded it ("Placed Troopers on the battlefield (free)."); None: the line says it."""
        ...


class SpendTable(Protocol):
    """What a `battle` subcommand a game adds is given: the side named (None: not named), each side's roster, and
    the battle's seeded dice."""

    side: int | None
    rosters: tuple[LoadedRoster, ...]

    @property
    def point_limit(self) -> int | None:
        """The game's point limit the players agreed in the battle's set-up (None: not recorded)."""
        ...

    @property
    def setting_up(self) -> bool:
        """Whether the table is still setting up before the first player's first turn (`Resources.setting_up`)."""
        ...

    def unit(self, text: str, side: int | None = None) -> int:
        """The named side's entry index of a unit given by its number (from 1, as the report counts) or name
        (`side`: another side's, as a Fury names an enemy unit)."""
        ...

    def dice(self, count: int) -> list[int]:
        """`count` D6 rolled from the battle's seed and the moment (the same on every machine)."""
        ...

    @property
    def spent(self) -> Any:
        """The game's state of what the battle has spent so far (`Resources`' state; None: it tracks nothing)."""
        ...

    def marked(self, index: int, change: Callable[[Track, UnitMark], UnitMark | None]) -> None:
        """The named side's unit's mark as `change` makes it of its track and mark goes with the event, in the same
        change (Warcaster: a unit deployed into play or recalled to the reserves); None: the mark stays as it is;
        ValueError: a unit that cannot be so marked, such as a removed hero."""
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

    def play_in(self, source: str) -> str | None:
        """The whole code of a narrative in play that pasted text (the code, or its numbered parts on one line) or a
        QR picture at that path holds; None where it holds none."""
        ...

    def import_play(self, code: str, output: Path) -> list[Path]:
        """The play a code holds written to `output` with its rosters beside it (all or none): the files written;
        a one-line WarbenchError where it cannot be."""
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
