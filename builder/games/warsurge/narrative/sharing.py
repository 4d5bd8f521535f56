"""`warbench narrative code|import`: a narrative in play as a share code, and the play (with its rosters beside it)
written back from one, all its files or none."""

from __future__ import annotations

import argparse
from pathlib import Path

from builder.campaigns.edits import dump_ledger
from builder.campaigns.ledger import validate_model
from builder.game import short_name_of
from builder.games.warsurge.narrative.code import NARRATIVE_KIND, decode_play, encode_play
from builder.games.warsurge.narrative.play import NarrativePlay
from builder.games.warsurge.narrative.play_text import play_lines
from builder.games.warsurge.narrative.reading import (
    NarrativeError,
    bundled_narratives,
    parse_narrative,
    read_narrative_text,
)
from builder.games.warsurge.narrative.replay import narrative_of, party_of, read_party, replay_play
from builder.games.warsurge.narrative.session import parse_play
from builder.roster.files import roster_from_data, roster_text
from catalog.access import reads_recorded
from catalog.errors import WarbenchError
from catalog.files import check_target, write_together
from catalog.toml_input import read_toml_text
from exports.share.catalogue_code import join, numbered
from exports.share.kinds import is_kind
from exports.share.qr import read_qr_texts
from exports.share.source import PICTURE_SUFFIXES, existing_file, refuse_missing_picture


def play_code(path: Path) -> str:
    """The code of a narrative in play as its file stands (its rosters read as they are now)."""
    return code_of(parse_play(read_toml_text(path, NarrativeError, "narrative in play"), str(path)), path)


def code_of(play: NarrativePlay, path: Path) -> str:
    """The code of a narrative in play, its narrative and rosters named relative to its file at `path` (a narrative
    of the players' own travels whole, its file's text in the code)."""
    base = path.resolve().parent
    if play.narrative in bundled_narratives():
        return encode_play(play, read_party(play, base), narrative_of(play, base))
    story = base / play.narrative
    own = read_narrative_text(story)  # read once: its text travels, its model checks the log
    return encode_play(play, read_party(play, base), parse_narrative(own, str(story)), own)


def play_from_code(source: str, output: Path, *, overwrite: bool = False) -> tuple[NarrativePlay, list[str]]:
    """The play a code (or a QR picture of one) holds, written to `output` with each player's roster beside it (`<name>-player1.toml` …),
    and where it stands; refused before anything is written when a roster is no Warsurge roster or a file exists
    (unless `overwrite`)."""
    with reads_recorded() as read:
        data, rosters, own = decode_play(code_in(source))
        loaded = [roster_from_data(roster, "narrative code") for roster, _catalogue in rosters]
    for n, army in enumerate(loaded, 1):
        if army.roster.game != "warsurge":
            theirs = short_name_of(army.roster.game)
            raise NarrativeError(
                f"narrative code: player {n}'s roster is a {theirs} roster; a Warsurge narrative needs a Warsurge roster"
            )
    files = [output.with_name(f"{output.stem}-player{n}.toml") for n in range(1, len(loaded) + 1)]
    for player, file in zip(data["players"], files):
        player["roster"] = file.name
    texts: dict[Path, str | bytes] = {path: roster_text(r.roster, r.catalogue) for path, r in zip(files, loaded)}
    if own is not None:  # the narrative of the players' own, written beside the play
        own_text, narrative = own
        own_file = output.with_name(f"{output.stem}-narrative.toml")
        data["narrative"], texts[own_file] = own_file.name, own_text
    play = validate_model(NarrativePlay, data, "narrative code")
    played = narrative if own is not None else narrative_of(play, output.resolve().parent)
    result = replay_play(play, played, party_of(play, loaded))
    for path in (output, *texts):
        check_target(path, inputs=tuple(read), overwrite=overwrite, error=NarrativeError)
    preface = f"# {play.name}: a narrative in play, from a code. `warbench {output.name}` opens it.\n"
    texts[output] = preface + dump_ledger(play)
    try:
        write_together(texts)
    except OSError as exc:
        raise NarrativeError(
            f"{output}: cannot write the play and its rosters ({exc.strerror or exc}); none of them was written"
        ) from None
    return play, play_lines(result, 80, 24, brief=True)


def code_in(source: str) -> str:
    """The whole code pasted text holds (its numbered parts joined in any order), or the QR picture at that path (its
    QR, or the QR codes of its numbered parts); a one-line error where it holds none."""
    if (picture := existing_file(source)) is not None:
        found = read_qr_texts(picture, lambda text: numbered(text) or is_kind(text, NARRATIVE_KIND), "narrative code")
        source = " ".join(found) if numbered(found[0]) else found[0]
    else:
        refuse_missing_picture(source)
    return join(source, "narrative code")


def play_in(source: str) -> str | None:
    """The whole narrative code pasted text or a QR picture at that path holds (its parts joined), or None (another
    file is not read)."""
    if (picture := existing_file(source)) is not None and picture.suffix.lower() not in PICTURE_SUFFIXES:
        return None
    try:
        whole = code_in(source)
    except WarbenchError:
        return None
    return whole if is_kind(whole, NARRATIVE_KIND) else None


def written(play: NarrativePlay, output: Path) -> list[Path]:
    """The files a play imported to `output` was written as: the play, its rosters, the players' own narrative."""
    files = [output, *(output.with_name(player.roster) for player in play.players)]
    if play.narrative not in bundled_narratives():
        files.append(output.with_name(play.narrative))  # the players' own narrative, which the code carried
    return files


def code(args: argparse.Namespace) -> int:
    print(play_code(Path(args.file)))
    return 0


def import_code(args: argparse.Namespace) -> int:
    output = Path(args.output)
    play, lines = play_from_code(args.source, output, overwrite=args.overwrite)
    print(f"wrote {output} and {', '.join(map(str, written(play, output)[1:]))}")
    print("\n".join(lines))
    return 0
