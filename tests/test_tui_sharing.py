"""Export and share from the builder: PDF cards, the share dialog's QR, saving it, importing a code or picture."""

from __future__ import annotations

import os
import shutil
import threading
from io import BytesIO

from PIL import Image
from textual.widgets import Input

from builder.games.warcaster.tui.editor import WarcasterEditor
from builder.roster.files import read_roster
from builder.tui.app import make_app
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.dialogs.share import ShareDialog
from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.importing import _free_path
from builder.tui.screens.start import StartScreen
from exports.share import decode_share_code, encode_roster
from exports.share.normalise import grouped
from exports.share.qr import read_qr_image, write_qr
from tests.conftest import FIXTURES, examples_in
from tests.fixtures.tui.pilot import answer_prompt as answer
from tests.fixtures.tui.pilot import example_copy, notifications, paste, wait_loaded


async def settle(pilot) -> None:
    await wait_loaded(pilot)


def same_pages(path, expected: bytes) -> bool:
    """Whether a written PDF has the pages (count and paper size) of the expected one."""
    from pypdf import PdfReader

    written, wanted = PdfReader(path).pages, PdfReader(BytesIO(expected)).pages
    return [tuple(p.mediabox) for p in written] == [tuple(p.mediabox) for p in wanted]


async def test_a_shared_qr_saves_and_scans_notes_private_then_cards_export_to_a_layout_a_bad_folder_and_illegal(
    tmp_path,
):
    """One editor run: the share dialog (Ctrl+K), then PDF cards (Ctrl+E)."""
    from pypdf import PdfReader

    from exports.pdf import pdf_bytes

    path = example_copy(tmp_path)
    path.write_text(
        path.read_text(encoding="utf-8").replace('format = "standard"', 'format = "standard"\nnotes = "secret"'),
        encoding="utf-8",
    )
    loaded = read_roster(path)
    expected = encode_roster(loaded.roster, loaded.catalogue)  # notes stay out unless asked for
    app = make_app(path, data_dir=tmp_path / "data", roster_dir=tmp_path)
    messages = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        # the dialog: the code, grouped to paste back, and its QR; the notes are private
        await pilot.press("ctrl+k")
        dialog = app.screen
        assert isinstance(dialog, ShareDialog)
        assert dialog.code == expected and decode_share_code(dialog.code).roster.notes == ""
        assert str(dialog.query_one("#share-code").render()) == grouped(expected)  # groups that paste back
        assert "▀" in dialog.qr_text and "▄" in dialog.qr_text
        assert "not included" in str(dialog.query_one("#share-notes").render())
        # saving the QR as a picture, which scans back to the code
        await pilot.press("s")
        assert isinstance(app.screen, TextPrompt)
        assert app.screen.query_one(Input).value == str(tmp_path / "warcaster-marcher-worlds.png")
        await answer(pilot, str(tmp_path / "qr.png"))
        await settle(pilot)
        assert read_qr_image(tmp_path / "qr.png") == expected
        assert isinstance(app.screen, ShareDialog)
        # the notes go in when asked
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ShareDialog) and decode_share_code(app.screen.code).roster.notes == "secret"
        await pilot.press("escape")
        assert isinstance(app.screen, WarcasterEditor)

        # the CLI's paper and layout typed into the dialog (US Letter, one a page), written by a worker
        await pilot.press("ctrl+e")
        await paste(pilot, "letter one")
        await pilot.press("enter")
        assert app.screen.query_one(Input).value == str(tmp_path / "warcaster-marcher-worlds.pdf")
        await answer(pilot, str(tmp_path / "cards.pdf"))
        await settle(pilot)
        text = "".join(page.extract_text() for page in PdfReader(tmp_path / "cards.pdf").pages)
        assert "Will's Marcher force" in text and "Dusk Wolf" in text
        assert "NOT A LEGAL ROSTER" not in text
        # an unwritable target (the layout offered first): one line in a toast, the editor stays
        await pilot.press("ctrl+e", "enter")
        await answer(pilot, str(tmp_path / "no-such-folder" / "cards.pdf"))
        await settle(pilot)
        assert any("no-such-folder" in m and "\n" not in m for m in messages), messages
        assert isinstance(app.screen, WarcasterEditor)
        # an illegal roster asks before printing, and its cards (A4, with backs) are marked
        editor = app.screen  # a third Dusk Wolf, with no cortex and no weapons yet (added by keys: test_tui_editing)
        editor.edit("add dusk-wolf", lambda roster: editor.adapter.add(roster, "dusk-wolf"))
        assert not app.screen.session.report.valid
        await pilot.press("ctrl+e", "enter")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("escape")
        assert isinstance(app.screen, WarcasterEditor)
        assert not (tmp_path / "warcaster-marcher-worlds.pdf").exists()
        await pilot.press("ctrl+e")
        await paste(pilot, "a4 backs")
        await pilot.press("enter")
        await pilot.press("p")  # Print anyway
        await answer(pilot, str(tmp_path / "draft.pdf"))
        await settle(pilot)
        text = "".join(page.extract_text() for page in PdfReader(tmp_path / "draft.pdf").pages)
        assert "NOT A LEGAL ROSTER" in text
        illegal = app.screen.session.roster
    loaded = read_roster(path)
    assert same_pages(
        tmp_path / "cards.pdf", pdf_bytes(loaded.roster, loaded.catalogue, paper="letter", one_per_page=True)
    )
    assert same_pages(tmp_path / "draft.pdf", pdf_bytes(illegal, loaded.catalogue, paper="a4", backs=True, force=True))


