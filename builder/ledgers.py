"""Every kind of ledger file Warbench plays, each described once: a battle, and the leagues and campaigns the games
bring.

A game names its own kinds (`Game.ledgers`), found with the game through its entry point; the battle, which every
game plays, is the engines' own. The reader, the replay, the commands and the TUI ask this module for a kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from builder.campaigns.ledger import CampaignResult, LedgerError, LedgerHeader, read_ledger_data
from builder.game import GAMES, Found, game, short_name_of
from builder.game_parts import part
from catalog.file_kinds import check_kind

if TYPE_CHECKING:
    from builder.battles.model import BattleFile
    from builder.campaigns.ledger import Replayed
    from builder.campaigns.noticeboard import Page
    from builder.campaigns.session_base import LedgerSessionBase
    from builder.editing.storage import Store
    from builder.tui.screens.ledger import LedgerScreen


class LedgerKind(Protocol):
    """One kind of ledger: its `kind` as files spell it, its names, the command that reports it, and its parts."""

    id: str
    name: str
    """The full name, where a ledger has no name of its own ("Journeyman league")."""
    short_name: str
    """The name in the screen's header ("League")."""
    command: str
    """The command that replays and reports it (`warbench league|campaign|battle FILE`)."""

    def read(self, data: dict[str, Any], source: str) -> Any:
        """Parsed ledger data (its header checked) as the kind's model; one LedgerError line for any mistake."""

    def replay(self, ledger: Any, base: Path) -> Replayed:
        """The ledger replayed from the start (roster paths in it relative to `base`)."""

    def open_session(self, path: Path, store: Store) -> LedgerSessionBase[Any, Any]:
        """The file open for play: read, replayed, with undo and autosave (a one-line WarbenchError if it cannot)."""

    def screen_for(self, ledger: Any) -> type[LedgerScreen]:
        """The Textual screen that shows this ledger."""


@runtime_checkable
class CampaignKind(LedgerKind, Protocol):
    """A league or campaign a game brings: a ledger kind that is also reported as text and printed as a sheet."""

    def text(self, result: Any) -> list[str]:
        """The replayed ledger as the lines `warbench league|campaign FILE` prints (findings follow them)."""

    def noticeboard(self, page: Page, result: Any) -> None:
        """Draw the replayed ledger's own part of its noticeboard sheet (the sheet's heading is drawn already)."""

    def repath(self, ledger: Any, move: Callable[[str], str]) -> Any:
        """The ledger with every roster path it names replaced by `move(path)` (Save as rewrites them with it, and
        learns them by calling it), as a new model; a kind that names none returns the ledger."""


class OneScreen:
    """A ledger kind whose files all show on one screen, which its `screen` part names."""

    screen: Any

    def screen_for(self, ledger: Any) -> type[LedgerScreen]:
        """The kind's one screen, whatever the file."""
        screen: type[LedgerScreen] = self.screen
        return screen


class Battle:
    """A battle in play (`kind = "battle"`), which every game plays: the engines' own kind, as light as a game's
    (its parts are named where they live, imported when first used)."""

    id, name, short_name, command = "battle", "Battle", "Battle", "battle"
    read = part("builder.battles:battle_from_data")
    replay = part("builder.battles:replay_file")
    open_session = part("builder.battles.session:BattleSession")

    def screen_for(self, ledger: BattleFile) -> type[LedgerScreen]:
        """The battle screen of the battle's game, with the keys its units are marked with."""
        return game(ledger.game).battle_screen


BATTLE: LedgerKind = Battle()
"""The battle kind."""


def _campaign_kinds() -> dict[str, CampaignKind]:
    """Every installed game's own kinds, in the order of their ids."""
    return {id: kind for id, kind in _game_kinds().items() if isinstance(kind, CampaignKind)}


def _game_kinds() -> dict[str, LedgerKind]:
    """Every installed game's own kinds (leagues, campaigns, narratives in play), in the order of their ids."""
    kinds = sorted((kind for game in GAMES.values() for kind in game.ledgers), key=lambda k: k.id)
    return {kind.id: kind for kind in kinds}


def _kinds() -> dict[str, LedgerKind]:
    """Every installed game's own kinds in the order of their ids, then the battle."""
    return {**_game_kinds(), BATTLE.id: BATTLE}


CAMPAIGN_KINDS: Mapping[str, CampaignKind] = Found(_campaign_kinds)
"""The kinds of league and campaign file the installed games bring."""


LEDGER_KINDS: Mapping[str, LedgerKind] = Found(_kinds)
"""Every kind of ledger file."""


def ledger_kind(id: str) -> LedgerKind:
    """The record of a kind (KeyError names the known kinds)."""
    try:
        return LEDGER_KINDS[id]
    except KeyError:
        raise KeyError(f"unknown kind {id!r} (expected one of {', '.join(LEDGER_KINDS)})") from None


def campaign_kind(id: str) -> CampaignKind:
    """The record of a league or campaign kind (KeyError names the known kinds)."""
    try:
        return CAMPAIGN_KINDS[id]
    except KeyError:
        raise KeyError(f"unknown kind {id!r} (expected one of {', '.join(CAMPAIGN_KINDS)})") from None


def reported_by(*commands: str) -> tuple[str, ...]:
    """The kinds the given commands replay and report (`reported_by("campaign")`: frontier and Port Oldsand)."""
    return tuple(k.id for k in LEDGER_KINDS.values() if k.command in commands)


def read_ledger(path: Path | str, kinds: tuple[str, ...] | None = None) -> LedgerHeader:
    """Read a league or campaign file into its kind's model, not replayed."""
    path = Path(path)
    return ledger_model(read_ledger_data(path, kinds), str(path), kinds)


def ledger_model(data: dict[str, Any], source: str, kinds: tuple[str, ...] | None = None) -> LedgerHeader:
    """Parsed ledger data (`ledger_data`) as its kind's model."""
    if kinds is not None:
        check_kind(data, source, kinds, LedgerError, short_name_of)
    ledger: LedgerHeader = ledger_kind(data["kind"]).read(data, source)
    return ledger


def replay_file(path: Path | str, kinds: tuple[str, ...] | None = None) -> CampaignResult:
    """Read and replay a league or campaign file into its kind's result."""
    path = Path(path)
    ledger = read_ledger(path, kinds)
    try:
        return replay(ledger, path.parent)
    except LedgerError as exc:
        raise LedgerError(f"{path}: {exc}", exc.problems) from None


def replay(ledger: LedgerHeader, base: Path) -> CampaignResult:
    """Replay a ledger model (rosters in it relative to `base`) into its result."""
    # the kind table types every replay as Replayed; a league or campaign kind gives its own result
    return cast(CampaignResult, ledger_kind(ledger.kind).replay(ledger, base))
