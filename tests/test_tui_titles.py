"""Every border title built from a file's data shows that data as typed: markup in a name is never live."""

from __future__ import annotations

import shutil

import pytest
from textual.geometry import Region

from builder.battles import new_battle
from builder.tui.app import make_app
from tests.conftest import EXAMPLES, FIXTURES

HOSTILE = "[@click=app.quit]Q[/]"
"""A name that, read as markup, would quit the app when its title is clicked (and show as a bare Q)."""


def top_border(widget) -> str:
    """The text of a widget's top border row, as drawn."""
    strip = widget.render_lines(Region(0, 0, widget.outer_size.width, 1))[0]
    return strip.text


async def test_a_battle_sides_pane_title_shows_a_markup_like_roster_name_as_typed(tmp_path):
    roster = tmp_path / "army.toml"
    text = (EXAMPLES / "warsurge-499.toml").read_text(encoding="utf-8")
    roster.write_text(text.replace('name = "Fantasy Army"', f'name = "{HOSTILE}"', 1), encoding="utf-8")
    path = tmp_path / "battle.toml"
    new_battle(roster, None, path)
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one("#side-0")
        assert HOSTILE in top_border(pane)
        await pilot.click(pane, offset=(3, 0))  # on the title: nothing runs
        assert app.is_running


async def test_the_catalogue_editors_form_title_shows_a_markup_like_entry_name_as_typed(tmp_path):
    path = tmp_path / "mine.toml"
    text = (FIXTURES / "warsurge-own-catalogue.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('name = "Marsh Rangers"', f'name = "{HOSTILE}"', 1), encoding="utf-8")
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert HOSTILE in top_border(app.screen.query_one("EntryForm"))


async def test_a_frontier_claim_grids_title_shows_a_markup_like_player_name_as_typed(tmp_path):
    path = tmp_path / "frontier.toml"
    shutil.copy(EXAMPLES / "campaigns" / "warmachine-frontier.toml", path)
    text = path.read_text(encoding="utf-8").replace('"Anna"', f'"{HOSTILE}"').replace("Anna =", f'"{HOSTILE}" =')
    path.write_text(text, encoding="utf-8")
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        grids = list(app.screen.query(".claim-grid"))
        assert grids and HOSTILE in top_border(grids[0])


@pytest.mark.parametrize("kind", ["confirm", "choice", "text"])
async def test_every_dialogs_title_shows_a_markup_like_name_as_typed(tmp_path, kind):
    from builder.editing.base import Choice, ChoicePrompt
    from builder.tui.dialogs.choice import ChoiceDialog
    from builder.tui.dialogs.confirm import ConfirmDialog
    from builder.tui.dialogs.text_prompt import TextPrompt

    title = f"{HOSTILE}: hits on which part?"
    dialog = {
        "confirm": lambda: ConfirmDialog(title, "Sure?", [("yes", "Yes"), ("no", "No")]),
        "choice": lambda: ChoiceDialog(ChoicePrompt(title, (Choice("a", "A"),))),
        "text": lambda: TextPrompt(title, ""),
    }[kind]()
    app = make_app(data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(dialog)
        await pilot.pause()
        assert HOSTILE in top_border(dialog.query_one(".dialog-box"))


async def test_a_catalogue_rows_form_title_shows_a_markup_like_weapon_name_as_typed(tmp_path):
    from builder.editing.catalogue_problems import Problem
    from catalog.paths import BUNDLED_DIR

    path = tmp_path / "wm.toml"
    text = (BUNDLED_DIR / "warmachine-example.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('name = "Command Pistol"', f'name = "{HOSTILE}"', 1), encoding="utf-8")
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.screen.go_to(Problem("", "", "entries", 0, "weapons"))
        await pilot.pause()
        await pilot.press("enter")  # the first weapon's form
        await pilot.pause()
        assert HOSTILE in top_border(app.screen.query_one(".row-box"))
