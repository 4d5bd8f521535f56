"""The app around the editor: help, quitting with unsaved changes, saving, autosave and recovery, palette, theme."""

from __future__ import annotations

import os

import pytest

from builder.cli import main
from builder.editing.storage import Store
from builder.roster.files import read_roster
from builder.tui.app import make_app
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.dialogs.help import HelpScreen
from builder.tui.screens.editor import RosterEditor
from builder.tui.screens.start import StartScreen
from builder.tui.screens.warcaster import WarcasterEditor
from tests.conftest import EXAMPLES
from tests.fixtures.tui.pilot import add_unit, answer_prompt, example_copy, keys, notifications, wait_loaded


def help_lines(screen: HelpScreen) -> list[str]:
    return [str(row.render()) for row in screen.query(".help-row")]


async def test_help_screen_opens_with_question_mark_and_f1(tmp_path):
    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("escape")  # out of the filter field, where ? is a character
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        lines = " ".join(help_lines(app.screen))
        for key, what in [
            ("Ctrl+Z", "Undo"),
            ("Ctrl+Y", "Redo"),
            ("Ctrl+S", "Save"),
            ("Ctrl+Q", "Leave"),
            ("Ctrl+R", "rack"),
            ("Del / x", "Remove"),
            ("d", "copy"),
            ("Ctrl+P", ""),
        ]:
            assert key in lines and what in lines, key
        for internal in ("Pagedown", "Page Down", "Browser List", "Inspector Rows", "Delete to end", "Go to end"):
            assert internal not in lines, internal  # Textual's own list and text-field keys are not ours to list
        await pilot.press("escape")
        assert isinstance(app.screen, WarcasterEditor)
        await pilot.press("ctrl+f", "f1")  # F1 works inside a text field too
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, WarcasterEditor)
        await pilot.press("ctrl+f", "question_mark")  # and ? in the catalogue filter, where no name has one
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert app.screen.query_one("#browser-filter").value == ""


async def test_quit_with_unsaved_changes_asks_first(tmp_path):
    path = example_copy(tmp_path)
    before = path.read_text()
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await add_unit(pilot, "hunter")
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmDialog) and app.screen.id == "unsaved-dialog"
        await pilot.press("c")  # Cancel: stay
        assert isinstance(app.screen, WarcasterEditor) and app.is_running
        await pilot.press("ctrl+q", "s")  # Save, then quit
        assert not app.is_running
    assert path.read_text() != before
    assert [u.id for u in read_roster(path).roster.units].count("hunter") == 2


async def test_quit_over_an_open_dialog_asks_on_top_of_it_and_cancel_goes_back_to_it(tmp_path):
    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await add_unit(pilot, "hunter")
        await pilot.press("f2")  # the rename prompt is open
        prompt = app.screen
        await pilot.press("ctrl+q")
        assert app.screen.id == "unsaved-dialog" and prompt in app.screen_stack
        await pilot.press("c")  # Cancel: the prompt is still there, with the name to edit
        assert app.screen is prompt and app.is_running
        await pilot.press("ctrl+u", *keys("Kept"), "enter")
        assert app.screen.session.roster.name == "Kept"


async def test_save_when_quitting_a_roster_without_a_file_asks_where_and_then_quits(tmp_path):
    loaded = read_roster(EXAMPLES / "mcwarrior-rustbucket.toml")
    loaded.path = None  # as an import arrives
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_loaded(loaded, saved=False)
        await wait_loaded(pilot)
        await pilot.press("ctrl+q", "s")  # Save: where?
        await pilot.press("enter")  # the offered ~/warbench/rustbucket.toml (here: tmp_path)
        assert not app.is_running
    assert read_roster(tmp_path / "rustbucket.toml").roster == loaded.roster


async def test_the_palette_offers_commands_without_a_key(tmp_path):
    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"Save as…", "Export PDF cards (US Letter)", "Export PDF cards with backs (duplex)"} <= set(titles)
        assert {"Save", "Undo", "Share code and QR", "Rack builder", "Help", "Quit"} <= set(titles)
        assert titles.count("Quit") == 1 and "Keys" not in titles  # ours replace Textual's own


async def test_quit_and_discard_leaves_the_file_and_no_recovery(tmp_path):
    path = example_copy(tmp_path)
    before = path.read_text()
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await add_unit(pilot, "hunter")
        assert Store(tmp_path / "data").recovery_path(path).is_file()
        await pilot.press("ctrl+q", "d")
        assert not app.is_running
    assert path.read_text() == before
    assert not Store(tmp_path / "data").recovery_path(path).exists()


async def test_quit_without_changes_does_not_ask(tmp_path):
    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("ctrl+q")
        assert not app.is_running


