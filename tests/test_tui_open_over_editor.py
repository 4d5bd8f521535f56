"""Wiring: a roster opened over the editor of the file the app was started with replaces that editor, and the start
screen (which opens when the started file's screen closes) does not come up over the new one."""

from __future__ import annotations

from builder.tui.app import make_app
from builder.tui.screens.editor import RosterEditor
from tests.fixtures.tui.pilot import example_copy, wait_loaded


async def test_another_roster_opened_from_the_editor_takes_its_place_on_top(tmp_path):
    first, second = example_copy(tmp_path, "warsurge-499.toml"), example_copy(tmp_path, "warsurge-apc.toml")
    app = make_app(first, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        app.open_path(second)  # as Ctrl+O's import or a recent file does, nothing unsaved
        await wait_loaded(pilot)
        assert [type(screen).__name__ for screen in app.screen_stack] == ["Backdrop", type(app.screen).__name__]
        assert isinstance(app.screen, RosterEditor) and app.screen.session.path == second
        await pilot.press("ctrl+w")  # closing it: the start screen, as when the started file's editor closes
        await pilot.pause()
        assert type(app.screen).__name__ == "StartScreen"
