"""What a Warbench file says about itself, read without building any model: its kind and a roster's game (the kinds
and the command that reads each are told apart in `catalog.file_kinds`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builder.game import GAMES
from builder.roster.errors import RosterFileError
from catalog.file_kinds import kind_of
from catalog.toml_input import parse_toml, read_toml_text
from catalog.wording import shown


def file_kind(path: Path | str) -> tuple[str, str]:
    """("roster", its game) for a roster; ("catalogue", its game) for a catalogue file (`catalog.file_kinds.kind_of`
    tells them apart); (its `kind`, its `game`) for a league, campaign or other Warbench file, whose own reader
    checks the rest. The builder picks the screen by it."""
    path = Path(path)
    data = parse_toml(read_toml_text(path, RosterFileError, "roster"), str(path), RosterFileError, "roster")
    kind = kind_of(data)
    if kind == "roster":
        return kind, game_named(data, str(path))
    return str(kind), str(data.get("game", ""))


def game_named(data: dict[str, Any], source: str) -> str:
    """The `game` of parsed roster data, which must be one Warbench knows."""
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise RosterFileError(f"{source}: game: unknown game {shown(game)} (expected one of {', '.join(GAMES)})")
    return str(game)
