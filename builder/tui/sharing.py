"""Export and share actions of the builder: PDF cards, the share code and QR, importing a code or QR image.

Everything slow (PDF, QR images, reading a photo) runs in a thread worker and reports back by message
(`ExportDone`, `ExportFailed`, `ImportDone`); the roster is copied before the worker starts.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypedDict

from textual.message import Message

from builder.editing.storage import where
from builder.tui.actions import Action, register
from catalog.errors import WarbenchError
from catalog.slug import slugify
from catalog.wording import counted


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


def export_pdf(screen, paper: str | None = None, layout: str = "sheet") -> None:
    """Ask for the paper and layout (unless given), where to write the cards and whether to print an illegal
    roster, then export in a worker."""
    from builder.tui.dialogs.confirm import ConfirmDialog
    from builder.tui.dialogs.text_prompt import path_prompt

    if paper is None:
        from builder.editing.base import Choice, ChoicePrompt
        from builder.tui.dialogs.choice import CANCELLED, ChoiceDialog

        def chosen(key: str | None) -> None:
            if key and key != CANCELLED:
                chosen_paper, chosen_layout = key.split(":")
                export_pdf(screen, chosen_paper, chosen_layout)

        choices = tuple(
            Choice(f"{p}:{layout_id}", f"{name}, {short}", words, current=(p, layout_id) == ("a4", "sheet"))
            for layout_id, (short, words, _) in LAYOUTS.items()
            for p, name in PAPER_NAMES.items()
        )
        screen.app.push_screen(ChoiceDialog(ChoicePrompt("Export PDF cards: paper and layout", choices)), chosen)
        return
    options = LAYOUTS[layout][2]
    session = screen.session
    roster, catalogue = session.roster.model_copy(deep=True), session.catalogue

    def write(path: str | None, force: bool) -> None:
        if not path:
            return
        target = Path(path).expanduser()

        def work():
            from exports.pdf import export_pdf as write_pdf

            write_pdf(roster, catalogue, target, paper=paper, force=force, **options)
            return ExportDone(f"Stat cards written to {where(target)}")

        screen.app.notify(f"Exporting cards to {target}…", timeout=3)
        _in_thread(screen, "export-pdf", work)

    def ask_path(force: bool) -> None:
        path_prompt(
            screen.app,
            f"Export PDF ({PAPER_NAMES[paper]}, {LAYOUTS[layout][0]})",
            _default_path(screen, ".pdf"),
            "Write the stat cards to:",
            lambda path: write(path, force),
        )

    if session.report.valid:
        ask_path(False)
        return
    errors = len(session.report.errors)

    def answered(answer: str | None) -> None:
        if answer == "print":
            ask_path(True)

    screen.app.push_screen(
        ConfirmDialog(
            "Not a legal roster",
            f"This roster breaks {counted(errors, 'rule')}. Print it anyway, marked NOT A LEGAL ROSTER?",
            [("print", "Print anyway"), ("cancel", "Cancel")],
        ),
        answered,
    )


def show_share(screen, with_notes: bool = False) -> None:
    """The share dialog with the roster's code and its QR in half blocks; the roster's notes stay private
    unless the player asks for them in the dialog (`n`), which then shows the other code."""
    from builder.tui.dialogs.share import ShareDialog
    from exports.share import encode_roster

    session = screen.session
    try:
        code = encode_roster(session.roster, session.catalogue, with_notes=with_notes)
    except WarbenchError as exc:
        screen.app.notify(str(exc), title="Cannot share", severity="error", timeout=8)
        return

    def closed(toggle: bool | None) -> None:
        if toggle:
            show_share(screen, not with_notes)

    notes = (
        "no notes to share"
        if not session.roster.notes.strip()
        else ("with your notes (n: leave them out)" if with_notes else "your notes are not included (n: include them)")
    )
    screen.app.push_screen(ShareDialog(code, notes), closed)


def save_qr(app, code: str, default: str) -> None:
    """Ask for a .png or .svg path, then write the QR image in a worker."""
    from builder.tui.dialogs.text_prompt import path_prompt

    def chosen(path: str | None) -> None:
        if not path:
            return
        target = Path(path).expanduser()

        def work():
            from exports.share.qr import write_qr

            write_qr(code, target)
            return ExportDone(f"QR code written to {where(target)}")

        _in_thread(app.screen, "export-qr", work)

    path_prompt(app, "Save QR image", default, "A .png or .svg file:", chosen)


def import_roster(app) -> None:
    """Ask for a share code or the path of a QR picture; decode it in a worker and open the roster."""
    from builder.tui.dialogs.text_prompt import TextPrompt

    def chosen(text: str | None) -> None:
        if not text:
            return

        def work():
            from exports.share.source import read_source

            if (catalogue := catalogue_texts(text)) is not None:
                return install_catalogue(catalogue)
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

    app.push_screen(
        TextPrompt(
            "Import a roster",
            "",
            hint="Paste a share code, or the path of a photo or "
            "screenshot of its QR code, or of a BattleScribe roster (.ros, .rosz); a catalogue's "
            "code (its parts on one line) or QR picture installs the catalogue:",
            max_length=5000,
            check=lambda text: _refused_code(app, text),
        ),
        chosen,
    )


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

        try:
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
    """The catalogue code (or parts) in pasted text or in the QR codes of a picture at that path; None when it
    holds none (then it is a roster's or a battle's)."""
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


for _action in (
    Action(
        "export-pdf",
        "Export PDF cards",
        "Print stat cards and the roster sheet to a PDF: paper (A4, US Letter) "
        "and layout (nine a sheet, one per page, with backs)",
        "ctrl+e",
        handler=export_pdf,
    ),
    Action(
        "export-pdf-letter",
        "Export PDF cards (US Letter)",
        "The same cards on US Letter paper",
        handler=lambda screen: export_pdf(screen, "letter"),
    ),
    Action(
        "export-pdf-backs",
        "Export PDF cards with backs (duplex)",
        "Cards that do not fit one face continue on their backs: print both sides, flipping on the long edge",
        handler=lambda screen: export_pdf(screen, "a4", "backs"),
    ),
    Action(
        "share",
        "Share code and QR",
        "Show the share code and its QR to scan, copy or save",
        "ctrl+k",
        handler=show_share,
    ),
    Action(
        "import",
        "Import a share code or QR image",
        "Open a roster from a code or a picture of its QR",
        "ctrl+o",
        scope="app",
        handler=import_roster,
    ),
):
    register(_action)


def play_roster(screen) -> None:
    """Start a battle with the open roster (against an opponent's roster file or share code, or nobody yet) and
    open it at the table."""
    from builder.tui.dialogs.text_prompt import TextPrompt

    session = screen.session
    if session.path is None or session.dirty:
        screen.app.notify("Save the roster first (Ctrl+S): a battle is played from the saved file.", timeout=5)
        return
    target = session.path.with_name(f"{session.path.stem}-battle.toml")

    def chosen(opponent: str | None) -> None:
        if opponent is None:
            return
        from builder.tui.screens.battle_scenario import ask_scenario

        ask_scenario(screen.app, session.roster.game, lambda scenario, play: start(opponent, scenario, play))

    def start(opponent: str, scenario: str | None, play) -> None:
        from builder.battles import new_battle

        if reason := screen.app.path_refusal(target):
            screen.app.notify(reason, title="Cannot start a battle", severity="error", timeout=8)
            return
        try:
            new_battle(
                session.path,
                opponent.strip() or None,
                target,
                overwrite=True,  # asked first if it was there
                scenario=scenario,
                play=play,
            )
        except WarbenchError as exc:
            screen.app.notify(str(exc), title="Cannot start a battle", severity="error", timeout=8)
            return
        screen.app.open_path(target)

    hint = (
        f"The battle is kept in {target.name}. The opponent's roster: a file, a share code, or a QR picture "
        "(empty: only yours for now):"
    )

    def ask_opponent() -> None:
        screen.app.push_screen(
            TextPrompt("Play this roster", "", hint=hint, max_length=5000, check=_refused_opponent), chosen
        )

    if not target.exists():
        ask_opponent()
        return
    from builder.tui.dialogs.confirm import ConfirmDialog

    def answered(answer: str) -> None:
        if answer == "continue":
            screen.app.open_path(target)
        elif answer == "new":
            ask_opponent()

    screen.app.push_screen(
        ConfirmDialog(
            "A battle is under way",
            f"{target.name} holds a battle of this roster.",
            [("continue", "Continue it"), ("new", "Start over (replaces it)"), ("cancel", "Cancel")],
        ),
        answered,
    )


def _refused_opponent(text: str) -> str | None:
    """Why the opponent typed names a file this app may not read (served, outside the shared folders), or None."""
    from builder.battles import roster_file
    from catalog.access import OutsideSharedFolders

    try:
        roster_file(text, Path.cwd())
    except OutsideSharedFolders as exc:
        return str(exc)
    return None


register(
    Action(
        "play",
        "Play this roster",
        "Start a battle with this roster: track damage and points left at the table",
        "ctrl+b",
        handler=play_roster,
    )
)
