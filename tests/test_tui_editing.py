"""The editor's keys reach its edits and its panes show them: the rack tab, a Cypher taken out, its finding followed
to the rack and undone, a rule broken by a typed name, a chooser's warning, Del on a row (what each edit does to the
roster, its findings and its undo history is checked without a screen in tests/test_warcaster_editing.py)."""

from __future__ import annotations

from textual.widgets import Input

from builder.tui.app import make_app
from tests.fixtures.tui.pilot import (
    choose,
    example_copy,
    go_to_row,
    notifications,
    paste,
    type_text,
    wait_loaded,
)


def shown_codes(screen) -> list[str]:
    return [f.code for f in screen.query_one("#findings").findings]


async def test_break_rules_see_their_codes_undo_and_follow_findings_to_their_entries(tmp_path):
    from textual.widgets import TabbedContent

    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data")
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        editor = app.screen
        status = editor.query_one("#header")

        # The tabs show the rack on a click and name its size; Ctrl+R goes back and forth
        tabs = editor.query_one(TabbedContent)
        assert [str(tabs.get_tab(pane).label) for pane in ("tab-force", "tab-rack")] == ["Force", "Rack 12"]
        await pilot.click(tabs.get_tab("tab-rack"))
        assert tabs.active == "tab-rack"
        assert editor.query_one("#rack").display  # built on first showing
        await pilot.press("ctrl+r")
        assert tabs.active == "tab-force" and app.focused.id == "roster-list"

        # A Cypher toggled in the rack is a change; a rack finding opens the rack on its Cypher
        await pilot.press("ctrl+r", "slash")  # the Cypher list, then its filter (tests/test_warcaster_rack_keys.py)
        await paste(pilot, "cryo lock")
        await pilot.press("enter")  # take Cryo-Lock out: 11 Cyphers, 2 Fury
        assert "cryo-lock" not in editor.session.roster.rack
        assert str(tabs.get_tab("tab-rack").label) == "Rack 11"
        assert shown_codes(editor) == ["warcaster/rack-size", "warcaster/rack-types"]
        await pilot.press("ctrl+r")  # back to the force
        assert tabs.active == "tab-force"
        await pilot.press("ctrl+g", "enter")
        assert tabs.active == "tab-rack"
        assert app.focused.id == "rack-list"
        await pilot.press("ctrl+z", "ctrl+r")  # Cryo-Lock back; back to the force
        assert "cryo-lock" in editor.session.roster.rack

        # Break a rule (undone and redone by keys: tests/test_warsurge_tui.py)
        assert shown_codes(editor) == [] and status.has_class("-legal")
        await pilot.press("ctrl+f")
        await type_text(pilot, "dusk")  # typed: the filter takes letters that are keys elsewhere (d duplicates)
        await pilot.press("enter")  # a third Dusk Wolf: legal (4 of a kind allowed) but no cortex
        assert [unit.id for unit in editor.session.roster.units[14:]] == ["dusk-wolf"]
        assert "warcaster/cortex" in shown_codes(editor)
        assert status.has_class("-illegal") and not status.has_class("-legal")
        assert editor.query_one("#roster-list").flagged == frozenset({"units[14]"})
        assert app.focused.id == "browser-filter"  # adding keeps the filter, ready for the next name
        # Tab goes round the panes in this order (Textual's Tab follows the focus chain; the force/rack tab strip
        # has no id of its own)
        panes = [pane.id for pane in editor.focus_chain if pane.id]
        assert panes == ["browser-filter", "browser-list", "roster-list", "inspector-rows", "findings"]
        # (Ctrl+Z and Ctrl+Y, and what they say: tests/test_warsurge_tui.py; the session's undo and redo of this
        # Dusk Wolf: tests/test_warcaster_editing.py)

        # (Following a finding to its entry's row, and the focus it leaves there: tests/test_warmachine_tui.py; to the
        # rack, above; the row a Dusk Wolf's cortex finding names: tests/test_warcaster_editing.py)

        # A chooser shows why a choice breaks a rule, and takes it anyway; Del clears a row
        roster_list = editor.query_one("#roster-list")
        roster_list.focus()
        roster_list.highlighted = 4  # the first Ranger Fire Team
        await pilot.pause()
        assert editor.selected == "units[4]"
        await pilot.press("enter")
        await choose(pilot, "attachments+", "warder")
        assert editor.session.roster.units[4].attachments == ["warder"]
        assert editor.query_one("#roster-list").lines[4].cost == "DC 3"
        await pilot.press("enter")  # the add row again: Warder is offered with its reason
        dialog = app.screen
        assert [(c.label, c.reason) for c in dialog.prompt.choices] == [("Warder", "already attached: one of each")]
        await pilot.press("enter")  # taken anyway: it says so, and the finding follows
        assert any(m.startswith("Warder: already attached") for m in said)
        assert "warcaster/attachment-duplicate" in shown_codes(editor)
        await go_to_row(pilot, "attachments[0]")
        await pilot.press("delete")
        assert editor.session.roster.units[4].attachments == ["warder"]

        # A click (a tap) on a catalogue entry shows it; a second one on it adds it
        editor.query_one("#browser-filter", Input).value = ""  # every entry again, the first highlighted
        browser = editor.query_one("#browser-list")
        await pilot.pause()
        units = len(editor.session.roster.units)
        await pilot.click(browser, offset=(4, 2))  # the second entry
        assert (len(editor.session.roster.units), browser.highlighted) == (units, 2)
        await pilot.click(browser, offset=(4, 2))
        await pilot.pause()
        assert len(editor.session.roster.units) == units + 1 and browser.highlighted == 2
