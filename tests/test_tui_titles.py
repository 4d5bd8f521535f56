"""Every border title built from a file's data shows that data as typed: markup in a name is never live."""

from __future__ import annotations

import shutil

from textual.geometry import Region

from builder.battles import new_battle
from builder.editing.base import Choice, ChoicePrompt
from builder.editing.catalogue_problems import Problem
from builder.tui.app import make_app
from builder.tui.dialogs.choice import ChoiceDialog
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.dialogs.text_prompt import TextPrompt
from catalog.paths import BUNDLED_DIR
from tests.conftest import EXAMPLES, FIXTURES
from tests.fixtures.tui.pilot import wait_loaded

HOSTILE = "[@click=app.quit]Q[/]"
"""A name that, read as markup, would quit the app when its title is clicked (and show as a bare Q)."""


def top_border(widget) -> str:
    """The text of a widget's top border row, as drawn."""
    strip = widget.render_lines(Region(0, 0, widget.outer_size.width, 1))[0]
    return strip.text


def hostile_copy(source, target, old: str) -> None:
    """A copy of `source` at `target` with `old` (a name as the file spells it) replaced by the hostile name."""
    text = source.read_text(encoding="utf-8")
    target.write_text(text.replace(old, f'name = "{HOSTILE}"', 1), encoding="utf-8")


async def test_every_title_built_from_a_files_names_shows_a_markup_like_name_as_typed(tmp_path):
    """In one app, each screen in turn (each opened over the one before): a battle side's pane (clicking the title
    runs nothing), the catalogue editor's entry form and a catalogue row's form, a Frontier claim grid, and every
    dialog's title."""
    roster = tmp_path / "army.toml"
    hostile_copy(EXAMPLES / "warsurge-499.toml", roster, 'name = "Fantasy Army"')
    battle = tmp_path / "battle.toml"
    new_battle(roster, None, battle)
    own = tmp_path / "mine.toml"
    hostile_copy(FIXTURES / "warsurge-own-catalogue.toml", own, 'name = "Marsh Rangers"')
    weapons = tmp_path / "wm.toml"
    hostile_copy(BUNDLED_DIR / "warmachine-example.toml", weapons, 'name = "Command Pistol"')
    frontier = tmp_path / "frontier.toml"
    shutil.copy(EXAMPLES / "campaigns" / "warmachine-frontier.toml", frontier)
    text = frontier.read_text(encoding="utf-8").replace('"Anna"', f'"{HOSTILE}"').replace("Anna =", f'"{HOSTILE}" =')
    frontier.write_text(text, encoding="utf-8")

    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)

        # A battle side's pane: the roster's name
        app.open_path(battle)
        await wait_loaded(pilot)
        pane = app.screen.query_one("#side-0")
        assert HOSTILE in top_border(pane)
        await pilot.click(pane, offset=(3, 0))  # on the title: nothing runs
        assert app.is_running

        # The catalogue editor's form: an entry's name
        app.open_path(own)
        await wait_loaded(pilot)
        await app.screen.go_to(Problem("", "", "units", 0, ""))  # (the keys into a form: test_tui_catalogue_editor)
        await pilot.pause()
        assert HOSTILE in top_border(app.screen.query_one("EntryForm"))
        await pilot.press("ctrl+w")  # one catalogue editor at a time: back to the battle
        await pilot.pause()

        # A catalogue row's form: a weapon's name
        app.open_path(weapons)
        await wait_loaded(pilot)
        await app.screen.go_to(Problem("", "", "entries", 0, "weapons"))
        await pilot.pause()
        await pilot.press("enter")  # the first weapon's form
        await pilot.pause()
        assert HOSTILE in top_border(app.screen.query_one(".row-box"))
        await pilot.press("escape")  # the row's dialog

        # A Frontier claim grid: a player's name
        app.open_path(frontier)
        await wait_loaded(pilot)
        grids = list(app.screen.query(".claim-grid"))
        assert grids and HOSTILE in top_border(grids[0])

        # Every dialog's title
        title = f"{HOSTILE}: hits on which part?"
        for kind, dialog in {
            "confirm": ConfirmDialog(title, "Sure?", [("yes", "Yes"), ("no", "No")]),
            "choice": ChoiceDialog(ChoicePrompt(title, (Choice("a", "A"),))),
            "text": TextPrompt(title, ""),
        }.items():
            app.push_screen(dialog)
            await pilot.pause()
            assert HOSTILE in top_border(dialog.query_one(".dialog-box")), kind
            app.pop_screen()
            await pilot.pause()
        assert app.is_running
