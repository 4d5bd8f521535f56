"""The app around the editor: help, quitting with unsaved changes, saving, autosave and recovery, palette, theme."""

from __future__ import annotations

import os

from textual import events

from builder.editing.session import EditSession
from builder.editing.storage import Store
from builder.game import game
from builder.games.warcaster.tui.editor import WarcasterEditor
from builder.roster.files import read_roster
from builder.tui.app import make_app
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.dialogs.help import HelpScreen
from builder.tui.screens.editor import RosterEditor
from builder.tui.screens.start import StartScreen
from tests.conftest import EXAMPLES
from tests.fixtures.tui.pilot import answer_prompt, example_copy, notifications, paste, wait_loaded


def add(editor: RosterEditor, unit: str) -> None:
    """Add a unit as Enter on a catalogue entry does, through the editor (the keys for it: the test below)."""
    editor.edit(
        f"add {unit}", lambda roster: game(editor.session.game).edits(editor.session.catalogue).add(roster, unit)
    )


def help_lines(screen: HelpScreen) -> list[str]:
    """What the help screen draws, a line each."""
    return screen.query_one("#help-text").render().plain.splitlines()


async def test_an_editing_session_footer_help_palette_notes_then_quitting_over_unsaved_changes(tmp_path):
    from textual.widgets import Footer

    path = example_copy(tmp_path)
    before = path.read_text()
    app = make_app(path, data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        editor = app.screen
        footer = editor.query_one(Footer)

        def shown() -> list[str]:
            return [str(key.render()).strip() for key in footer.query("FooterKey")]

        # The footer names the editor's keys
        assert shown()[:5] == ["^s Save", "^z Undo", "^y Redo", "^r Rack builder", "f1 Help"]
        assert not any("Toggle" in key for key in shown())

        # Help opens with ? and F1
        await pilot.press("question_mark")  # ? in the catalogue filter, where no name has one
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
        assert app.screen.query_one("#browser-filter").value == ""
        await pilot.press("f1")  # F1 works inside a text field too
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, WarcasterEditor)
        await pilot.press("escape", "question_mark")  # and ? out of the filter field
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, WarcasterEditor)

        # The palette offers the commands that have no key, and every editor action
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"Save as…", "Export PDF cards (US Letter)", "Export PDF cards with backs (duplex)"} <= set(titles)
        assert {"Save", "Undo", "Share code and QR", "Rack builder", "Help", "Quit"} <= set(titles)
        assert titles.count("Quit") == 1 and "Keys" not in titles  # ours replace Textual's own
        await pilot.press("ctrl+f")  # in the filter field, `?` is one more key for help: still one command
        helps = [command.help for command in app.get_system_commands(app.screen) if command.title == "Help"]
        assert helps == ["List every key  (F1 / ?)"]
        await pilot.press("ctrl+p")
        await paste(pilot, "rename")
        await wait_loaded(pilot)  # the palette's search
        await pilot.press("enter")
        await answer_prompt(pilot, "Marcher test")
        assert editor.session.roster.name == "Marcher test"
        assert str(editor.query_one("#header").render()).startswith(" Marcher test ")

        # F3 edits the notes (Ctrl+T's theme: the start-screen test below)
        await pilot.press("f3")
        await paste(pilot, "Bring dice")
        await pilot.press("ctrl+s")
        assert app.screen.session.roster.notes == "Bring dice"

        # The footer follows the focus, and a click on a key presses it
        assert not any("Duplicate" in key for key in shown())
        await pilot.press("escape")  # the roster list offers Duplicate
        await pilot.pause()
        assert any("Duplicate" in key for key in shown())  # new keys: the footer follows the focus
        add(editor, "hunter")
        assert [u.id for u in app.screen.session.roster.units].count("hunter") == 2
        undo = next(key for key in footer.query("*") if "Undo" in str(key.render()))
        await pilot.click(undo)
        await pilot.pause()
        assert [u.id for u in app.screen.session.roster.units].count("hunter") == 1

        # Opening another roster over unsaved changes asks first (a change made as Enter on an entry makes it)
        add(editor, "hunter")
        imported = read_roster(EXAMPLES / "mcwarrior-rustbucket.toml")
        imported.path = None
        app.open_loaded(imported, saved=False)  # what an imported code does
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("escape")  # Cancel: the unsaved roster stays open
        assert app.screen is editor and editor.session.dirty
        # Quitting asks too, over an open dialog on top of it, and Cancel goes back to it
        await pilot.press("f2")  # the rename prompt is open
        prompt = app.screen
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmDialog) and app.screen.id == "unsaved-dialog"
        assert prompt in app.screen_stack
        await pilot.press("c")  # Cancel: the prompt is still there, with the name to edit
        assert app.screen is prompt and app.is_running
        await answer_prompt(pilot, "Kept")
        assert app.screen.session.roster.name == "Kept"
        await pilot.press("ctrl+q", "s")  # Save, then quit
        assert not app.is_running
    assert path.read_text() != before
    assert [u.id for u in read_roster(path).roster.units].count("hunter") == 2


