"""The builder's export, share and import flows: PDF cards, the share code and QR, a code or QR picture read in,
a battle started from a roster.

Each flow is a coroutine that the editor's (or the app's) key runs in a worker: it asks its questions in turn and
then hands what is slow (PDF, QR images, reading a photo) to a thread worker, which reports back by message
(`ExportDone`, `ExportFailed`, `ImportDone`, …) with a copy of the roster it was given.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypedDict

from textual.message import Message

from builder.editing.storage import where
from catalog.errors import WarbenchError
from catalog.slug import slugify
from catalog.wording import counted
from exports.share.catalogue_code import MAX_PASTED_CATALOGUE_CHARS


class ExportDone(Message):
    """A file was written."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class ExportFailed(Message):
    """An export or import could not be done; `reason` is one line for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


class ImportDone(Message):
    """A code, QR picture or BattleScribe roster read into a roster, ready to open, with what reading it said."""

    def __init__(self, loaded, said: list[str] | None = None) -> None:
        super().__init__()
        self.loaded = loaded
        self.said = said or []


class CatalogueArrived(Message):
    """A shared catalogue was read: what it holds and where it went (or why it was not installed)."""

    def __init__(self, said: list[str], installed: bool) -> None:
        super().__init__()
        self.said = said
        self.installed = installed


class BattleImported(Message):
    """A battle's code was written to a battle file (with its rosters beside it), ready to open."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


def _default_path(screen, suffix: str) -> str:
    session = screen.session
    if session.path is not None:
        return str(Path(session.path).with_suffix(suffix))
    return str(screen.app.roster_dir / f"{slugify(session.roster.name) or 'roster'}{suffix}")


def _in_thread(screen, name: str, work) -> None:
    """Run `work()` in a thread worker; it returns the message to post, or raises WarbenchError."""
    app = screen.app

    def run() -> None:
        try:
            message = work()
        except WarbenchError as exc:
            message = ExportFailed(str(exc))
        except OSError as exc:
            message = ExportFailed(f"{exc.filename or ''}: {exc.strerror or exc}".strip(": "))
        app.post_message(message)

    app.run_worker(run, name=name, group=name, thread=True, exclusive=True)


PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}


class CardLayout(TypedDict, total=False):
    """A card layout's keyword flags for the PDF export."""

    one_per_page: bool
    backs: bool


LAYOUTS: dict[str, tuple[str, str, CardLayout]] = {
    "sheet": ("nine a sheet", "nine cards a sheet, with crop marks", {}),
    "one-per-page": ("one per page", "one card per page, for print shops", {"one_per_page": True}),
    "backs": ("with backs", "cards continue on their backs: print both sides, long-edge flip", {"backs": True}),
}
"""The card layouts `warbench export pdf` offers (--one-per-page, --backs), as the export dialog lists them."""


async def export_cards(screen, paper: str | None = None, layout: str = "sheet") -> None:
    """Ask for the paper and layout (unless given), whether to print an illegal roster and where to write the
    cards, then export them in a thread worker."""
    from builder.editing.base import Choice, ChoicePrompt
    from builder.tui.dialogs.choice import CANCELLED, ChoiceDialog
    from builder.tui.dialogs.confirm import ConfirmDialog
    from builder.tui.dialogs.text_prompt import path_prompt

    app, session = screen.app, screen.session
    if paper is None:
        choices = tuple(
            Choice(f"{p}:{layout_id}", f"{name}, {short}", words, current=(p, layout_id) == ("a4", "sheet"))
            for layout_id, (short, words, _) in LAYOUTS.items()
            for p, name in PAPER_NAMES.items()
        )
        key = await app.push_screen_wait(ChoiceDialog(ChoicePrompt("Export PDF cards: paper and layout", choices)))
        if not key or key == CANCELLED:
            return
        paper, layout = key.split(":")
    force = not session.report.valid
    if force:
        question = ConfirmDialog(
            "Not a legal roster",
            f"This roster breaks {counted(len(session.report.errors), 'rule')}. "
            "Print it anyway, marked NOT A LEGAL ROSTER?",
            [("print", "Print anyway"), ("cancel", "Cancel")],
        )
        if await app.push_screen_wait(question) != "print":
            return
    title = f"Export PDF ({PAPER_NAMES[paper]}, {LAYOUTS[layout][0]})"
    path = await app.push_screen_wait(
        path_prompt(app, title, _default_path(screen, ".pdf"), "Write the stat cards to:")
    )
    if not path:
        return
    target = Path(path).expanduser()
    roster, catalogue, options = session.roster.model_copy(deep=True), session.catalogue, LAYOUTS[layout][2]

    def work():
        from exports.pdf import export_pdf as write_pdf

        write_pdf(roster, catalogue, target, paper=paper, force=force, **options)
        return ExportDone(f"Stat cards written to {where(target)}")

    app.notify(f"Exporting cards to {target}…", timeout=3)
    _in_thread(screen, "export-pdf", work)


