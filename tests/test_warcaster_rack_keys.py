"""The rack builder's keys reach what its footer offers: Ctrl+R lands on the Cypher list, where the footer says Space
toggles and Space does (it typed into the filter), and / moves to the filter, where a space is part of the words.
(What a toggle does to the roster, its findings and its undo: tests/test_warcaster_editing.py.)"""

from __future__ import annotations

from textual.widgets import Footer, Input

from builder.tui.app import make_app
from tests.fixtures.tui.pilot import example_copy, paste, wait_loaded


async def test_ctrl_r_lands_on_the_cypher_list_where_space_toggles_as_the_footer_says(tmp_path):
    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        editor = app.screen
        footer = editor.query_one(Footer)
        rack = editor.session.roster.rack
        assert "cryo-lock" in rack and len(rack) == 12

        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "rack-list"
        shown = [str(key.render()).strip() for key in footer.query("FooterKey")]
        assert shown[:2] == ["space Toggle", "^s Save"]
        await pilot.press("space")  # the first Cypher, Cryo Lock, out of the rack; the filter untouched
        assert "cryo-lock" not in editor.session.roster.rack and len(editor.session.roster.rack) == 11
        assert editor.query_one("#rack-filter", Input).value == ""

        await pilot.press("slash")  # the filter: a space there is part of the words, and Enter toggles
        assert app.focused.id == "rack-filter"
        await paste(pilot, "cryo lock")
        await pilot.press("enter")
        assert "cryo-lock" in editor.session.roster.rack and len(editor.session.roster.rack) == 12

        await pilot.press("ctrl+r", "ctrl+r")  # to the force and back: the list again, not the filter
        assert app.focused.id == "rack-list"
