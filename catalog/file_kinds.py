"""The kinds of Warbench file, told apart by what a file says about itself, and the command that reads each."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from catalog.errors import WarbenchError

GameName = Callable[[object], str]
"""A game's short name for a game id found in a file ("" for none): the builder's table of games answers it."""


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


def kind_of(data: dict[str, Any]) -> object:
    """The kind of parsed file data: its `kind`; else a catalogue (an `id` or a `revision`, and no `warbench` format
    key, which every roster has since format 1); else a roster."""
    if "kind" in data:
        return data["kind"]
    return "catalogue" if "warbench" not in data and ("revision" in data or "id" in data) else "roster"


def check_kind(
    data: dict[str, Any],
    source: str,
    wanted: tuple[str, ...],
    error: type[WarbenchError],
    game_name: GameName | None = None,
) -> None:
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
    raise error(
        f"{source}: {what_it_is(kind, data.get('game'), game_name)}, not a {' or '.join(FILE_KINDS[k].noun for k in wanted)}; "
        f"open it with `warbench {FILE_KINDS[kind].command} FILE`"
    )


def what_it_is(kind: str, game: object, game_name: GameName | None = None) -> str:
    """'this is a Warsurge catalogue': a file of one of FILE_KINDS, and its game when `game_name` knows it."""
    name = game_name(game) if game_name is not None else ""
    return f"this is a {name + ' ' if name else ''}{FILE_KINDS[kind].noun}"


def elsewhere(source: str, kind: str, game: object, game_name: GameName | None = None) -> str:
    """Why the builder does not open a file: what it is, and the command that reads it."""
    if kind not in FILE_KINDS:
        return f"{source}: kind: Warbench cannot open a {kind!r} file"
    return f"{source}: {what_it_is(kind, game, game_name)}; open it with `warbench {FILE_KINDS[kind].command} FILE`"
