"""Warmachine editing without a screen: the settings line's variant, points level and leader, a finding that names
its row, and a lone attachment joined to a squad and saved (the keys that reach these are checked in
tests/test_warmachine_tui.py)."""

from __future__ import annotations

import pytest
import tomli_w

from builder.editing.findpath import Location
from builder.editing.session import EditSession
from builder.editing.stepping import SETTINGS
from builder.editing.storage import Store
from builder.game import game
from builder.roster.files import read_roster
from builder.rules import validate
from tests.conftest import EXAMPLES
from tests.warmachine_attachments import with_foreman


@pytest.fixture
def army(tmp_path) -> tuple[EditSession, object]:
    """A session on a copy of the Warmachine example (75 points, a battlegroup, two Rivetgun Squads)."""
    path = tmp_path / "army.toml"
    path.write_text((EXAMPLES / "warmachine-example.toml").read_text(encoding="utf-8"), encoding="utf-8")
    session = EditSession(read_roster(path), Store(tmp_path / "data"))
    return session, game(session.game).edits(session.catalogue)


def shown_totals(session, adapter) -> list[str]:
    return [f"{item.label} {item.value}" for item in adapter.totals(session.roster, session.report)]


def test_the_reduced_fa_variant_is_broken_by_a_second_squad_and_undone(army):
    session, adapter = army
    assert not any(item.startswith("Variant") for item in shown_totals(session, adapter))
    session.change("change variant", lambda r: adapter.choose(r, SETTINGS, "variant", "reduced-fa"))
    assert session.roster.variant == "reduced-fa"
    assert session.report.codes() == ["warmachine/reduced-fa"]
    assert "Variant Reduced FA" in shown_totals(session, adapter)
    assert session.undo() == "change variant"
    assert session.roster.variant == "standard" and session.report.findings == ()


def test_a_points_level_typed_over_is_found_on_its_settings_row_and_steps_by_five(army):
    session, adapter = army
    session.change("set points", lambda r: adapter.answer(r, SETTINGS, "points", "50"))
    assert session.roster.points == 50 and session.report.codes() == ["warmachine/points"]
    [finding] = session.report.findings
    place = adapter.locate(finding.path)
    assert place == Location("settings", 0, "points") and place.line_key == SETTINGS
    assert session.undo() == "set points" and session.roster.points == 75
    for _ in range(3):
        assert session.change("step points", lambda r: adapter.step(r, SETTINGS, "points", +1))
    assert session.roster.points == 90 and session.report.findings == ()
    session.change("leader", lambda r: adapter.choose(r, SETTINGS, "leader", "marshal-odo-brask"))
    session.save()
    saved = read_roster(session.path)
    assert (saved.roster.points, saved.roster.units[0].id) == (90, "marshal-odo-brask")
    assert validate(saved.roster, saved.catalogue).findings == ()


def test_a_lone_attachment_s_finding_names_its_joins_row_and_the_squad_chosen_is_saved(tmp_path):
    catalogue = with_foreman().model_dump(by_alias=True, exclude_unset=True)
    (tmp_path / "foreman.toml").write_text(tomli_w.dumps(catalogue), encoding="utf-8")
    text = (EXAMPLES / "warmachine-example.toml").read_text(encoding="utf-8")
    text = text.replace('catalogue = "warmachine-example"', 'catalogue = "./foreman.toml"')
    path = tmp_path / "army.toml"
    path.write_text(text.replace("points = 75", "points = 78") + '\n[[units]]\nid = "rivetgun-foreman"\n', "utf-8")
    session = EditSession(read_roster(path), Store(tmp_path / "data"))
    adapter = game(session.game).edits(session.catalogue)
    [finding] = session.report.findings
    assert finding.code == "warmachine/attachment"
    assert adapter.locate(finding.path) == Location("units", 8, "attached_to")
    labels = {c.key: c.label for c in adapter.choices(session.roster, "units[8]", "attached_to").choices}
    assert labels["4"] == "Rivetgun Squad (unit 5)"  # what "unit 5" typed in the chooser finds
    session.change("joins", lambda r: adapter.choose(r, "units[8]", "attached_to", "4"))
    assert session.roster.units[8].attached_to == 4 and session.report.findings == ()
    session.save()
    saved = read_roster(path)
    assert saved.roster.units[8].attached_to == 4 and validate(saved.roster, saved.catalogue).findings == ()
