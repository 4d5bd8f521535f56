"""What a Warbench file says about itself, read without building any model: its kind, its game, and which command
reads it."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from catalog.errors import RosterFileError, WarbenchError
from catalog.games import GAME_IDS, GAMES
from catalog.toml_input import parse_toml, read_toml_text


class FileKind(NamedTuple):
    """One kind of Warbench file: what it is called in a sentence, and the command that reads it."""

    noun: str
    command: str


FILE_KINDS = {
    "roster": FileKind("roster", "validate"),
    "league": FileKind("journeyman league file", "league"),
    "frontier-campaign": FileKind("frontier campaign file", "campaign"),
    "port-oldsand": FileKind("Port Oldsand campaign file", "campaign"),
    "battle": FileKind("battle file", "battle"),
    "catalogue": FileKind("catalogue", "catalog check"),
}
"""Every kind of Warbench file (`kind = "…"`; a roster and a catalogue have none)."""


def kind_of(data: dict) -> object:
    """The kind of parsed file data: its `kind`, else a catalogue (an `id` and a `revision`) or a roster."""
    if "kind" in data:
        return data["kind"]
    return "catalogue" if "id" in data and "revision" in data else "roster"


def file_kind(path: Path | str) -> tuple[str, str]:
    """("roster", its game) for a roster; (its `kind`, its `game`) for a league, campaign or other Warbench file,
    whose own reader checks the rest. The builder picks the screen by it."""
    path = Path(path)
    data = parse_toml(read_toml_text(path, RosterFileError, "roster"), str(path), RosterFileError, "roster")
    kind = kind_of(data)
    if kind == "roster":
        return kind, game_named(data, str(path))
    return str(kind), str(data.get("game", ""))


def game_named(data: dict, source: str) -> str:
    """The `game` of parsed roster data, which must be one Warbench knows."""
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise RosterFileError(f"{source}: game: unknown game {game!r} (expected one of {', '.join(GAME_IDS)})")
    return game


def check_kind(data: dict, source: str, wanted: tuple[str, ...], error: type[WarbenchError]) -> None:
    """Raise `error` unless parsed file data is one of the `wanted` kinds: a Warbench file of another kind is
    named, with the command that reads it; anything else is told which kinds were expected."""
    kind = kind_of(data)
    if kind in wanted:
        return
    expected = " or ".join(wanted)
    if kind == "roster" and "game" not in data:
        raise error(f"{source}: kind: required key is missing (expected {expected})")
    if not isinstance(kind, str) or kind not in FILE_KINDS:
        raise error(f"{source}: kind: unknown kind {kind!r} (expected {expected})")
    raise error(f"{source}: {what_it_is(kind, data.get('game'))}, not a {' or '.join(FILE_KINDS[k].noun for k in wanted)}; "
                f"open it with `warbench {FILE_KINDS[kind].command} FILE`")


def what_it_is(kind: str, game: object) -> str:
    """'this is a Warsurge catalogue': a file of one of FILE_KINDS, and its game when it names one."""
    game_name = f"{GAMES[game].short_name} " if isinstance(game, str) and game in GAMES else ""
    return f"this is a {game_name}{FILE_KINDS[kind].noun}"


def elsewhere(source: str, kind: str, game: object) -> str:
    """Why the builder does not open a file: what it is, and the command that reads it."""
    if kind not in FILE_KINDS:
        return f"{source}: kind: Warbench cannot open a {kind!r} file"
    return f"{source}: {what_it_is(kind, game)}; open it with `warbench {FILE_KINDS[kind].command} FILE`"
