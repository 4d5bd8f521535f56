"""The builder's import flow (Ctrl+O): a roster's share code or its parts, a QR picture, a BattleScribe roster, a
battle's code or a catalogue's, read in a thread worker and opened (or installed) by message.

What is pasted is a stranger's data: the prompt refuses what cannot be read before the worker starts.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path

from textual.message import Message

from builder.battles import battle_from_code
from builder.catalogue_arrival import arrive, read_catalogue_code
from builder.commands.import_bs import load_battlescribe
from builder.editing.storage import where
from builder.game import game, game_ids
from builder.game_parts import Narratives
from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.workers import in_thread
from builder.turns import MAX_SIDES
from catalog.errors import WarbenchError
from catalog.file_kinds import is_picture
from catalog.wording import counted
from exports.share.battle import is_battle, open_battle
from exports.share.battle_parts import holds_battle
from exports.share.catalogue_code import MAX_PASTED_CATALOGUE_CHARS, is_part, numbered
from exports.share.envelope import ROSTER_FORMATS
from exports.share.errors import ShareCodeError
from exports.share.normalise import pasted_code
from exports.share.qr import opens, read_qr_texts
from exports.share.roster_parts import check_roster_parts, decode_roster_parts, holds_roster
from exports.share.source import PICTURE_SUFFIXES, check_source, existing_file, read_source


class ImportDone(Message):
    """A code, QR picture or BattleScribe roster read into a roster, ready to open, with what reading it said."""

    def __init__(self, loaded, said: list[str] | None = None, left_out: int = 0) -> None:
        super().__init__()
        self.loaded = loaded
        self.said = said or []
        self.left_out = left_out
        """How many parts of the file read were not imported (each named in `said`)."""

    @property
    def summary(self) -> str:
        """The note after what reading said: what was imported, how much of it was left out, how to keep it."""
        left_out = self.left_out
        without = (
            f", without the {counted(left_out, 'part')} not imported (listed in its notes, F3)" if left_out else ""
        )
        return f"Imported '{self.loaded.roster.name or 'unnamed roster'}'{without}. Ctrl+S to keep it."


class CatalogueArrived(Message):
    """A shared catalogue was read: what it holds and where it went (or why it was not installed)."""

    def __init__(self, said: list[str], installed: bool) -> None:
        super().__init__()
        self.said = said
        self.installed = installed


class PlayImported(Message):
    """A battle's code, or a narrative in play's, was written to its file (its rosters beside it), ready to open;
    `said` tells the player where: its name and its folder (the builder's, not the folder the app was started in)."""

    def __init__(self, path: Path, said: str) -> None:
        super().__init__()
        self.path = path
        self.said = said


IMPORT_TITLE = "Import a code or QR: roster, battle, narrative, catalogue"
"""Ctrl+O's dialog title: what it takes (a BattleScribe file too, which its hint names), within an 80-column box."""


async def import_code(app) -> None:
    """Ask for a share code or the path of a QR picture (or a BattleScribe roster, or a catalogue's code); read it
    in a thread worker and open what it holds."""

    text = await app.push_screen_wait(
        TextPrompt(
            IMPORT_TITLE,
            "",
            hint="Paste a roster's, a battle's or a narrative in play's share code (its numbered parts on one "
            "line), or the paths of photos or screenshots of its QR codes, or of a BattleScribe roster (.ros, "
            ".rosz); a catalogue's code or QR picture installs the catalogue:",
            max_length=MAX_PASTED_CATALOGUE_CHARS,
            check=lambda text: refused_code(text, app.path_refusal),
        )
    )
    if not text:
        return
    in_thread(app.screen, "import", lambda: read_import(text, app.roster_dir))


def read_import(text: str, roster_dir: Path) -> ImportDone | CatalogueArrived | PlayImported:
    """What a pasted code or a picture's path (the prompt let it through) holds, read (a catalogue installed, a
    battle or a narrative in play written under `roster_dir`), as the message that opens it; run in a thread."""
    text = unquoted(text)

    if (found := narrative_code(text)) is not None:
        book, code = found
        target = _free_path(roster_dir, "narrative")
        target.parent.mkdir(parents=True, exist_ok=True)
        book.import_play(code, target)
        return PlayImported(target, f"The narrative in play was written as {where(target)}, its rosters beside it.")
    pictures = picture_paths(text)
    parts = catalogue_texts(text) if pictures is None else pictures_texts(pictures)
    if parts is not None and not holds_battle(parts):
        return ImportDone(decode_roster_parts(parts)) if holds_roster(parts) else install_catalogue(parts)
    if parts is not None or is_battle_code(text):
        target = _free_path(roster_dir, "battle")
        target.parent.mkdir(parents=True, exist_ok=True)
        battle_from_code(parts or text, target)
        return PlayImported(target, f"The opponent's battle was written as {where(target)}, its rosters beside it.")
    if Path(text).suffix.lower() in BATTLESCRIBE_SUFFIXES:
        return ImportDone(*load_battlescribe(Path(text).expanduser()))
    return ImportDone(read_source(text))


def refused_code(text: str, path_refusal: Callable[[str], str | None]) -> str | None:
    """Why pasted text is neither a share code nor a file this app may read (`path_refusal`: the app's, which refuses
    a path outside the folders a served builder shares); a file is read in the worker."""
    text = unquoted(text)

    if is_battle_code(text) or narrative_code(text) is not None:
        return None
    if (pictures := picture_paths(text)) is not None:
        return _refused_pictures(pictures, path_refusal)
    if not is_part(text) and _path_like(text) and (reason := path_refusal(text.strip())):
        return reason  # asked before the file is looked at: a served builder says the same of a missing one
    if (path := existing_file(text)) is not None or Path(text).suffix.lower() in BATTLESCRIBE_SUFFIXES:
        return path_refusal(text.strip()) or _unreadable_file(path or Path(text.strip()).expanduser())
    if is_part(text):
        return _refused_parts([text])
    try:
        check_source(text)
    except WarbenchError as exc:
        return str(exc).splitlines()[0]
    return None


def unquoted(text: str) -> str:
    """Pasted text without the quotes a file manager's drop puts round one path with a space in it (no code has
    a quote)."""
    stripped = text.strip()
    if len(stripped) > 1 and stripped[0] == stripped[-1] and stripped[0] in "'\"" and stripped.count(stripped[0]) == 2:
        return stripped[1:-1]
    return text


def _refused_parts(texts: list[str]) -> str | None:
    """Why numbered parts (or a catalogue's code) would not be read: a part missing, parts of different codes."""
    try:
        if holds_roster(texts):
            check_roster_parts(texts)
        elif not holds_battle(texts):
            read_catalogue_code(texts)
    except WarbenchError as exc:
        return str(exc).splitlines()[0]
    return None


def picture_paths(text: str) -> list[str] | None:
    """The paths of two or more pictures named on one line (apart by spaces; a path with a space in it quoted, as a
    file manager's drop pastes it), or None when the line names no such pictures."""
    if existing_file(text) is not None:
        return None  # one file, a space in its name
    try:
        words = shlex.split(text)
    except ValueError:
        return None
    if len(words) < 2 or not all(word.lower().endswith(PICTURE_SUFFIXES) for word in words):
        return None
    return words


def pictures_texts(paths: list[str]) -> list[str]:
    """The Warbench codes in the QR codes of several pictures, in the order named: the numbered parts of one code
    (whole codes in more than one picture are one ShareCodeError)."""
    texts = [text for path in paths for text in read_qr_texts(Path(path).expanduser(), _code_text, "code")]
    if not numbered("\n".join(texts)):
        raise ShareCodeError(f"{len(texts)} codes in {len(paths)} pictures: name one, or the pictures of every part")
    return texts


def _code_text(text: str) -> bool:
    """Whether a QR code's text is a part of a code, or a roster's, a battle's or a catalogue's whole code."""
    return is_part(text) or opens(text, ROSTER_FORMATS) or is_battle(text)


def _refused_pictures(paths: list[str], path_refusal: Callable[[str], str | None]) -> str | None:
    """Why several pictures named on one line would not be read: one this app may not read or that is not there, one
    with no Warbench code in its QR codes, or parts that do not join."""
    for path in paths:
        if reason := path_refusal(path):
            return reason
        if existing_file(path) is None:
            return f"{path}: no such image file"
    try:
        return _refused_parts(pictures_texts(paths))
    except WarbenchError as exc:
        return str(exc).splitlines()[0]


def _path_like(text: str) -> bool:
    """Whether pasted text reads as a file's path (no code holds a dot, a slash or a tilde)."""
    return any(c in text for c in "./\\~")


def _unreadable_file(path: Path) -> str | None:
    """Why a file holds nothing to import, found as the worker would find it, so that the prompt says it and keeps
    the paste: a picture with no Warbench code in its QR codes or with parts of one that do not join (one missing),
    a BattleScribe roster that does not read, any other file (a roster's TOML, a text file) told for what it is."""
    try:
        if path.suffix.lower() in BATTLESCRIBE_SUFFIXES:
            load_battlescribe(path)
        elif path.suffix.lower() in PICTURE_SUFFIXES:
            texts = read_qr_texts(path, _code_text, "code")
            return _refused_parts(texts) if numbered("\n".join(texts)) else None
        else:
            read_source(str(path))
    except WarbenchError as exc:
        return str(exc).splitlines()[0]
    return None


def catalogue_texts(text: str) -> list[str] | None:
    """The catalogue code or numbered parts (a catalogue's, a roster's or a battle's) in pasted text or in the QR
    codes of a picture at that path; None when it holds none (then it is a roster's or a battle's whole code)."""

    path = existing_file(text)
    if path is None:
        return [text] if is_part(text) else None
    if path.suffix.lower() not in PICTURE_SUFFIXES:
        return None
    try:
        return read_qr_texts(path, is_part, "catalogue code")
    except ShareCodeError:
        return None


def install_catalogue(texts: list[str]) -> CatalogueArrived:
    """Read and install a shared catalogue (never over a different one: the builder has no --overwrite)."""

    data, catalogue = read_catalogue_code(texts)
    said: list[str] = []
    try:
        arrive(data, catalogue, said.append)
    except WarbenchError as exc:
        return CatalogueArrived([*said, str(exc).replace(" (use --overwrite to replace it)", "")], False)
    return CatalogueArrived(said, True)


def is_battle_code(text: str) -> bool:
    """Whether pasted text is a battle's code (the opponent's table), rather than a roster's, or the path of a picture
    whose QR holds one."""

    try:
        if (path := existing_file(text)) is None:
            open_battle(pasted_code(text))
        elif path.suffix.lower() not in PICTURE_SUFFIXES:
            return False
        else:
            read_qr_texts(path, is_battle, "battle code")
    except WarbenchError:
        return False
    return True


def narrative_code(text: str) -> tuple[Narratives, str] | None:
    """The game whose narrative in play pasted text or a QR picture holds, with the whole code; None for none."""
    for game_id in game_ids():
        book = game(game_id).narratives
        if book is not None and (code := book.play_in(text)) is not None:
            return book, code
    return None


BESIDE = (
    "roster",
    "opponent",
    *(f"side{n}" for n in range(3, MAX_SIDES + 1)),
    "narrative",
    *(f"player{n}" for n in range(1, MAX_SIDES + 1)),
)
"""What an imported battle (`<stem>-roster.toml`, `-opponent`, `-side3` … for each side) or narrative in play
(`<stem>-narrative.toml`, `-player1` … for each player) writes beside its file."""


def _free_path(folder: Path, stem: str) -> Path:
    """`folder/stem.toml`, or the first `stem-N.toml` that is not taken (with the files written beside it)."""
    n = 1
    while True:
        path = folder / (f"{stem}.toml" if n == 1 else f"{stem}-{n}.toml")
        if not any(p.exists() for p in (path, *(path.with_name(f"{path.stem}-{part}.toml") for part in BESIDE))):
            return path
        n += 1


BATTLESCRIBE_SUFFIXES = {".ros", ".rosz"}
"""Paths it reads as BattleScribe rosters."""


def imported_instead(path: Path) -> bool:
    """Whether a file opened by its path is one Ctrl+O imports (a BattleScribe roster, a picture of a QR code by its
    first bytes): the start screen's Open imports it, where it told the player to run a command in a shell. Only a
    regular file is opened (a FIFO would wait for a writer, the app frozen); a FIFO or a device is for the roster's
    reader to refuse."""
    if not path.is_file():
        return False
    if path.suffix.lower() in BATTLESCRIBE_SUFFIXES:
        return True
    try:
        with path.open("rb") as file:
            return is_picture(file.read(16))
    except OSError:
        return False
