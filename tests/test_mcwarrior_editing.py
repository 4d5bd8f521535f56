"""McWarrior editing without a screen: a new skirmish roster, a warband's mechs duplicated, renamed and removed, a
skill given, warband mode switched off, a part over budget undone, saved and read back (the keys that reach these
are checked in tests/test_mcwarrior_tui.py)."""

from __future__ import annotations

import shutil

import pytest

from builder.editing.session import EditSession
from builder.editing.stepping import SETTINGS, whole_number
from builder.editing.storage import Store
from builder.editing.view import view_of
from builder.game import game
from builder.roster.files import read_roster
from builder.rules import validate
from tests.conftest import EXAMPLES


@pytest.fixture
def warband(tmp_path) -> tuple[EditSession, object]:
    """A session on a copy of the warband example (four mechs, two districts), with its edits."""
    path = tmp_path / "warband.toml"
    shutil.copy(EXAMPLES / "mcwarrior-warband.toml", path)
    session = EditSession(read_roster(path), Store(tmp_path / "data"))
    return session, game(session.game).edits(session.catalogue)


def shown_totals(session, adapter) -> list[str]:
    return [f"{item.label} {item.value}" for item in adapter.totals(session.roster, session.report)]


def test_a_new_skirmish_roster_refuses_a_negative_budget_and_starts_with_a_new_mech(tmp_path):
    from builder.catalogues import load_catalogue

    catalogue = load_catalogue("mcwarrior")
    adapter = game("mcwarrior").edits
    budget = adapter.new_roster_fields(catalogue, {"mode": "skirmish"})[-1]
    assert budget.label == "Bolts per mech" and budget.default == 40
    with pytest.raises(ValueError, match=r"^Bolts per mech must be 1 to 100000, not -5$"):
        whole_number("-5", *budget.bounds, budget.label)
    assert whole_number("40", *budget.bounds, budget.label) == 40
    roster = adapter.new_roster("mcwarrior", catalogue, {"mode": "skirmish", "budget": 40}, "Scrapyard")
    assert (roster.name, roster.budget, roster.districts) == ("Scrapyard", 40, None)
    assert adapter(catalogue).browser(roster)[0][:3] == ("new-mech", "New mech", "Mechs")
    assert adapter(catalogue).add(roster, "new-mech") == "mechs[0]" and len(roster.mechs) == 1


def test_a_duplicated_mech_breaks_the_warbands_rules_until_it_is_renamed_and_removed(warband):
    session, adapter = warband
    assert shown_totals(session, adapter)[:2] == ["Warband 145/170 (150+10×2)", "Mechs 4/4"]
    assert session.change("duplicate Rustbucket", lambda r: adapter.duplicate(r, "mechs[0]")) == "mechs[1]"
    assert [m.name for m in session.roster.mechs][:2] == ["Rustbucket", "Rustbucket 2"]
    assert set(session.report.codes()) == {
        "mcwarrior/warband-size",
        "mcwarrior/pilot-unique",
        "mcwarrior/warband-budget",
        "mcwarrior/pilot-skill-repeat",
    }
    session.change("rename", lambda r: adapter.answer(r, "mechs[1]", "name", "Rust II"))
    assert session.roster.mechs[1].name == "Rust II"
    assert session.change("remove Rust II", lambda r: adapter.remove(r, "mechs[1]")) == "mechs[1]"
    assert [m.name for m in session.roster.mechs] == ["Rustbucket", "Ironclad", "Dust Devil", "Lantern"]
    assert session.report.findings == ()


def test_a_skill_goes_to_a_mech_and_warband_mode_off_budgets_each_mech(warband):
    session, adapter = warband
    session.change("give skill fighter", lambda r: adapter.give_skill(r, "mechs[1]", "fighter"))
    assert session.roster.mechs[1].skill == "fighter"
    session.change("switch to skirmish", lambda r: adapter.choose(r, SETTINGS, "mode", "skirmish"))
    assert session.roster.districts is None
    assert shown_totals(session, adapter)[:2] == ["Bolts 145", "Rustbucket 36/40"]


def test_a_part_typed_over_budget_is_flagged_undone_stepped_saved_and_read_back(warband):
    session, adapter = warband
    session.change("switch to skirmish", lambda r: adapter.choose(r, SETTINGS, "mode", "skirmish"))
    session.change("set parts.head", lambda r: adapter.answer(r, "mechs[0]", "parts.head", "6"))
    assert session.roster.mechs[0].parts["head"] == 6
    assert session.report.totals.as_dict()["mechs"][0]["bolts"] == 51
    assert session.report.codes() == ["mcwarrior/budget"]
    assert view_of(session.roster, session.report, adapter).flagged == frozenset({"mechs[0]"})
    assert session.undo() == "set parts.head"
    assert session.roster.mechs[0].parts["head"] == 3 and session.report.findings == ()
    assert session.change("step parts.head", lambda r: adapter.step(r, "mechs[0]", "parts.head", +1))
    session.save()
    assert not session.dirty
    saved = read_roster(session.path)
    assert saved.roster.mechs[0].parts["head"] == 4 and saved.roster.districts is None
    assert validate(saved.roster, saved.catalogue).totals.as_dict()["mechs"][0]["bolts"] == 40
