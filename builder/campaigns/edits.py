"""What every ledger's edits share: the ledger written back as TOML, and a player looked up by name (each game's
league and campaign edits live in its package)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from builder.campaigns.ledger import LedgerError, LedgerHeader, check_text
from builder.roster.toml_output import dumps
from catalog.files import write_atomic

LedgerT = TypeVar("LedgerT", bound=LedgerHeader)


def ledger_dict(ledger: LedgerHeader) -> dict[str, Any]:
    """The ledger as its file's keys (defaults left out)."""
    return {"warbench": 1, "kind": ledger.kind, "game": ledger.game} | ledger.model_dump(exclude_defaults=True)


def dump_ledger(ledger: LedgerHeader) -> str:
    """The ledger as TOML text (defaults left out), ready to write back."""
    return dumps(ledger_dict(ledger))


def write_ledger(path: Path | str, ledger: LedgerHeader, preface: str = "") -> None:
    """Write the ledger atomically, after `preface` (the comment lines its file started with); a failure, or what
    reading the file back would refuse (a name with a control character), is one LedgerError line, nothing
    written."""
    data = ledger_dict(ledger)
    check_text(data, f"{path} (not written)")
    try:
        write_atomic(path, preface + dumps(data))
    except OSError as exc:
        raise LedgerError(f"{path}: cannot write ({exc.strerror or exc})") from None


def player_index(names: list[str], player: str) -> int:
    """The index of a player by name, or one LedgerError line naming the players."""
    if player not in names:
        raise LedgerError(f"unknown player {player!r} (players: {', '.join(names)})")
    return names.index(player)


def names_no_files(ledger: LedgerT, move: Callable[[str], str]) -> LedgerT:
    """The `repath` of a kind whose files name no roster (the frontier campaign): the ledger as it is."""
    return ledger