async def test_autosave_restore_on_reopen_save_then_quit_and_discard(tmp_path):
    path = example_copy(tmp_path)
    data = tmp_path / "data"
    # An edit autosaves a recovery and leaves the file; the session ends without saving, as after a crash
    crashed = EditSession(read_roster(path), Store(data))
    crashed.change("add", lambda roster: game(crashed.game).edits(crashed.catalogue).add(roster, "combat-engineer"))
    recovery = Store(data).recovery_path(path)
    assert recovery.is_file()
    assert read_roster(path).roster.units[-1].id == "hunter"  # the file itself is untouched
    os.utime(path, ns=(1, 1))  # the recovery is newer than the file
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
        # Ctrl+S saves (atomically: tests/test_editing.py), and the header's unsaved mark goes
        add(editor, "hunter")
        assert "● unsaved" in str(editor.query_one("#header").render())
        await pilot.press("ctrl+s")
        assert not editor.session.dirty
        assert "● unsaved" not in str(editor.query_one("#header").render())
        # Quit and discard leaves the file and no recovery
        saved_text = path.read_text()
        add(editor, "hunter")
        assert recovery.is_file()
        await pilot.press("ctrl+q", "d")
        assert not app.is_running
    assert path.read_text() == saved_text
    assert not recovery.exists()
    saved = read_roster(path)
    assert saved.roster.catalogue_revision == 3 and saved.roster.units[-1].id == "hunter"
    assert Store(data).recent()[0].path == str(path.resolve())


async def test_the_start_screen_reopens_recents_refuses_bad_files_and_opens_copies_that_save_where_asked(tmp_path):
    path = example_copy(tmp_path)
    app = make_app(path, data_dir=tmp_path / "data", roster_dir=tmp_path)
    messages = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        # Another roster opened over the editor of the file the app started with (as Ctrl+O's import or a recent file
        # does, nothing unsaved) takes its place on top, and no start screen comes up over it
        assert isinstance(app.screen, WarcasterEditor)
        second = example_copy(tmp_path, "warsurge-apc.toml")
        app.open_path(second)
        await wait_loaded(pilot)
        assert [type(screen).__name__ for screen in app.screen_stack] == ["Backdrop", type(app.screen).__name__]
        assert isinstance(app.screen, RosterEditor) and app.screen.session.path == second
        # Closing it goes to the start screen, as when the started file's editor closes, which lists both as recent
        await pilot.press("ctrl+w")
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen) and not any(isinstance(s, RosterEditor) for s in app.screen_stack)
        assert [recent.path for recent in start.recent] == [str(second.resolve()), str(path.resolve())]
        keys = [str(key.render()).strip() for key in start.query("FooterKey")]
        assert "n New roster" in keys and "o Open" in keys  # the start screen's own keys
        ids = [o.id for o in start.query_one("#start-list").options]
        assert ids[:4] == ["new", "open", "head:recent", "recent:0"]
        assert "head:examples" in ids and "ledger-examples" in ids
        assert any(e.path.name == "warcaster-marcher-worlds.toml" for e in start.examples)
        start.query_one("#start-list").highlighted = ids.index("ledger-examples")
        await pilot.press("enter")  # the bundled leagues and campaigns in a chooser; the league opens in its screen
        await pilot.pause()
        assert [c.label for c in app.screen.prompt.choices] == [
            "Battle for Port Oldsand",
            "Frontier of the Thornwood",
            "Cogmire Winter League",
        ]
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "LeagueScreen" and app.screen.session.ledger.name == "Cogmire Winter League"
        await pilot.press("ctrl+w")
        await pilot.pause()
        start.query_one("#start-list").highlighted = 0
        await pilot.press("down", "down", "down", "enter")  # the second recent roster (headings are skipped)
        await wait_loaded(pilot)
        assert isinstance(app.screen, WarcasterEditor) and app.screen.session.path == path
        await pilot.press("ctrl+w")  # close: back to the start screen
        assert app.screen is start

        # Opening a bad file says why in one line
        bad = tmp_path / "bad.toml"
        bad.write_text(
            'warbench = 1\ngame = "warcaster"\ncatalogue = "warcaster-nm"\nfaction = "marcher-worlds"\n'
            '[[units]]\nid = "dusk-wulf"\n'
        )
        await pilot.press("o")
        await answer_prompt(pilot, str(bad))
        await wait_loaded(pilot)
        assert isinstance(app.screen, StartScreen)
        assert any("unknown unit 'dusk-wulf'" in m and "dusk-wolf" in m for m in messages)

        # An example opens as an unsaved copy
        index = next(i for i, e in enumerate(start.examples) if e.path.name == "warcaster-marcher-worlds.toml")
        start.query_one("#start-list").highlighted = [o.id for o in start.query_one("#start-list").options].index(
            f"example:{index}"
        )
        await pilot.press("enter")
        await wait_loaded(pilot)
        editor = app.screen
        assert isinstance(editor, WarcasterEditor) and editor.session.path is None
        await pilot.press("ctrl+s")  # no file yet: asks where, suggesting the roster folder
        assert app.screen.query_one("#prompt-input").value == str(tmp_path / "wills-marcher-force.toml")
        await pilot.press("enter")
        assert editor.session.path == tmp_path / "wills-marcher-force.toml"
        assert read_roster(tmp_path / "wills-marcher-force.toml").roster.name == "Will's Marcher force"
        await pilot.press("ctrl+w")
        assert app.screen is start

        # An imported roster never silently replaces a file of the same name
        mine = tmp_path / "rustbucket.toml"
        mine.write_text("# my own list\n", encoding="utf-8")
        loaded = read_roster(EXAMPLES / "mcwarrior-rustbucket.toml")
        loaded.path = None  # as an import arrives: a roster without a file
        app.open_loaded(loaded, saved=False)
        await wait_loaded(pilot)
        await pilot.press("ctrl+s")  # no file yet: Save as, offering ~/warbench/rustbucket.toml
        await pilot.press("enter")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("escape")  # Cancel
        assert mine.read_text(encoding="utf-8") == "# my own list\n"
        assert app.screen.session.path is None

        # Save when quitting a roster without a file asks where, and then quits
        await pilot.press("ctrl+q", "s")  # Save: where?
        await pilot.press("enter")  # the offered ~/warbench/rustbucket.toml (here: tmp_path)
        assert isinstance(app.screen, ConfirmDialog)  # over my own file: asked again
        await pilot.press("s")  # Save anyway
        assert not app.is_running
    assert read_roster(tmp_path / "rustbucket.toml").roster == loaded.roster


