"""The Marcher force's editor at 80×24, in one app run: a catalogue name too long for its row goes on over two, the
detail below the fold scrolls by keys, a help line too long wraps under its description, and the roster's QR scans
from the screen; then the rack builder's keys reach what its footer offers: Ctrl+R lands on the Cypher list, where
the footer says Space toggles and Space does (it typed into the filter), and / moves to the filter, where a space is
part of the words. (What a toggle does to the roster, its findings and its undo: tests/test_warcaster_editing.py.)"""

from __future__ import annotations

from textual.widgets import Footer, Input

from builder.tui.app import make_app
from tests.fixtures.tui.pilot import example_copy, paste, wait_loaded
from tests.fixtures.tui.screen import codes_and_text, screen_text
from tests.test_tui_small_screen import roster_code


async def test_the_marcher_editor_at_80_columns_keeps_names_detail_help_and_qr_and_ctrl_r_space_toggles(tmp_path):
    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        editor = app.screen

        # A catalogue name too long for its row goes on over two
        shown = screen_text(app)
        column = [line[1:26] for line in shown.splitlines()[3:14]]  # the list, left of its scrollbar
        listed = " ".join(" ".join(column).split())
        for name in ("Ranger Fire Team ×3 DC 2", "Ranger Heavy Support ×1 DC 2", "Strike Raptor ×2 8 WP"):
            assert name in listed, listed
        assert "…" not in listed

        # The catalogue detail below the fold scrolls by keys from the filter and from the list
        detail = app.screen.query_one("#browser-detail-scroll")
        assert detail.max_scroll_y > 0 and "ARM" not in shown  # the Dusk Wolf's DEF and ARM: below
        await pilot.press("shift+down")  # from the filter
        await pilot.pause()
        assert detail.scroll_y > 0 and "ARM" in screen_text(app)
        app.screen.query_one("#browser-list").focus()
        await pilot.press("shift+up")  # from the list
        await pilot.pause()
        assert detail.scroll_y == 0

        # A help line too long for 80 columns wraps under its description
        await pilot.press("f1")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        at = next(i for i, line in enumerate(lines) if "Ctrl+O  Open a roster" in line)
        start = lines[at].index("Open a roster")
        assert lines[at + 1].find("catalogue from its code") == start, lines[at + 1]  # under its first line
        await pilot.press("escape")

        # The roster's QR scans from the screen (and again when the terminal grows: the share dialog's test in
        # tests/test_tui_small_screen.py)
        await pilot.press("ctrl+k")
        await pilot.pause()
        dialog = app.screen
        assert dialog.code == roster_code(app.screen_stack[-2].session) and dialog.qr.version >= 4
        codes, shown = codes_and_text(app)
        assert codes == [dialog.code]
        assert "Esc close" in shown and dialog.code[:4] in shown  # the code and the keys are on screen too
        await pilot.press("escape")

        # The rack builder's keys
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