def their_battle_code(tmp_path) -> str:
    """The code of a Warsurge battle in which the opponent's third unit took 3 damage."""
    from builder.battles import battle_code, new_battle
    from builder.battles.session import BattleSession
    from builder.editing.storage import Store

    examples_in(tmp_path)
    battle = tmp_path / "ours.toml"
    new_battle(tmp_path / "warsurge-499.toml", str(tmp_path / "warsurge-apc.toml"), battle)
    session = BattleSession(battle, Store(tmp_path / "data"))
    session.take(1, 2, 3)
    session.save()
    return battle_code(battle)


def test_the_import_reads_a_battles_code_in_groups_and_a_narrative_in_plays_into_the_builders_folder(tmp_path):
    """What Ctrl+O's worker writes and says for a battle's code and a narrative in play's (the screen each opens:
    the Pilot test below, and tests/test_warsurge_narrative_map.py for a narrative file)."""
    from builder.battles import replay_battle_file
    from builder.editing.storage import home_relative
    from builder.games.warsurge.narrative.sharing import play_code
    from builder.tui.importing import PlayImported, read_import
    from tests.test_warsurge_narrative_code import played

    code = their_battle_code(tmp_path)
    received = tmp_path / "received"
    done = read_import(" ".join(code[i : i + 4] for i in range(0, len(code), 4)), received)
    assert isinstance(done, PlayImported) and done.path == received / "battle.toml"
    folder = home_relative(received)  # the builder's folder, said: not where the app was started
    assert done.said == f"The opponent's battle was written as battle.toml\nin {folder}, its rosters beside it."
    theirs = replay_battle_file(done.path).sides[1]
    assert theirs.states[2].boxes_left == theirs.tracks[2].full - 3
    assert (received / "battle-opponent.toml").is_file()

    (tmp_path / "story").mkdir()
    done = read_import(play_code(played(tmp_path / "story")), received)
    assert isinstance(done, PlayImported) and done.path == received / "narrative.toml"
    assert done.said == f"The narrative in play was written as narrative.toml\nin {folder}, its rosters beside it."
    assert (received / "narrative-player2.toml").is_file()


