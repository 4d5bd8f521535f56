"""The kinds of Warbench file, told apart by what a file says about itself, and the command that reads each."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from typing import Any, NamedTuple

from catalog.errors import WarbenchError
from catalog.wording import shown

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
    "narrative": FileKind("narrative", "narrative check"),
    "narrative-play": FileKind("narrative in play", "narrative show"),
    "narrative-turn": FileKind("narrative turn form", "narrative direct PLAYFILE --turn-state"),
    "setup": FileKind("set-up file", "battle new ROSTER --setup"),
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
        raise error(f"{source}: kind: unknown kind {shown(kind)} (expected {expected})")
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
        return f"{source}: kind: Warbench cannot open a {shown(kind)} file"
    return f"{source}: {what_it_is(kind, game, game_name)}; open it with `warbench {FILE_KINDS[kind].command} FILE`"


PICTURE_MAGIC = (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"BM")


def is_picture(head: bytes) -> bool:
    """Whether a file's first bytes (12 will do) are a PNG, JPEG, GIF, BMP or WebP picture's."""
    return head.startswith(PICTURE_MAGIC) or (head.startswith(b"RIFF") and head[8:12] == b"WEBP")


XML_ROOTS = {
    "roster": ("a BattleScribe roster", "import it with `warbench import FILE -o ROSTER`"),
    "catalogue": ("BattleScribe data", "import it with `warbench catalog import FILE…`"),
    "gameSystem": ("BattleScribe data", "import it with `warbench catalog import FILE…`"),
}


def not_toml(data: bytes) -> str | None:
    """What a file is that no TOML reader should try, and the command that reads it ('this is a picture; …'),
    told from its first bytes: a BattleScribe roster or data file, a picture or a PDF; None for anything else."""
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"%PDF"):
        return "this is a PDF, which Warbench writes but does not read"
    if is_picture(head):
        return "this is a picture; a QR picture of a share code opens with `warbench share import PICTURE -o ROSTER`"
    if head.startswith(b"<"):
        for root, (noun, command) in XML_ROOTS.items():
            if f"<{root} ".encode() in head or f"<{root}>".encode() in head:
                return f"this is {noun}; {command}"
    return None


def what_else(data: bytes, game_name: GameName | None = None) -> str | None:
    """What a file that a reader of another format refused is instead, and the command that reads it: one that
    `not_toml` names, or a Warbench TOML file of any kind; None for anything else."""
    if other := not_toml(data):
        return other
    try:
        parsed = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    kind = kind_of(parsed)
    if not isinstance(kind, str) or kind not in FILE_KINDS or (kind == "roster" and "game" not in parsed):
        return None
    return f"{what_it_is(kind, parsed.get('game'), game_name)}; open it with `warbench {FILE_KINDS[kind].command} FILE`"
