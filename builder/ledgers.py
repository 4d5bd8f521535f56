"""Every kind of ledger file Warbench plays (league, frontier, Port Oldsand, battle), each described once.

Like `builder.games`, the one table keyed by kind: it sits above every module it names, and its parts are typed
properties that import their module on first use. The reader, the replay, the commands and the TUI ask it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from builder.campaigns.ledger import Replayed
    from builder.tui.screens.ledger import LedgerScreen


class LedgerKind(ABC):
    """One kind of ledger: its `kind` as files spell it, its names, the command that reports it, and the parts every
    kind must give (abstract, as a game's are in `builder.games`)."""

    id: str
    name: str
    """The full name, where a ledger has no name of its own ("Journeyman league")."""
    short_name: str
    """The name in the screen's header ("League")."""
    command: str
    """The command that replays and reports it (`warbench league|campaign|battle FILE`)."""

    @abstractmethod
    def read(self, data: dict[str, Any], source: str) -> Any:
        """Parsed ledger data (its header checked) as the kind's model; one LedgerError line for any mistake."""

    @abstractmethod
    def replay(self, ledger: Any, base: Path) -> Replayed:
        """The ledger replayed from the start (roster paths in it relative to `base`)."""

    @property
    @abstractmethod
    def screen(self) -> type[LedgerScreen]:
        """Its Textual screen (which opens its files: `open_session`)."""

    def screen_for(self, ledger: Any) -> type[LedgerScreen]:
        """The screen that shows this ledger: the kind's own, unless the kind's screen varies by game."""
        return self.screen


class League(LedgerKind):
    id, name, short_name, command = "league", "Journeyman league", "League", "league"

    def read(self, data: dict[str, Any], source: str) -> Any:
        from builder.campaigns.league import read_league

        return read_league(data, source)

    def replay(self, ledger: Any, base: Path) -> Replayed:
        from builder.campaigns.league import replay_league

        return replay_league(ledger, base)

    @property
    def screen(self) -> type[LedgerScreen]:
        from builder.tui.screens.league import LeagueScreen

        return LeagueScreen


class Frontier(LedgerKind):
    id, name, short_name, command = "frontier-campaign", "Frontier campaign", "Frontier", "campaign"

    def read(self, data: dict[str, Any], source: str) -> Any:
        from builder.campaigns.frontier import read_frontier

        return read_frontier(data, source)

    def replay(self, ledger: Any, base: Path) -> Replayed:
        from builder.campaigns.frontier import replay_frontier

        return replay_frontier(ledger)

    @property
    def screen(self) -> type[LedgerScreen]:
        from builder.tui.screens.frontier import FrontierScreen

        return FrontierScreen


class PortOldsand(LedgerKind):
    id, name, short_name, command = "port-oldsand", "Battle for Port Oldsand", "Port Oldsand", "campaign"

    def read(self, data: dict[str, Any], source: str) -> Any:
        from builder.campaigns.oldsand import read_oldsand

        return read_oldsand(data, source)

    def replay(self, ledger: Any, base: Path) -> Replayed:
        from builder.campaigns.oldsand import replay_oldsand

        return replay_oldsand(ledger, base)

    @property
    def screen(self) -> type[LedgerScreen]:
        from builder.tui.screens.oldsand import OldsandScreen

        return OldsandScreen


class Battle(LedgerKind):
    id, name, short_name, command = "battle", "Battle", "Battle", "battle"

    def read(self, data: dict[str, Any], source: str) -> Any:
        from builder.battles.model import BattleFile
        from builder.campaigns.ledger import validate_model

        return validate_model(BattleFile, data, source)

    def replay(self, ledger: Any, base: Path) -> Replayed:
        from builder.battles import load
        from builder.battles.report import replay_battle

        return replay_battle(ledger, *load(ledger, base))

    @property
    def screen(self) -> type[LedgerScreen]:
        """The battle screens' shared base, which opens battle files; a battle is shown in its game's own screen
        (`screen_for`), which binds the keys its units are marked with."""
        from builder.tui.screens.battle import BattleScreen

        return BattleScreen

    def screen_for(self, ledger: Any) -> type[LedgerScreen]:
        """The battle screen of the battle's game, with the keys its units are marked with."""
        from builder.game import game

        return game(ledger.game).battle_screen


LEDGER_KINDS: dict[str, LedgerKind] = {k.id: k for k in (League(), Frontier(), PortOldsand(), Battle())}
"""Every kind of ledger file."""


def ledger_kind(id: str) -> LedgerKind:
    """The record of a kind (KeyError names the known kinds)."""
    try:
        return LEDGER_KINDS[id]
    except KeyError:
        raise KeyError(f"unknown kind {id!r} (expected one of {', '.join(LEDGER_KINDS)})") from None


def reported_by(*commands: str) -> tuple[str, ...]:
    """The kinds the given commands replay and report (`reported_by("campaign")`: frontier and Port Oldsand)."""
    return tuple(k.id for k in LEDGER_KINDS.values() if k.command in commands)
