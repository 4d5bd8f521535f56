"""Ledger files (leagues and campaigns): read the TOML, check its shape, read the rosters it names."""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from builder.findings import Finding
from builder.game import GAMES, short_name_of
from builder.roster.files import LoadedRoster, read_roster
from catalog.access import OutsideSharedFolders
from catalog.errors import WarbenchError
from catalog.file_kinds import check_kind
from catalog.toml_input import control_characters, long_strings, parse_toml, pydantic_problems, read_toml_text
from catalog.wording import shown, visible


def game_kinds() -> tuple[str, ...]:
    """The kinds of league and campaign file the installed games bring (`Game.ledgers`; a battle has its own
    reader)."""
    return tuple(kind.id for record in GAMES.values() for kind in record.ledgers)


class LedgerError(WarbenchError):
    """A ledger file (league, campaign, battle) is missing, unreadable, malformed or names rosters that cannot be
    read."""


class LedgerModel(BaseModel):
    """Strict like the roster files: unknown keys are mistakes."""

    model_config = ConfigDict(extra="forbid", strict=True)


ModelT = TypeVar("ModelT", bound=LedgerModel)


MAX_LEDGER_TEXT = 5_000
"""No name, path or share code in a ledger is longer (a roster's code is at most this); a longer text is refused."""


def read_ledger_data(path: Path | str, kinds: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The parsed TOML of a ledger file, its header checked (format 1 and one of `kinds`, by default the games')."""
    return ledger_data(read_toml_text(Path(path), LedgerError, "ledger"), str(path), kinds)


def ledger_data(text: str, source: str, kinds: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Ledger TOML text parsed, its header checked (format 1 and one of `kinds`, by default the games')."""
    data = parse_toml(text, source, LedgerError, "ledger")
    check_kind(data, source, game_kinds() if kinds is None else kinds, LedgerError, short_name_of)
    if data.get("warbench") != 1:
        raise LedgerError(f"{source}: warbench: expected format 1, got {shown(data.get('warbench'))}")
    check_text(data, source)
    return data


def check_text(data: dict[str, Any], source: str) -> None:
    """Refuse ledger data (read, or about to be written) holding a control character or a string too long."""
    found = control_characters(data, allowed="", what="name, path or code")
    if problems := found + long_strings(data, MAX_LEDGER_TEXT, what="name, path or code"):
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise LedgerError(f"{source}: {problems[0]}{more}", problems)


def validate_model(
    model: type[ModelT], data: dict[str, Any], source: str, context: dict[str, Any] | None = None
) -> ModelT:
    """The data as `model` (validated with `context`, where its validators read one), or LedgerError naming the
    first bad key path."""
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        problems = pydantic_problems(exc)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise LedgerError(f"{source}: {problems[0]}{more}", problems) from None


def read_army(base: Path, relative: str, game: str, where: str, ledger: str = "ledger") -> LoadedRoster:
    """A roster named in a ledger (relative to the ledger's folder), which must be of `game`; `where` is its key
    path in the ledger ("" for a roster given on the command line), `ledger` what the ledger is ("league")."""
    try:
        loaded = read_roster(base / relative)
    except OutsideSharedFolders as exc:
        raise OutsideSharedFolders(f"{where}: {exc}" if where else str(exc)) from None
    if loaded.roster.game != game:
        theirs, ours = short_name_of(loaded.roster.game), short_name_of(game)
        said = f"{relative} is a {theirs} roster; a {ours} {ledger} needs a {ours} roster"
        raise LedgerError(f"{where}: {said}" if where else said)
    return loaded


def check_player(name: str, players: list[str], where: str) -> None:
    """Raise LedgerError when a ledger names someone who is not a player."""
    if name not in players:
        raise LedgerError(f"{where}: unknown player {shown(name)} (players: {', '.join(map(visible, players))})")


class LedgerHeader(LedgerModel):
    """What every ledger file starts with; each kind adds its `kind` and `game`."""

    warbench: Literal[1]
    name: str = ""
    if TYPE_CHECKING:  # declared by each kind as a Literal field; what any ledger has, for code over every kind
        kind: str
        game: str


class Replayed:
    """What every replayed ledger has: its findings, valid when none is an error."""

    findings: tuple[Finding, ...]

    @property
    def valid(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)

    def finding_dicts(self) -> list[dict[str, str]]:
        return [f.as_dict() for f in self.findings]


class CampaignResult(Replayed, ABC):
    """A replayed league or campaign of a game: its kind (which reports and prints it), its name, its `--json`
    object and its winner."""

    kind: ClassVar[str]
    """The ledger kind it replays (`builder.ledgers.campaign_kind` finds the kind's text and noticeboard)."""
    name: str

    @abstractmethod
    def as_dict(self) -> dict[str, Any]:
        """The `warbench league|campaign --json` object."""

    def winner_text(self) -> str | None:
        """The winner as the noticeboard heads it (None: no winner yet, or the kind has none)."""
        return None


def most(counts: dict[str, int]) -> list[str]:
    """Every name with the highest count above zero (ties shared), in first-seen order."""
    top = max(counts.values(), default=0)
    return [name for name, count in counts.items() if count == top and top > 0]


def is_ledger(path: Path | str) -> bool:
    """Whether a file reads as a league or campaign (anything else is left to the roster reader)."""
    try:
        data = parse_toml(read_toml_text(Path(path), LedgerError, "ledger"), str(path), LedgerError, "ledger")
    except WarbenchError:
        return False
    return data.get("kind") in game_kinds()