def test_the_import_names_what_a_battlescribe_roster_could_not_match_and_refuses_a_picture_with_no_qr(tmp_path):
    from builder.tui.importing import ImportDone, read_import, refused_code
    from tests.test_warcaster_battlescribe_import import ODDS_SAID

    done = read_import(str(FIXTURES / "battlescribe" / "odds-and-ends.ros"), tmp_path)
    assert isinstance(done, ImportDone) and done.loaded.roster.game == "warcaster"
    assert done.said == ODDS_SAID  # as `warbench import` prints it
    assert done.summary == (  # the note after them, as `warbench import` refuses the file but for --partial
        f"Imported '{done.loaded.roster.name}', without the 4 parts not imported (listed in its notes, F3). Ctrl+S to keep it."
    )
    blank = tmp_path / "blank.png"
    Image.new("L", (400, 300), 255).save(blank)
    assert refused_code(str(blank), lambda path: None) == (f"{blank}: no QR code found in the picture")


async def test_import_from_the_start_screen_a_code_a_battlescribe_roster_a_battle_and_a_catalogue(
    tmp_path, isolated_home, capsys
):
    """Ctrl+O's wiring, each kind of what it reads once: the prompt refuses (and keeps) what does not read; a roster's
    code opens an unsaved roster and shows what reading it said (here, the profiles it installed); a BattleScribe
    roster replaces it after asking; a battle's code opens its table; a catalogue's code says where it went. What
    each reads is the plain tests above and in tests/test_share_*.py, tests/test_catalog_share.py."""
    from builder.cli import main
    from builder.tui.screens.battle import BattleScreen
    from catalog.paths import installed_catalogue_dir
    from exports.share.roster_parts import roster_parts
    from tests.test_share_profiles import OWN, PATROL

    (isolated_home / "catalogues").mkdir()  # the sender's own catalogue, then gone: its code brings its profiles
    shutil.copy(OWN, isolated_home / "catalogues" / "my-army.toml")
    (tmp_path / "patrol.toml").write_text(PATROL, encoding="utf-8")
    patrol = read_roster(tmp_path / "patrol.toml")
    [code] = roster_parts(patrol.roster, patrol.catalogue)
    assert main(["catalog", "share", str(OWN)]) == 0
    catalogue_code = capsys.readouterr().out.strip()
    shutil.rmtree(isolated_home / "catalogues")
    their_code = their_battle_code(tmp_path)
    installed = installed_catalogue_dir() / "my-army.toml"
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path / "received")
    messages = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        assert isinstance(app.screen, StartScreen)
        # a stranger's text: refused, the prompt and the paste stay
        await pilot.press("ctrl+o")
        box = app.screen.query_one(".dialog-box")  # the title says all it takes, whole at 80 columns
        assert str(box.border_title) == "Import a code or QR: roster, battle, narrative, catalogue"
        assert len(str(box.border_title)) <= box.region.width - 4
        await answer(pilot, "HELLOWORLD2345")
        assert isinstance(app.screen, TextPrompt)
        assert app.screen.query_one(Input).value == "HELLOWORLD2345"
        assert "mistyped" in str(app.screen.query_one("#prompt-error").render())
        await pilot.press("backspace")  # the text changed: the reason given for it goes
        assert str(app.screen.query_one("#prompt-error").render()) == ""
        await pilot.press("escape")
        # a code (in lower case) opens an unsaved roster, and what reading it said is shown
        await pilot.press("ctrl+o")
        await answer(pilot, code.lower())
        await settle(pilot)
        assert (
            app.screen.session.roster.units == patrol.roster.units and app.screen.session.roster.name == "Marsh patrol"
        )
        assert app.screen.session.path is None and app.screen.session.dirty
        assert messages[-2:] == [  # the editor shows it once it has loaded the roster
            "Imported 'Marsh patrol'. Ctrl+S to keep it.",
            f"installed the profiles this roster uses (2 units, 3 weapons) as catalogue 'my-army': {installed}",
        ]
        # a BattleScribe roster, in place of the unsaved roster (discarded when asked): what could not be matched
        # is named
        await pilot.press("ctrl+o")
        await answer(pilot, str(FIXTURES / "battlescribe" / "odds-and-ends.ros"))
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, WarcasterEditor) and app.screen.session.path is None
        assert any(m.startswith("not imported:") for m in messages)
        assert any(
            m.endswith(", without the 4 parts not imported (listed in its notes, F3). Ctrl+S to keep it.")
            for m in messages
        )
        # a battle's code, pasted in groups, opens the opponent's table
        await pilot.press("ctrl+o")
        await answer(pilot, " ".join(their_code[i : i + 4] for i in range(0, len(their_code), 4)))
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen) and app.screen.session.path == tmp_path / "received" / "battle.toml"
        assert messages[-1].startswith("The opponent's battle was written as battle.toml\nin ")
        # a catalogue's code installs it (over the profiles the roster's code installed), and says so
        await pilot.press("ctrl+o")
        await answer(pilot, catalogue_code)
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen)
    assert messages[-3:] == [
        "catalogue 'my-army' (Warsurge) revision 1, \"Marsh Wardens\": 2 units, 3 weapons",
        "replacing the profiles a shared roster installed as 'my-army' with the whole catalogue",
        f"installed {installed}",
    ]
    assert (tmp_path / "received" / "battle.toml").is_file()