async def share_roster(screen) -> None:
    """The share dialog with the roster's code and its QR in half blocks (a code too long for one QR: its numbered
    parts, one dialog after another, Esc for the next); the roster's notes stay private unless the player asks for
    them in the dialog (`n`), which then shows the other code."""
    from builder.tui.dialogs.share import ShareDialog
    from exports.share.roster_parts import roster_parts

    session, with_notes = screen.session, False
    while True:
        try:
            parts = roster_parts(session.roster, session.catalogue, with_notes=with_notes)
        except WarbenchError as exc:
            screen.app.notify(str(exc), title="Cannot share", severity="error", timeout=8)
            return
        notes = (
            "no notes to share"
            if not session.roster.notes.strip()
            else (
                "with your notes (n: leave them out)" if with_notes else "your notes are not included (n: include them)"
            )
        )
        image = _default_path(screen, ".png")
        toggled = False
        for number, code in enumerate(parts, 1):
            if len(parts) > 1:
                said = f"{notes} · part {number} of {len(parts)}, Esc for the next"
                dialog = ShareDialog(code, said, image.removesuffix(".png") + f"-{number}.png")
            else:
                dialog = ShareDialog(code, notes, image)
            if await screen.app.push_screen_wait(dialog):
                toggled = True
                break
        if not toggled:
            return
        with_notes = not with_notes


def write_qr_image(app, code: str, path: str) -> None:
    """Write a code's QR image (.png or .svg) in a thread worker."""
    target = Path(path).expanduser()

    def work():
        from exports.share.qr import write_qr

        write_qr(code, target)
        return ExportDone(f"QR code written to {where(target)}")

    _in_thread(app.screen, "export-qr", work)


async def import_code(app) -> None:
    """Ask for a share code or the path of a QR picture (or a BattleScribe roster, or a catalogue's code); read it
    in a thread worker and open what it holds."""
    from builder.tui.dialogs.text_prompt import TextPrompt

    text = await app.push_screen_wait(
        TextPrompt(
            "Import a roster",
            "",
            hint="Paste a share code (its numbered parts on one line), or the path of a photo or "
            "screenshot of its QR codes, or of a BattleScribe roster (.ros, .rosz); a catalogue's "
            "code or QR picture installs the catalogue:",
            max_length=MAX_PASTED_CATALOGUE_CHARS,
            check=lambda text: _refused_code(app, text),
        )
    )
    if not text:
        return

    def work():
        from exports.share.source import read_source

        if (parts := catalogue_texts(text)) is not None:
            from exports.share.roster_parts import decode_roster_parts, holds_roster

            return ImportDone(decode_roster_parts(parts)) if holds_roster(parts) else install_catalogue(parts)
        if is_battle_code(text):
            from builder.battles import battle_from_code

            target = _free_path(app.roster_dir, "battle")
            target.parent.mkdir(parents=True, exist_ok=True)
            battle_from_code(text, target)
            return BattleImported(target)
        if Path(text).suffix.lower() in BATTLESCRIBE_SUFFIXES:
            from builder.commands.import_bs import load_battlescribe

            return ImportDone(*load_battlescribe(Path(text).expanduser()))
        return ImportDone(read_source(text))

    _in_thread(app.screen, "import", work)


def _refused_code(app, text: str) -> str | None:
    """Why pasted text is neither a share code nor a file this app may read (a file is read in the worker)."""
    from exports.share.catalogue_code import is_part
    from exports.share.source import check_source, existing_file

    if existing_file(text) is not None or Path(text).suffix.lower() in BATTLESCRIBE_SUFFIXES:
        return app.path_refusal(text.strip())
    if is_battle_code(text):
        return None
    if is_part(text):
        from builder.catalogue_arrival import read_catalogue_code
        from exports.share.roster_parts import check_roster_parts, holds_roster

        try:
            if holds_roster([text]):
                check_roster_parts([text])
            else:
                read_catalogue_code([text])
        except WarbenchError as exc:
            return str(exc).splitlines()[0]
        return None
    try:
        check_source(text)
    except WarbenchError as exc:
        return str(exc).splitlines()[0]
    return None


