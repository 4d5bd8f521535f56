"""Warcaster editing without a screen: the rack, a broken force undone and redone, findings that name their entry
and row, squad attachments (the keys that reach these are checked in tests/test_tui_editing.py)."""

from __future__ import annotations

import pytest

from builder.editing.base import Choice
from builder.editing.findpath import Location
from builder.editing.session import EditSession
from builder.editing.storage import Store
from builder.editing.view import view_of
from builder.game import game
from builder.roster.files import read_roster
from tests.fixtures.tui.pilot import example_copy


@pytest.fixture
def marcher(tmp_path) -> tuple[EditSession, object]:
    """A session on a copy of the Marcher Worlds example (14 units, a legal rack of 12), with its edits."""
    session = EditSession(read_roster(example_copy(tmp_path)), Store(tmp_path / "data"))
    return session, game(session.game).edits(session.catalogue)


def test_the_rack_tab_is_named_for_its_size_and_a_cypher_taken_out_breaks_the_rack_rules_there(marcher):
    session, adapter = marcher
    assert adapter.extra(session.roster) == {"rack": "Rack 12"}
    session.change("remove cypher cryo-lock", lambda r: adapter.set_cypher(r, "cryo-lock", False))
    assert "cryo-lock" not in session.roster.rack and adapter.extra(session.roster) == {"rack": "Rack 11"}
    assert session.report.codes() == ["warcaster/rack-size", "warcaster/rack-types"]
    assert {adapter.locate(f.path) for f in session.report.findings} == {Location("rack", None, "")}
    assert session.undo() == "remove cypher cryo-lock"
    assert session.roster.rack[0] == "cryo-lock" and session.report.findings == ()


def test_a_third_dusk_wolf_and_a_sixteenth_unit_are_flagged_and_undo_and_redo_walk_them_back(marcher):
    session, adapter = marcher
    assert view_of(session.roster, session.report, adapter).errors == 0
    assert session.change("add Dusk Wolf", lambda r: adapter.add(r, "dusk-wolf")) == "units[14]"
    assert len(session.roster.units) == 15  # four of a kind are allowed, but it has no cortex yet
    assert "warcaster/cortex" in session.report.codes() and "warcaster/force-size" not in session.report.codes()
    view = view_of(session.roster, session.report, adapter)
    assert view.errors == 1 and view.flagged == frozenset({"units[14]"})
    session.change("add Hunter", lambda r: adapter.add(r, "hunter"))
    assert "warcaster/force-size" in session.report.codes()
    view = view_of(session.roster, session.report, adapter)
    assert view.errors == 2 and view.flagged == frozenset({"units[14]", "units[15]"})

    assert session.undo() == "add Hunter"
    assert len(session.roster.units) == 15 and "warcaster/force-size" not in session.report.codes()
    assert session.undo() == "add Dusk Wolf"
    assert len(session.roster.units) == 14 and session.report.findings == () and not session.dirty
    assert session.redo() == "add Dusk Wolf" and session.redo() == "add Hunter"
    assert [u.id for u in session.roster.units[-2:]] == ["dusk-wolf", "hunter"]
    assert "warcaster/force-size" in session.report.codes()
    assert session.redo() is None and len(session.roster.units) == 16  # nothing left to redo


def test_a_finding_names_its_entry_and_row_and_the_row_takes_the_missing_choice(marcher):
    session, adapter = marcher
    session.change("add Dusk Wolf", lambda r: adapter.add(r, "dusk-wolf"))
    cortex = next(f for f in session.report.findings if f.code == "warcaster/cortex")
    place = adapter.locate(cortex.path)
    assert place == Location("units", 14, "cortex") and place.line_key == "units[14]"
    assert next(row.key for row in adapter.inspect(session.roster, "units[14]").rows) == "cortex"
    session.change("change cortex", lambda r: adapter.choose(r, "units[14]", "cortex", "scout-cortex"))
    assert session.roster.units[14].cortex == "scout-cortex"
    assert "warcaster/cortex" not in session.report.codes()


def test_a_squad_is_offered_only_what_can_join_and_a_second_warder_says_why_before_it_is_a_finding(marcher):
    session, adapter = marcher
    squad = "units[4]"  # the first Ranger Fire Team
    assert adapter.lines(session.roster)[4][:3] == (squad, "Ranger Fire Team", "DC 2")
    assert adapter.choices(session.roster, squad, "attachments+").choices == (Choice("warder", "Warder", "+1 DC"),)
    session.change("change attachments+", lambda r: adapter.choose(r, squad, "attachments+", "warder"))
    assert session.roster.units[4].attachments == ["warder"]
    assert adapter.lines(session.roster)[4].cost == "DC 3"
    assert [(c.label, c.detail, c.reason) for c in adapter.choices(session.roster, squad, "attachments+").choices] == [
        ("Warder", "+1 DC", "already attached: one of each")
    ]
    session.change("change attachments+", lambda r: adapter.choose(r, squad, "attachments+", "warder"))
    assert session.roster.units[4].attachments == ["warder", "warder"]
    assert "warcaster/attachment-duplicate" in session.report.codes()
    session.undo()
    assert next(row for row in adapter.inspect(session.roster, squad).rows if row.key == "attachments[0]").clearable
    session.change("clear attachments[0]", lambda r: adapter.clear(r, squad, "attachments[0]"))
    assert session.roster.units[4].attachments == [] and session.report.findings == ()
