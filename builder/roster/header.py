"""What a roster file says about itself, read without building any model: its game."""

from __future__ import annotations

from pathlib import Path

from catalog.errors import RosterFileError
from catalog.games import GAME_IDS, GAMES
from catalog.toml_input import parse_toml, read_toml_text


def roster_game(path: Path | str) -> str:
    """The game a roster file names, read without building any model (the builder picks its editor by it)."""
    path = Path(path)
    data = parse_toml(read_toml_text(path, RosterFileError, "roster"), str(path), RosterFileError, "roster")
    return game_named(data, str(path))


def game_named(data: dict, source: str) -> str:
    """The `game` of parsed roster data, which must be one Warbench knows."""
    game = data.get("game")
    if game not in GAMES:
        raise RosterFileError(f"{source}: game: unknown game {game!r} (expected one of {', '.join(GAME_IDS)})")
    return game