async def test_the_start_screen_at_80_columns_toggles_the_theme_and_q_quits_and_keys_after_it_open_nothing(tmp_path):
    app = make_app(data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        listed, detail = start.query_one("#start-list").region, start.query_one("#start-detail").region
        assert detail.x >= listed.right and detail.y == listed.y  # side by side (a phone's: the test below)
        assert app.theme == "textual-dark"
        await pilot.press("ctrl+t")
        assert app.theme == "textual-light"
        quits = [command.help for command in app.get_system_commands(app.screen) if command.title == "Quit"]
        assert quits == ["Leave Warbench (asks first about unsaved changes)  (Ctrl+Q / q)"]  # q: one more key for it
        for key in "qn":  # arriving together, as a paste types them: no screen opens once the app is exiting
            app.post_message(events.Key(key, key))
        await pilot.pause()
        assert not app.is_running


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


async def test_on_a_phone_wide_screen_the_start_list_spans_it_and_what_it_opens_is_below(tmp_path):
    """At 41 columns (a phone through `warbench serve`) side by side left each example 3 letters ("Fan…")."""
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(41, 40)) as pilot:  # 80 columns, side by side: the test above
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        listed, detail = start.query_one("#start-list").region, start.query_one("#start-detail").region
        assert listed.width == 41 and detail.y >= listed.bottom and detail.height > 0
        shown = [start.query_one("#start-list").render_line(y).text for y in range(listed.height)]
        assert any("Fantasy Army" in line and "Warsurge" in line for line in shown), shown


async def test_the_arrows_and_tab_move_between_the_answers_of_the_question_asked_on_quitting(tmp_path):
    """→ then Enter on "Save the changes?" when quitting is Discard: the arrows and Tab did nothing while the app
    was exiting, and Enter saved what the player meant to throw away (closing with Ctrl+W moved as it should)."""
    path = example_copy(tmp_path)
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        saved_text = path.read_text()
        assert isinstance(app.screen, RosterEditor)
        add(app.screen, "hunter")
        await pilot.press("ctrl+q")
        assert app.screen.id == "unsaved-dialog" and app.focused is not None and app.focused.id == "answer-save"
        await pilot.press("right")
        assert app.focused.id == "answer-discard"
        await pilot.press("tab", "left")
        assert app.focused.id == "answer-discard"
        await pilot.press("enter")
        assert not app.is_running
    assert path.read_text() == saved_text
