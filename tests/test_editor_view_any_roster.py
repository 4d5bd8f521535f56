"""The editor's panes, as the plain view the editor draws (`view_of` and the adapter's inspection of each line), for
any roster `validate` can read however illegal and for each bundled example: every line inspects, every inspector
row is labelled, every gauge draws (the editor opening one of them at 80×24 and walking its rows:
tests/test_tui_small_screen.py)."""

from __future__ import annotations

import pytest

from builder.cli import main
from builder.editing.session import EditSession
from builder.editing.storage import Store
from builder.editing.view import view_of
from builder.game import game
from builder.roster.files import read_roster
from builder.tui.widgets.inspector import meter_bar
from tests.fixtures.tui.pilot import example_copy
from tests.test_tui_small_screen import ODD_ROSTERS

EXAMPLE_ROWS = {
    "warmachine-example.toml": ("warmachine", 9),
    "mcwarrior-rustbucket.toml": ("mcwarrior", 2),
    "warsurge-499.toml": ("warsurge", 4),
    "warcaster-marcher-worlds.toml": ("warcaster", 14),
}
"""Each example the editor's walk covered, its game and how many lines its roster list shows."""


def every_inspection(path, data) -> tuple[object, list[tuple[str, list[str]]]]:
    """The roster's editor view as it opens, and each of its lines' inspector row keys (every line inspected, every
    gauge drawn), as the editor works them out."""
    loaded = read_roster(path)
    session = EditSession(loaded, Store(data))
    adapter = game(loaded.roster.game).edits(loaded.catalogue)
    view = view_of(session.roster, session.report, adapter)
    rows = []
    for line in view.lines:
        inspection = adapter.inspect(session.roster, line.key)
        assert inspection is not None, line.key
        if inspection.meter is not None:
            assert meter_bar(inspection.meter).plain.startswith(inspection.meter.label)
        assert all(row.label and row.key for row in inspection.rows), line.key
        rows.append((line.key, [row.key for row in inspection.rows]))
    return view, rows


@pytest.mark.parametrize("game_id", sorted(ODD_ROSTERS))
def test_any_roster_validate_can_read_however_illegal_has_a_view_and_an_inspection_of_each_line(tmp_path, game_id):
    path = tmp_path / f"odd-{game_id}.toml"
    path.write_text('warbench = 1\nname = "Odd"\n' + ODD_ROSTERS[game_id], encoding="utf-8")
    assert main(["validate", str(path)]) == 1  # readable, and illegal
    view, rows = every_inspection(path, tmp_path / "data")
    assert (view.game, view.title, view.errors > 0) == (game_id, "Odd", True)
    first = {
        "mcwarrior": ("mechs[0]", 15, "upgrades.legs"),
        "warsurge": ("units[0]", 4, "label"),
        "warcaster": ("units[0]", 6, "attachments[1]"),
    }[game_id]
    assert view.selected == first[0] and view.inspection is not None  # the first entry's loadout, opened by Enter
    assert (len(view.inspection.rows), view.inspection.rows[-1].key) == first[1:]
    assert dict(rows)[first[0]] == [row.key for row in view.inspection.rows]


@pytest.mark.parametrize("example", sorted(EXAMPLE_ROWS))
def test_each_examples_lines_inspect(tmp_path, example):
    view, rows = every_inspection(example_copy(tmp_path, example), tmp_path / "data")
    assert (view.game, len(view.lines)) == EXAMPLE_ROWS[example]
    assert view.errors == 0 and any(len(keys) >= 3 for _, keys in rows)  # an entry with a few rows to walk
