"""Names and summaries from a catalogue or a player: plain text with a role, shown exactly as typed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.spans import spans, title
from builder.tui.spans import content
from tests.conftest import EXAMPLES


@given(st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=40))
def test_a_title_span_shows_exactly_as_given_and_styles_only_itself(text):
    shown = content(spans(title(text), " and ", text))
    assert shown.plain == f"{text} and {text}"
    assert [(span.start, span.end) for span in shown.spans] == ([(0, len(text))] if text else [])


MARKUP_NAMES = ["[/]", "[@click=app.quit]quit[/]", "army[link=x:y]", "ends with a backslash \\"]
MARKUP_NAME = " ".join(MARKUP_NAMES)
"""Every markup-like piece in one name: a screen that read any of it as markup would fail on "[/]" or lose a tag."""


async def test_names_and_file_names_that_look_like_markup_show_as_typed(tmp_path):
    """A name or a file name from a stranger is never read as markup: opening, editing, saving and the toasts
    all show it as typed, and no action runs; a Cypher's name in the rack too."""
    from builder.roster.files import read_roster
    from builder.tui.app import make_app
    from tests.fixtures.tui.pilot import wait_loaded

    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path)
    catalogue = tmp_path / "own.toml"  # a catalogue of its own, whose Cryo Lock is a markup-like Cypher
    text = (EXAMPLES.parent.parent / "catalog" / "data" / "warcaster-nm.toml").read_text(encoding="utf-8")
    catalogue.write_text(text.replace('name = "Cryo Lock"', 'name = "[/][@click=app.quit]Cryo"', 1), encoding="utf-8")
    path = tmp_path / f"{MARKUP_NAME.replace('/', '_').replace(chr(92), '_')}.toml"
    text = (EXAMPLES / "warcaster-marcher-worlds.toml").read_text(encoding="utf-8")
    text = text.replace('catalogue = "warcaster-nm"', 'catalogue = "own.toml"')
    path.write_text(text.replace("Will's Marcher force", MARKUP_NAME.replace("\\", "\\\\")), encoding="utf-8")
    assert "[@click=app.quit]quit[_]" in path.name and "[link=x:y]" in path.name
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_path(path)
        await wait_loaded(pilot)
        editor = app.screen
        assert editor.session.roster.name == MARKUP_NAME
        assert MARKUP_NAME.rstrip("\\") in str(editor.query_one("#header").render())
        await pilot.press("ctrl+s")  # its toast names the file, markup-like name and all
        assert app.is_running and app.screen is editor and not editor.session.dirty
        await pilot.press("ctrl+r")  # the rack: a Cypher's markup-like name, as typed
        rack = editor.query_one("#rack")
        rack.highlight("cryo-lock")
        await pilot.pause()
        assert "[/][@click=app.quit]Cryo" in str(editor.query_one("#rack-detail").render())
        assert app.is_running
        await pilot.press("ctrl+w")  # the start screen lists it among the recent rosters
        assert type(app.screen).__name__ == "StartScreen"
        await pilot.press("down", "down")  # past "Open a file…" and the heading, describing the recent roster
        assert app.screen.query_one("#start-list").highlighted_option.id == "recent:0"
        assert MARKUP_NAME in str(app.screen.query_one("#start-detail").render())
        assert app.is_running and type(app.screen).__name__ == "StartScreen"
    assert read_roster(path).roster.name == MARKUP_NAME