async def test_save_writes_atomically_and_records_the_revision(tmp_path):
    path = example_copy(tmp_path)
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        editor = app.screen
        await add_unit(pilot, "hunter")
        assert "● unsaved" in str(editor.query_one("#header").render())
        inode = os.stat(path).st_ino
        await pilot.press("ctrl+s")
        assert not editor.session.dirty
        assert os.stat(path).st_ino != inode  # a new file moved into place, not the old one rewritten
        assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
        assert "● unsaved" not in str(editor.query_one("#header").render())
    saved = read_roster(path)
    assert saved.roster.catalogue_revision == 3 and saved.roster.units[-1].id == "hunter"
    assert Store(tmp_path / "data").recent()[0].path == str(path.resolve())


async def test_autosave_and_the_offer_to_restore_on_reopen(tmp_path):
    path = example_copy(tmp_path)
    data = tmp_path / "data"
    app = make_app(path, data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await add_unit(pilot, "combat engineer")
        recovery = Store(data).recovery_path(path)
        assert recovery.is_file()
        assert read_roster(path).roster.units[-1].id == "hunter"  # the file itself is untouched
        os.utime(path, ns=(1, 1))  # the recovery is newer than the file (as after a crash)
    # The app above ended without saving (like a closed terminal): reopen it.
    app = make_app(path, data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("r")  # Restore
        editor = app.screen
        assert isinstance(editor, WarcasterEditor)
        assert [u.id for u in editor.session.roster.units][-1] == "combat-engineer"
        assert editor.session.dirty
        await pilot.press("ctrl+z")  # the restore is one undoable step
        assert editor.session.roster.units[-1].id == "hunter"


async def test_command_palette_offers_every_editor_action(tmp_path):
    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        editor = app.screen
        await pilot.press("ctrl+p")
        await pilot.press(*keys("rename"))
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.press("ctrl+u", *keys("Marcher test"), "enter")
        assert editor.session.roster.name == "Marcher test"
        assert str(editor.query_one("#header").render()).startswith(" Marcher test ")
        await pilot.press("ctrl+z")
        assert editor.session.roster.name == "Will's Marcher force"


async def test_theme_toggle_and_notes(tmp_path):
    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        assert app.theme == "textual-dark"
        await pilot.press("ctrl+t")
        assert app.theme == "textual-light"
        await pilot.press("f3", *keys("Bring dice"), "ctrl+s")
        assert app.screen.session.roster.notes == "Bring dice"
        await pilot.press("ctrl+t")
        assert app.theme == "textual-dark"


async def test_start_screen_lists_examples_and_opens_recent(tmp_path):
    path = example_copy(tmp_path)
    Store(tmp_path / "data").remember(path, "Will's Marcher force", "warcaster")
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        start = app.screen
        assert isinstance(start, StartScreen)
        ids = [o.id for o in start.query_one("#start-list").options]
        assert ids[:4] == ["new", "open", "head:recent", "recent:0"]
        assert "head:examples" in ids
        assert any(e.path.name == "warcaster-marcher-worlds.toml" for e in start.examples)
        await pilot.press("down", "down", "enter")  # the recent roster (headings are skipped)
        assert isinstance(app.screen, WarcasterEditor) and app.screen.session.path == path
        await pilot.press("ctrl+w")  # close: back to the start screen
        assert app.screen is start


async def test_an_example_opens_as_an_unsaved_copy(tmp_path):
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        start = app.screen
        index = next(i for i, e in enumerate(start.examples) if e.path.name == "warcaster-marcher-worlds.toml")
        start.query_one("#start-list").highlighted = [o.id for o in start.query_one("#start-list").options].index(
            f"example:{index}"
        )
        await pilot.press("enter")
        editor = app.screen
        assert isinstance(editor, WarcasterEditor) and editor.session.path is None
        await pilot.press("ctrl+s")  # no file yet: asks where, suggesting the roster folder
        assert app.screen.query_one("#prompt-input").value == str(tmp_path / "wills-marcher-force.toml")
        await pilot.press("enter")
        assert editor.session.path == tmp_path / "wills-marcher-force.toml"
        assert read_roster(tmp_path / "wills-marcher-force.toml").roster.name == "Will's Marcher force"


async def test_opening_a_bad_file_says_why_in_one_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'warbench = 1\ngame = "warcaster"\ncatalogue = "warcaster-nm"\nfaction = "marcher-worlds"\n'
        '[[units]]\nid = "dusk-wulf"\n'
    )
    app = make_app(data_dir=tmp_path / "data")
    messages = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await answer_prompt(pilot, str(bad))
        await wait_loaded(pilot)
        assert isinstance(app.screen, StartScreen)
        assert any("unknown unit 'dusk-wulf'" in m and "dusk-wolf" in m for m in messages)


async def test_the_footer_follows_focus_and_a_click_presses_the_key(tmp_path):
    from textual.widgets import Footer

    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        footer = app.screen.query_one(Footer)

        def shown() -> list[str]:
            return [str(key.render()).strip() for key in footer.query("FooterKey")]

        assert shown()[:5] == ["^s Save", "^z Undo", "^y Redo", "^r Rack builder", "f1 Help"]
        assert not any("Toggle" in key for key in shown())
        await pilot.press("ctrl+r", "tab")  # the rack's list offers Toggle
        await pilot.pause()
        await pilot.pause()
        assert any("Toggle" in key for key in shown())  # new keys: the footer follows the focus
        await pilot.press("ctrl+r")
        await add_unit(pilot, "hunter")
        assert [u.id for u in app.screen.session.roster.units].count("hunter") == 2
        undo = next(key for key in footer.query("*") if "Undo" in str(key.render()))
        await pilot.click(undo)
        await pilot.pause()
        assert [u.id for u in app.screen.session.roster.units].count("hunter") == 1


async def test_closing_the_roster_the_app_opened_with_goes_to_the_start_screen(tmp_path):
    path = example_copy(tmp_path)
    app = make_app(path, data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        assert isinstance(app.screen, WarcasterEditor)
        await pilot.press("ctrl+w")
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen) and not any(isinstance(s, RosterEditor) for s in app.screen_stack)
        assert [o.id for o in start.query_one("#start-list").options][:4] == ["new", "open", "head:recent", "recent:0"]
        await pilot.press("down", "down", "enter")  # open it again from the recent list
        await wait_loaded(pilot)
        assert isinstance(app.screen, WarcasterEditor) and app.screen.session.path == path
        await pilot.press("ctrl+w")
        assert app.screen is start


async def test_the_header_keeps_the_status_and_unsaved_mark_and_cuts_the_names_to_fit():
    from textual.app import App

    from builder.tui.widgets.roster_header import RosterHeader

    class HeaderApp(App):
        def compose(self):
            yield RosterHeader(id="header")

    app = HeaderApp()
    async with app.run_test(size=(50, 3)) as pilot:
        await wait_loaded(pilot)
        header = app.query_one(RosterHeader)
        header.title, header.subtitle, header.dirty, header.errors = "A" * 60, "Marcher Worlds · standard", True, 2
        await pilot.pause()
        line = str(header.render())
        assert len(line) == 50 and line == f" {'A' * 12}…  ● unsaved  ✖ NOT LEGAL · 2 errors "
        assert header.has_class("-illegal") and not header.has_class("-legal")

        header.title, header.dirty, header.errors = "Will's force", False, 0
        await pilot.pause()
        assert str(header.render()) == " Will's force Marcher Worlds · standard" + " " * 2 + " ✔ LEGAL "
        assert header.has_class("-legal")


async def test_an_imported_roster_never_silently_replaces_a_file_of_the_same_name(tmp_path):

    mine = tmp_path / "rustbucket.toml"
    mine.write_text("# my own list\n", encoding="utf-8")
    loaded = read_roster(EXAMPLES / "mcwarrior-rustbucket.toml")
    loaded.path = None  # as an import arrives: a roster without a file
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_loaded(loaded, saved=False)
        await wait_loaded(pilot)
        await pilot.press("ctrl+s")  # no file yet: Save as, offering ~/warbench/rustbucket.toml
        await pilot.press("enter")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("escape")  # Cancel
        assert mine.read_text(encoding="utf-8") == "# my own list\n"
        assert app.screen.session.path is None


async def test_opening_another_roster_over_unsaved_changes_asks_first(tmp_path):
    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await add_unit(pilot, "hunter")
        editor = app.screen
        imported = read_roster(EXAMPLES / "mcwarrior-rustbucket.toml")
        imported.path = None
        app.open_loaded(imported, saved=False)  # what an imported code does
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("escape")  # Cancel: the unsaved roster stays open
        assert app.screen is editor and editor.session.dirty


@pytest.mark.parametrize(
    "roster",
    [
        'game = "mcwarrior"\ncatalogue = "mcwarrior"\n[[mechs]]\nparts = { head = 99, torso = 0 }\n'
        'upgrades = { right-arm = { id = "energy-shield", level = 0 } }\n',
        'game = "warsurge"\ncatalogue = "warsurge-examples"\npoint_limit = 0\n[[units]]\nid = "troopers"\nmodels = 100000\n'
        "weapons = { giant-rock = 100000 }\n",
        'game = "warcaster"\ncatalogue = "warcaster-nm"\nfaction = "marcher-worlds"\nformat = "skirmish"\n'
        '[[units]]\nid = "dusk-wolf"\nhardpoints = { left-arm = "fusion-drill", shoulder = "rail-gun" }\nattachments = ["warder", "warder"]\n',
    ],
    ids=["mcwarrior", "warsurge", "warcaster"],
)
async def test_the_builder_opens_any_roster_validate_can_read_however_illegal(roster, tmp_path):
    path = tmp_path / "odd.toml"
    path.write_text('warbench = 1\nname = "Odd"\n' + roster, encoding="utf-8")
    assert main(["validate", str(path)]) == 1  # readable, and illegal
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        assert isinstance(app.screen, RosterEditor) and not app.screen.session.report.valid
        await pilot.press("escape", "enter")  # into the first entry's loadout
        assert app.is_running


async def test_q_on_the_start_screen_quits(tmp_path):
    app = make_app(data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running