def catalogue_texts(text: str) -> list[str] | None:
    """The catalogue code or numbered parts (a catalogue's or a roster's) in pasted text or in the QR codes of a
    picture at that path; None when it holds none (then it is a roster's or a battle's whole code)."""
    from exports.share.catalogue_code import is_part
    from exports.share.errors import ShareCodeError
    from exports.share.qr import read_qr_texts
    from exports.share.source import PICTURE_SUFFIXES, existing_file

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
    from builder.catalogue_arrival import arrive, read_catalogue_code

    data, catalogue = read_catalogue_code(texts)
    said: list[str] = []
    try:
        arrive(data, catalogue, said.append)
    except WarbenchError as exc:
        return CatalogueArrived([*said, str(exc).replace(" (use --overwrite to replace it)", "")], False)
    return CatalogueArrived(said, True)


def is_battle_code(text: str) -> bool:
    """Whether pasted text is a battle's code (the opponent's table), rather than a roster's."""
    from exports.share.envelope import BATTLE_FORMATS, open_code
    from exports.share.normalise import pasted_code

    try:
        open_code(pasted_code(text), BATTLE_FORMATS)
    except WarbenchError:
        return False
    return True


def _free_path(folder: Path, stem: str) -> Path:
    """`folder/stem.toml`, or the first `stem-N.toml` that is not taken (with its rosters' names)."""
    n = 1
    while True:
        path = folder / (f"{stem}.toml" if n == 1 else f"{stem}-{n}.toml")
        if not any(
            p.exists() for p in (path, *(path.with_name(f"{path.stem}-{part}.toml") for part in ("roster", "opponent")))
        ):
            return path
        n += 1


BATTLESCRIBE_SUFFIXES = {".ros", ".rosz"}
"""Paths it reads as BattleScribe rosters."""


async def play_roster(screen) -> None:
    """Start a battle with the open roster (against an opponent's roster file or share code, or nobody yet) and
    open it at the table; a battle of this roster under way is offered first."""
    from builder.tui.dialogs.confirm import ConfirmDialog
    from builder.tui.dialogs.text_prompt import TextPrompt
    from builder.tui.screens.battle_scenario import ask_scenario

    app, session = screen.app, screen.session
    if session.path is None or session.dirty:
        app.notify("Save the roster first (Ctrl+S): a battle is played from the saved file.", timeout=5)
        return
    target = session.path.with_name(f"{session.path.stem}-battle.toml")
    if target.exists():
        answer = await app.push_screen_wait(
            ConfirmDialog(
                "A battle is under way",
                f"{target.name} holds a battle of this roster.",
                [("continue", "Continue it"), ("new", "Start over (replaces it)"), ("cancel", "Cancel")],
            )
        )
        if answer == "continue":
            app.open_path(target)
        if answer != "new":
            return
    hint = (
        f"The battle is kept in {target.name}. The opponent's roster: a file, a share code, or a QR picture "
        "(empty: only yours for now):"
    )
    opponent = await app.push_screen_wait(
        TextPrompt("Play this roster", "", hint=hint, max_length=5000, check=_refused_opponent)
    )
    if opponent is None:
        return
    setup = await ask_scenario(app, session.roster.game)
    if setup is None:
        return
    from builder.battles import new_battle

    if reason := app.path_refusal(target):
        app.notify(reason, title="Cannot start a battle", severity="error", timeout=8)
        return
    try:
        scenario, play = setup
        new_battle(session.path, opponent.strip() or None, target, overwrite=True, scenario=scenario, play=play)
    except WarbenchError as exc:
        app.notify(str(exc), title="Cannot start a battle", severity="error", timeout=8)
        return
    app.open_path(target)


def _refused_opponent(text: str) -> str | None:
    """Why the opponent typed names a file this app may not read (served, outside the shared folders), or None."""
    from builder.battles import roster_file
    from catalog.access import OutsideSharedFolders

    try:
        roster_file(text, Path.cwd())
    except OutsideSharedFolders as exc:
        return str(exc)
    return None
