"""What `catalog check` and the catalogue editor warn of in a Warmachine catalogue, never stopping it loading: a
warjack without its damage grid or boxes (the runtime gives it 1 box), a Leader without the FOC its focus comes from."""

from __future__ import annotations

import copy
import tomllib

import pytest

from builder.catalogues import catalogue_warnings, parse_catalogue
from builder.editing.catalogue import CatalogueSession
from builder.editing.storage import Store
from builder.games.warmachine.focus import battlegroups
from builder.games.warmachine.roster import WarmachineRoster
from catalog.paths import BUNDLED_DIR

DAMAGE = "no damage grid or damage boxes: its card and the battle give it 1 box"
FOC = "no FOC: in a battle it has 0 focus (or fury) each turn to allocate"
EXAMPLE = tomllib.loads((BUNDLED_DIR / "warmachine-example.toml").read_text(encoding="utf-8"))


def at(data: dict, entry_id: str) -> int:
    return next(i for i, e in enumerate(data["entries"]) if e["id"] == entry_id)


def warned(data: dict) -> list[tuple[str, str, str]]:
    return [(w.code, w.path, w.message) for w in catalogue_warnings(parse_catalogue(data, "wm.toml"))]


def test_the_example_catalogue_has_nothing_to_warn_of():
    assert warned(EXAMPLE) == []


def test_a_warjack_without_grid_or_damage_is_warned_of_at_its_damage():
    data = copy.deepcopy(EXAMPLE)
    sparrow, bulwark = at(data, "sparrow-light-warjack"), at(data, "bulwark-warjack")
    del data["entries"][sparrow]["damage"]
    data["entries"][bulwark]["grid"] = []
    assert warned(data) == [
        ("warmachine/warjack-damage", f"entries[{bulwark}].damage", DAMAGE),
        ("warmachine/warjack-damage", f"entries[{sparrow}].damage", DAMAGE),
    ]
    assert parse_catalogue(data, "wm.toml").entry("sparrow-light-warjack").boxes() == 1  # what it loads as


def test_a_solo_with_one_wound_is_no_warning():
    data = copy.deepcopy(EXAMPLE)
    del data["entries"][at(data, "field-mechanik")]["damage"]
    assert warned(data) == []


def test_a_leader_without_foc_is_warned_of_at_its_foc_and_plays_with_0_focus():
    data = copy.deepcopy(EXAMPLE)
    varr = at(data, "commander-ysolde-varr")
    del data["entries"][varr]["stats"]["foc"]
    assert warned(data) == [("warmachine/leader-foc", f"entries[{varr}].stats.foc", FOC)]
    catalogue = parse_catalogue(data, "wm.toml")
    roster = WarmachineRoster.model_validate(
        {
            "warbench": 1,
            "game": "warmachine",
            "catalogue": "x",
            "points": 30,
            "units": [{"id": "commander-ysolde-varr"}],
        }
    )
    assert battlegroups(roster, catalogue)[0].stat == 0
    del data["entries"][varr]["stats"]
    assert warned(data) == [("warmachine/leader-foc", f"entries[{varr}].stats.foc", FOC)]


@pytest.fixture
def session(tmp_path) -> CatalogueSession:
    path = tmp_path / "wm.toml"
    path.write_text((BUNDLED_DIR / "warmachine-example.toml").read_text(encoding="utf-8"), encoding="utf-8")
    return CatalogueSession.open(path, Store(tmp_path / "store"))


def test_the_editor_leads_each_warning_to_its_field(session):
    sparrow, varr = at(session.data, "sparrow-light-warjack"), at(session.data, "commander-ysolde-varr")
    session.set_value("entries", sparrow, "damage", None)
    session.set_value("entries", varr, "stats.foc", None)
    assert [(w.shown_where, w.message, w.index, w.field) for w in session.warnings] == [
        ("Commander Ysolde Varr · stats.foc", FOC, varr, "stats.foc"),
        ("Sparrow Light Warjack · damage", DAMAGE, sparrow, "damage"),
    ]
    assert session.problems == []


def test_a_controller_that_is_no_leader_is_not_asked_for_foc():
    """A 'jack marshal controls a battlegroup, and its card has no FOC."""
    data = copy.deepcopy(EXAMPLE)
    mechanik = data["entries"][at(data, "field-mechanik")]
    mechanik["controller"] = True
    mechanik.get("stats", {}).pop("foc", None)
    assert warned(data) == []
