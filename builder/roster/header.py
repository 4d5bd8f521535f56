"""What a Warbench file says about itself, read without building any model: its kind and a roster's game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from catalog.errors import RosterFileError
from catalog.games import GAME_IDS, GAMES
from catalog.toml_input import parse_toml, read_toml_text


def file_kind(path: Path | str) -> tuple[str, str]:
    """("roster", its game) for a roster; ("catalogue", its game) for a catalogue file (it has a revision and no
    `warbench` key); (its `kind`, its `game`) for a league, campaign or other Warbench file, whose own reader checks
    the rest. The builder picks the screen by it."""
    path = Path(path)
    data = parse_toml(read_toml_text(path, RosterFileError, "roster"), str(path), RosterFileError, "roster")
    if "warbench" not in data and "kind" not in data and "revision" in data:
        return "catalogue", str(data.get("game", ""))
    kind = data.get("kind", "roster")
    if kind == "roster":
        return kind, game_named(data, str(path))
    return str(kind), str(data.get("game", ""))


def game_named(data: dict[str, Any], source: str) -> str:
    """The `game` of parsed roster data, which must be one Warbench knows."""
    game = data.get("game")
    if game not in GAMES:
        raise RosterFileError(f"{source}: game: unknown game {game!r} (expected one of {', '.join(GAME_IDS)})")
    return str(game)