def test_a_code_pasted_as_the_share_dialog_shows_it_is_accepted(tmp_path):

    from builder.tui.importing import refused_code

    _refused_code = lambda text: refused_code(text, lambda path: None)

    loaded = read_roster(example_copy(tmp_path))
    code = encode_roster(loaded.roster, loaded.catalogue)
    assert _refused_code(" ".join(grouped(code).splitlines())) is None  # dashed groups, lines joined by the paste
    assert _refused_code(grouped(code).lower()) is None
    assert "mistyped" in _refused_code("HELLOWORLD2345")


def test_a_qr_picture_is_read_by_the_import_prompt_as_the_code_it_holds(tmp_path):
    """A picture's path goes the way a pasted code does, to the roster its QR holds (the Ctrl+O flow above opens
    what the code holds)."""

    from builder.tui.importing import catalogue_texts, is_battle_code, refused_code
    from exports.share.source import read_source

    loaded = read_roster(example_copy(tmp_path))
    code = encode_roster(loaded.roster, loaded.catalogue)
    photo = str(tmp_path / "photo.png")
    write_qr(code, tmp_path / "photo.png")
    assert refused_code(photo, lambda path: None) is None
    write_qr("HELLO", tmp_path / "other.png")  # a QR, but not one of ours: the prompt says so and stays open
    other = refused_code(str(tmp_path / "other.png"), lambda path: None)
    assert other is not None and "'HELLO', which is not a Warbench code" in other
    assert catalogue_texts(photo) is None and not is_battle_code(photo)
    read = read_source(photo)
    assert read.roster == decode_share_code(code).roster and read.roster.name == loaded.roster.name


def test_a_battles_qr_picture_is_read_by_the_import_prompt_as_the_battle_it_holds(tmp_path):
    """The opponent's table as a photo of its QR: the prompt lets it through and the worker writes the battle (it
    was refused as 'not a Warbench code', though `battle import PICTURE` took it)."""
    from builder.battles import battle_code, new_battle
    from builder.tui.importing import PlayImported, is_battle_code, read_import, refused_code

    battle = tmp_path / "battle.toml"
    new_battle(example_copy(tmp_path), None, battle)
    write_qr(battle_code(battle), tmp_path / "table.png")
    photo = str(tmp_path / "table.png")
    assert is_battle_code(photo) and refused_code(photo, lambda path: None) is None
    done = read_import(photo, tmp_path / "lists")
    assert isinstance(done, PlayImported) and battle_code(done.path) == battle_code(battle)