async def test_catalogue_names_that_look_like_markup_show_as_typed_in_every_pane(tmp_path):
    """A player's own catalogue is someone's file too: its names reach the catalogue browser, the roster list,
    the loadout pane, the totals and the findings as typed."""
    from builder.tui.app import make_app
    from tests.conftest import FIXTURES
    from tests.fixtures.tui.pilot import shown_codes, wait_loaded

    strange = "[/][@click=app.quit]Marsh [link=x:y]Rangers"
    catalogue = tmp_path / "own.toml"
    catalogue.write_text(
        (FIXTURES / "warsurge-own-catalogue.toml")
        .read_text(encoding="utf-8")
        .replace('name = "Marsh Rangers"', f'name = "{strange}"', 1),
        encoding="utf-8",
    )
    roster = tmp_path / "army.toml"
    roster.write_text(
        'warbench = 1\ngame = "warsurge"\ncatalogue = "own.toml"\nname = "[b]Army"\npoint_limit = 10\n'
        '\n[[units]]\nid = "marsh-rangers"\nmodels = 5\n',
        encoding="utf-8",
    )
    app = make_app(roster, data_dir=tmp_path / "data")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_loaded(pilot)
        editor = app.screen
        assert "warsurge/point-limit" in shown_codes(app)  # findings drawn with the name in them
        assert strange in editor.view.lines[1].label  # the roster list draws this line
        editor.query_one("#roster-list").select_key("units[0]")  # the unit's loadout
        await pilot.pause()
        assert strange in str(editor.query_one("#inspector-title").render())
        await pilot.press("ctrl+f")  # the browser, with its detail of the highlighted entry
        await pilot.press("down", "down")
        assert app.is_running


def test_a_name_and_its_figures_cut_the_name_first():
    from builder.tui.widgets.text import name_and_figures

    assert name_and_figures("Ursus strike force", "434.3/434.3 (100%)", 40) == "Ursus strike force  434.3/434.3 (100%)"
    assert name_and_figures("Ursus strike force", "434.3/434.3 (100%)", 34) == "Ursus strike …  434.3/434.3 (100%)"
    assert name_and_figures("Ursus strike force", "434.3/434.3 (100%)", 12) == "434.3/434.3…"


@pytest.mark.parametrize("width", [18, 22, 26, 30, 40])
def test_a_catalogue_detail_never_splits_a_stat_from_its_value(width):
    """The Warcaster browser's detail, laid out for a narrow pane: "DEF" is never left at a row's end, its value on
    the next (the pane draws it as `KeptPairs` does)."""
    from builder.catalogues import load_catalogue
    from builder.games.warcaster.editing import WarcasterAdapter
    from builder.spans import plain
    from builder.tui.spans import content
    from builder.tui.widgets.text import KeptPairs

    adapter = WarcasterAdapter(load_catalogue("warcaster-nm"))
    detail = adapter.unit_detail(adapter.catalogue.unit("razorbat"))
    pairs = [pair.replace("\u00a0", " ") for pair in plain(detail).split("\n")[1].split("  ")]
    assert pairs[:4] == ["DC 3", "DMG 4", "3 WP", "SPD 8"] and "DEF 3" in pairs
    rows = [row.replace("\u00a0", " ") for row in KeptPairs(content(detail)).content(width).plain.split("\n")]
    assert all(any(pair in row for row in rows) for pair in pairs)  # each pair whole on one row
    assert all(len(row) <= width for row in rows if " " in row.strip())  # only a word wider than the pane overflows


@pytest.mark.parametrize("width", [18, 24, 30])
def test_a_warsurge_unit_detail_keeps_each_stat_with_its_value(width):
    """The Warsurge browser's detail too: "HP" is never left at a row's end with its 10 on the next."""
    from builder.catalogues import load_catalogue
    from builder.games.warsurge.editing import WarsurgeAdapter
    from builder.spans import plain
    from builder.tui.spans import content
    from builder.tui.widgets.text import KeptPairs

    adapter = WarsurgeAdapter(load_catalogue("warsurge-examples"))
    entry = adapter.catalogue.units[0]
    detail = adapter.unit_detail(entry)
    pairs = [pair.replace("\u00a0", " ") for pair in plain(detail).split("\n")[1].split("  ")]
    assert pairs[0] == f"MOV {entry.move}" and pairs[3] == f"HP {entry.hp}" and len(pairs) == 6
    rows = [row.replace("\u00a0", " ") for row in KeptPairs(content(detail)).content(width).plain.split("\n")]
    assert all(any(pair in row for row in rows) for pair in pairs)
