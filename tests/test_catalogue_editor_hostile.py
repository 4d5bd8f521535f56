"""The catalogue editor given a stranger's file or recovery file: nothing in it reaches the terminal unescaped."""

from __future__ import annotations

import shutil

import pytest

from builder.editing.catalogue import CatalogueSession
from builder.editing.catalogue_problems import Problem
from builder.editing.storage import Store
from builder.tui.app import make_app
from catalog.errors import CatalogueError
from tests.conftest import FIXTURES

OWN = FIXTURES / "warsurge-own-catalogue.toml"
CLIPBOARD = "\x1b]52;c;ZWNobyBwd25lZA==\x07"
TITLE = "\x1b]0;owned\x07"


def toml_escaped(text: str) -> str:
    """Control characters as TOML's \\u escapes."""
    return "".join(f"\\u{ord(c):04x}" if ord(c) < 0x20 else c for c in text)


def hostile(text: str) -> str:
    """The fixture catalogue with a unit whose name writes the clipboard and the window title."""
    name = f"Marsh{CLIPBOARD}Rangers{TITLE}"
    return text.replace('name = "Marsh Rangers"', f'name = "{toml_escaped(name)}"', 1)


@pytest.fixture
def planted(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(hostile(OWN.read_text(encoding="utf-8")), encoding="utf-8")
    return path


def test_a_catalogue_whose_names_drive_the_terminal_is_refused_by_the_editor(planted, tmp_path):
    with pytest.raises(CatalogueError, match=r"units\[0\]\.name: holds the control character \\x1b"):
        CatalogueSession.open(planted, Store(tmp_path / "data"))


async def test_the_app_started_on_such_a_catalogue_ends_with_the_reason_and_draws_nothing_of_it(planted, tmp_path):
    app = make_app(planted, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert app.return_code == 2 and "\\x1b" in str(app.failure)


def test_a_recovery_file_whose_names_drive_the_terminal_is_refused(tmp_path):
    path = tmp_path / "mine.toml"
    shutil.copy(OWN, path)
    session = CatalogueSession.open(path, Store(tmp_path / "data"))
    with pytest.raises(CatalogueError, match=r"holds the control character \\x1b"):
        session.restore(hostile(OWN.read_text(encoding="utf-8")))
    assert session.data["units"][0]["name"] == "Marsh Rangers"


def test_a_pasted_value_that_drives_the_terminal_is_refused_by_every_edit(tmp_path):
    from builder.editing.catalogue_values import CatalogueEditError

    path = tmp_path / "mine.toml"
    shutil.copy(OWN, path)
    session = CatalogueSession.open(path, Store(tmp_path / "data"))
    for edit in (
        lambda: session.set_value("units", 0, "name", f"Marsh{TITLE}"),
        lambda: session.set_value("units", 0, "name", "Marsh\nRangers"),
        lambda: session.add("units", f"New{CLIPBOARD}"),
        lambda: session.rename("units", 0, f"Fen{TITLE}"),
    ):
        with pytest.raises(CatalogueEditError, match="control character"):
            edit()
    assert session.data["units"][0]["name"] == "Marsh Rangers" and not session.dirty


async def test_a_file_name_a_pasted_name_and_a_pasted_path_that_drive_the_terminal_are_shown_escaped(
    tmp_path, monkeypatch
):
    """One editor run on a file whose name sets the window title: the question to restore its recovery file and the
    save's toast show the escape; a name pasted into the form with escapes is refused and never drawn (every edit's
    refusal: the plain test above); then, closed to the start screen, a refused pasted path is said escaped."""
    from textual.app import App
    from textual.widgets import Input

    from builder.tui.dialogs.text_prompt import TextPrompt
    from builder.tui.screens.start import StartScreen
    from catalog.access import ROOTS_VARIABLE
    from tests.fixtures.tui.pilot import answer_prompt, paste

    toasts: list[str] = []  # what reaches Textual's own toasts, after the app's notify
    monkeypatch.setattr(App, "notify", lambda self, message, **options: toasts.append(message))
    monkeypatch.setenv(ROOTS_VARIABLE, str(tmp_path))

    path = tmp_path / f"mine{TITLE}.toml"
    shutil.copy(OWN, path)
    Store(tmp_path / "data").write_recovery(path, OWN.read_text(encoding="utf-8").replace("Marsh", "Fen"))
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "\\x1b" in app.screen.query_one(".dialog-question").render().plain  # restore the recovery file?
        assert "\x1b" not in app.export_screenshot()
        await pilot.press("r")
        await pilot.pause()
        editor = app.screen
        assert editor.session.data["units"][0]["name"] == "Fen Rangers"

        await editor.go_to(Problem("", "", "units", 0, "name"))  # (the keys into a form: test_tui_catalogue_editor)
        field = editor.query_one("#field-name", Input)
        field.focus()
        field.value = ""
        await paste(pilot, f"Bog{TITLE}")
        await pilot.press("enter")
        await pilot.pause()
        assert editor.session.data["units"][0]["name"] == "Fen Rangers"
        assert "\x1b" not in app.export_screenshot()

        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)
        await pilot.press("n", "enter")
        await pilot.pause()
        assert any("Saved" in t and "\\x1b" in t for t in toasts) and not any("\x1b" in t for t in toasts), toasts

        await pilot.press("ctrl+w")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("o")
        await answer_prompt(pilot, f"/elsewhere/x{TITLE}.toml")
        said = str(app.screen.query_one("#prompt-error").render())
        assert "\\x1b" in said and "\x1b" not in said