def test_an_imported_battle_takes_a_name_none_of_whose_files_beside_it_is_there_a_third_sides_roster_too(tmp_path):
    """A battle of three sides writes `<stem>-side3.toml` beside it (narratives in play, `-player5.toml`): a name
    whose third side's roster is left from an earlier import is not free, as its first two's are not."""
    (tmp_path / "battle-side3.toml").write_text("")
    (tmp_path / "narrative-player5.toml").write_text("")
    assert (_free_path(tmp_path, "battle").name, _free_path(tmp_path, "narrative").name) == (
        "battle-2.toml",
        "narrative-2.toml",
    )


def test_a_file_that_holds_nothing_to_import_is_refused_in_the_prompt_which_keeps_the_paste(tmp_path):
    """Ctrl+O's check reads a file as its worker would: a text file, a roster's TOML, a BattleScribe roster that
    does not read or is not there are each refused in the prompt (the paste kept), not in a toast once it closed."""
    from builder.tui.importing import refused_code

    notes, broken = tmp_path / "notes.txt", tmp_path / "broken.ros"
    notes.write_text("hello", encoding="utf-8")
    broken.write_text('<?xml version="1.0"?>\n<roster', encoding="utf-8")
    roster = example_copy(tmp_path, "warsurge-499.toml")
    refused = lambda path: refused_code(str(path), lambda _: None)
    assert refused(notes) == f"{notes}: not a picture Warbench can read (PNG, JPEG, GIF, BMP, WebP …)"
    assert refused(roster) == (
        f"{roster}: not a picture: this is a Warsurge roster; open it with `warbench validate FILE`"
    )
    assert refused(broken) == f"{broken}: malformed XML at line 2, column 1"
    assert refused(tmp_path / "missing.ros") == f"{tmp_path / 'missing.ros'}: no such BattleScribe roster file"
    assert refused(FIXTURES / "battlescribe" / "marcher-strike.ros") is None  # it reads: imported by the worker


def test_a_file_the_start_screens_open_imports_is_a_qr_picture_or_a_battlescribe_roster(tmp_path):
    """Told by its first bytes (a picture) or its suffix (.ros, .rosz), not by its name alone; a roster is opened."""
    from builder.tui.importing import imported_instead

    write_qr("HELLO", tmp_path / "photo.png")
    (tmp_path / "named.png").write_text("warbench = 1\n")
    (tmp_path / "army.ros").write_text("<roster/>")
    found = {name: imported_instead(tmp_path / name) for name in ("photo.png", "named.png", "army.ros", "gone.png")}
    assert found == {"photo.png": True, "named.png": False, "army.ros": True, "gone.png": False}
    assert not imported_instead(example_copy(tmp_path))


def test_the_start_screens_open_never_opens_a_fifo_to_read_its_first_bytes(tmp_path):
    """`imported_instead` opened any path to see if it was a picture: a FIFO waits for a writer there, the app
    frozen before the roster's reader (which never opens one) could refuse it."""
    from builder.tui.importing import imported_instead

    fifo = tmp_path / "roster.toml"
    os.mkfifo(fifo)
    answers: list[bool] = []
    looking = threading.Thread(target=lambda: answers.append(imported_instead(fifo)), daemon=True)
    looking.start()
    looking.join(5)
    waited = looking.is_alive()
    if waited:  # a writer lets the blocked open go, so the test ends either way
        with open(fifo, "wb"):
            pass
        looking.join()
    assert (waited, answers) == (False, [False])


async def test_opening_a_qr_picture_from_the_start_screen_imports_its_roster(tmp_path):
    """The start screen's Open refused a photo of a roster's QR with "run `warbench share import PICTURE -o
    ROSTER`" (a shell command, in the app that imports it with Ctrl+O): it opens the roster the QR holds."""
    loaded = read_roster(example_copy(tmp_path))
    write_qr(encode_roster(loaded.roster, loaded.catalogue), tmp_path / "photo.png")
    app = make_app(None, data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_path(tmp_path / "photo.png")
        await wait_loaded(pilot)
        assert isinstance(app.screen, WarcasterEditor)
        assert app.screen.session.roster.name == loaded.roster.name and app.screen.session.path is None
