"""`warbench narrative …`: the game a narrative file names (or whose bundled narrative it is) runs the command."""

from __future__ import annotations

import argparse
from pathlib import Path

from builder.game import GAMES, game, short_name_of
from builder.game_parts import Narratives
from catalog.errors import WarbenchError
from catalog.file_kinds import FILE_KINDS, elsewhere, kind_of
from catalog.toml_input import header_keys
from catalog.wording import shown

NARRATIVE_KINDS = ("narrative", "narrative-play", "narrative-turn")
"""The kinds of file `warbench narrative` reads (a game's own)."""


class NarrativeCommandError(WarbenchError):
    """The file named is no narrative of a game Warbench plays narratives for."""


def run_narrative(args: argparse.Namespace) -> int:
    """Find the game and let it run the command (a code's: the game that plays narratives, while one does)."""
    if args.action == "import":
        playing = [record.narratives for record in GAMES.values() if record.narratives is not None]
        return playing[0].run(args.action, args)
    return narratives_for(args.file).run(args.action, args)


def narratives_for(given: str) -> Narratives:
    """The narrative support of the game `given` (a file, or a bundled narrative's id) belongs to."""
    path = Path(given)
    if not path.exists() and not path.is_symlink():
        for record in GAMES.values():
            if record.narratives is not None and record.narratives.bundled(given) is not None:
                return record.narratives
        raise NarrativeCommandError(f"{shown(given)}: no such file, nor a bundled narrative")
    header = header_keys(path) or {}
    game_id = header.get("game")
    if isinstance(game_id, str) and game_id in GAMES:
        found = game(game_id).narratives
        if found is None:
            kind = kind_of(header)
            if isinstance(kind, str) and kind in FILE_KINDS and kind not in NARRATIVE_KINDS:  # a battle, a roster …
                raise NarrativeCommandError(elsewhere(str(path), kind, game_id, short_name_of))
            raise NarrativeCommandError(f"{path}: {game(game_id).short_name} plays no narratives")
        return found
    playing = [record.narratives for record in GAMES.values() if record.narratives is not None]
    if len(playing) == 1:  # a file that names no game: the one game that plays narratives reads it and says why
        return playing[0]
    raise NarrativeCommandError(f"{path}: game: unknown game {shown(game_id)} (a narrative names its game)")
