"""The builder's export and share flows: PDF cards, the share code and QR, a battle started from a roster.

Each flow is a coroutine that the editor's key runs in a worker: it asks its questions in turn and then hands what
is slow (PDF, QR images) to a thread worker, which reports back by message (`ExportDone`, `ExportFailed`) with a
copy of the roster it was given. Reading codes in is `importing.py`.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from builder.battles import new_battle, opponent_roster
from builder.battles.ending import as_shared
from builder.editing.base import Choice, ChoicePrompt
from builder.editing.storage import where
from builder.game import game, short_name_of
from builder.scenarios.record import ScenarioPlay
from builder.scenarios.setup import typed_players
from builder.tui.dialogs.choice import CANCELLED, ChoiceDialog
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.dialogs.share import ShareDialog, screen_parts
from builder.tui.dialogs.text_prompt import TextPrompt, path_prompt
from builder.tui.requests import OpenPath
from builder.tui.screens.battle_setup import ask_scenario
from builder.tui.workers import ExportDone, in_thread
from catalog.errors import WarbenchError
from catalog.slug import slugify
from catalog.wording import counted
from exports.pdf import export_pdf as write_pdf
from exports.share.battle import encode_battle
from exports.share.catalogue_code import join
from exports.share.roster_parts import roster_parts

if TYPE_CHECKING:
    from builder.tui.screens.battle import BattleScreen


def _default_path(screen, suffix: str) -> str:
    session = screen.session
    if session.path is not None:
        return str(Path(session.path).with_suffix(suffix))
    return str(screen.app.roster_dir / f"{slugify(session.roster.name) or 'roster'}{suffix}")


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

        write_pdf(roster, catalogue, target, paper=paper, force=force, **options)
        return ExportDone(f"Stat cards written to {where(target)}")

    app.notify(f"Exporting cards to {target}…", timeout=3)
    in_thread(screen, "export-pdf", work)


async def share_roster(screen) -> None:
    """The share dialog with the roster's code and its QR in half blocks (`show_code`); the roster's notes stay
    private unless the player asks for them in the dialog (`n`), which then shows the other code."""

    session, with_notes = screen.session, False
    while True:
        try:
            code = join("\n".join(roster_parts(session.roster, session.catalogue, with_notes=with_notes)))
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
        if not await show_code(screen.app, code, notes, _default_path(screen, ".png")):
            return
        with_notes = not with_notes


async def show_code(app, code: str, notes: str, image: str, *, toggles: bool = True) -> bool:
    """Show a roster's, a catalogue's or a battle's code in the share dialog: whole when its QR fits the screen, else in numbered
    parts sized to the screen, one dialog after another (Space: the next, Backspace: the previous; Esc closes them
    all). True when the player asked for the other code (`n`, offered only when the code `toggles`)."""
    parts, number = screen_parts(code, app.size), 1
    while number <= len(parts):
        said, save_to, more = notes, image, number < len(parts)
        if len(parts) > 1:
            said = f"{notes} · part {number} of {len(parts)}, " + ("Space for the next" if more else "the last")
            save_to = image.removesuffix(".png") + f"-{number}.png"
        part = parts[number - 1]
        copied = "\n".join(parts)  # `c` copies every part, for the other side's import takes them all
        dialog = ShareDialog(
            part, said, save_to, toggles=toggles, more=more, back=number > 1, refits=True, copied=copied, whole=code
        )
        closed = await app.push_screen_wait(dialog)
        if closed == "refit":  # the screen shrank or grew: the code again, in parts sized to it, from the first
            parts, number = screen_parts(code, app.size), 1
        elif closed in ("next", "previous"):
            number += 1 if closed == "next" else -1
        else:
            return closed == "other"
    return False


def seat_names(ours: str, theirs: list[str], players: list[str]) -> list[str]:
    """The sides' names a new battle's scenario is asked with (and its refusals say): the players' as typed (one
    typed: the opponent's roster after it), else the rosters' names ("Opponent" for one unnamed, or none given yet)."""
    them = [name or f"Opponent {n}" for n, name in enumerate(theirs, start=1)] or ["Opponent"]
    if len(players) == 1:
        return players + them[:1]
    return players or [ours or "Us", *them]


async def play_roster(screen) -> None:
    """Start a battle with the open roster (against an opponent's roster file or share code, or nobody yet) and
    open it at the table; a battle of this roster under way is offered first."""

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
            app.post_message(OpenPath(target))
        if answer != "new":
            return
    opponents = await _ask_opponents(app, target.name, session.roster.game)
    if opponents is None:
        return
    players = await _ask_players(app, 1 + len(opponents))
    if players is None:
        return
    theirs = [opponent_roster(o, Path.cwd()).roster for o in opponents]
    names = seat_names(session.roster.name, [roster.name for roster in theirs], players)
    limit = int(getattr(session.roster, "point_limit", 1000))
    forces = (session.roster.force_format, *(roster.force_format for roster in theirs))
    setup = await ask_scenario(app, session.roster.game, names, limit, forces)
    if setup is None:
        return

    if reason := app.path_refusal(target):
        app.notify(reason, title="Cannot start a battle", severity="error", timeout=8)
        return
    try:
        scenario, play = setup
        if players:  # named at the table: the record says who plays each roster, under a scenario or not
            play = (play or ScenarioPlay()).model_copy(update={"players": players})
        new_battle(session.path, opponents, target, overwrite=True, scenario=scenario, play=play)
    except WarbenchError as exc:
        app.notify(str(exc), title="Cannot start a battle", severity="error", timeout=8)
        return
    app.post_message(OpenPath(target))


async def _ask_opponents(app, battle_file: str, game_id: str) -> list[str] | None:
    """The opponents' rosters, one question each while the game seats more (none: only ours for now), or None on
    Escape; each is read as it is typed, so a roster that cannot play is said while it can be typed again."""
    most = game(game_id).turns.sides[1] - 1
    opponents: list[str] = []
    while len(opponents) < most:
        if not opponents:
            title, hint = (
                "Play this roster",
                (
                    f"The battle is kept in {battle_file}. The opponent's roster: a file, a share code, or a QR picture "
                    "(empty: only yours for now):"
                ),
            )
        else:
            title = f"Player {len(opponents) + 2} of up to {most + 1}"
            hint = "Another opponent's roster: a file, a share code, or a QR picture (empty: that is everyone):"
        check = partial(refused_opponent, game_id)
        answer = await app.push_screen_wait(TextPrompt(title, "", hint=hint, max_length=5000, check=check))
        if answer is None:
            return None
        if not answer.strip():
            return opponents
        opponents.append(answer.strip())
    return opponents


async def _ask_players(app, rosters: int) -> list[str] | None:
    """The players' names in seat order, ours first ([]: the rosters' names serve), or None on Escape."""

    def refused(text: str) -> str | None:
        try:
            typed_players(text, rosters)
        except WarbenchError as exc:
            return str(exc)
        return None

    hint = (
        "Your name (empty: the roster's name serves):"
        if rosters == 1
        else f"Who plays? {rosters} names in seat order, yours first, separated by commas (empty: the rosters' names):"
    )
    answer = await app.push_screen_wait(TextPrompt("Players", "", hint=hint, check=refused))
    return None if answer is None else typed_players(answer, rosters)


def refused_opponent(game_id: str, text: str) -> str | None:
    """Why the opponent typed cannot play against a `game_id` roster, or None: a file this app may not read (served,
    outside the shared folders), no such file, a code or picture that does not read, another game's roster."""
    try:
        loaded = opponent_roster(text, Path.cwd())
    except WarbenchError as exc:
        return str(exc)
    if loaded.roster.game != game_id:
        return f"that is a {short_name_of(loaded.roster.game)} roster, and this one plays {short_name_of(game_id)}"
    return None


async def share_battle(screen: BattleScreen) -> None:
    """The battle as it stands as a code and its QR, for the opponent's Warbench (`battle import`): in numbered parts
    where its QR would not scan on this screen, as a roster's."""
    app, session = screen.app, screen.session
    assert session.rosters is not None, "the session read them when it replayed the battle on opening"
    try:
        code = encode_battle(as_shared(session.ledger, session.result.judged), session.rosters)
    except WarbenchError as exc:
        app.notify(str(exc), title="Cannot share", severity="error", timeout=8)
        return
    note = "the opponent opens it with `warbench battle import CODE -o FILE` (every part); notes never travel"
    path = Path(session.path)
    await show_code(app, code, note, str(path.with_name(f"{path.stem}-qr.png")), toggles=False)
