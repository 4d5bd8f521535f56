"""A Warmachine entry's weapons and hardpoints are rows with a form each, added, edited and removed in the catalogue
editor's session without a line of TOML typed (issue #34)."""

from __future__ import annotations

import shutil
import tomllib

import pytest

from builder.editing.catalogue import CatalogueEditError, CatalogueSession
from builder.editing.catalogue_form import field_at, kinds_of, row_summary
from builder.editing.catalogue_rows import add_row, remove_row
from builder.editing.storage import Store
from builder.game import GAMES
from catalog.paths import BUNDLED_DIR


def entry_fields():
    """The form's fields of a Warmachine entry (worked out when a test asks, not as each worker collects)."""
    return next(k for k in kinds_of(GAMES["warmachine"].catalogue_model) if k.key == "entries").fields


@pytest.fixture
def session(tmp_path) -> CatalogueSession:
    path = tmp_path / "wm.toml"
    shutil.copy(BUNDLED_DIR / "warmachine-example.toml", path)
    return CatalogueSession.open(path, Store(tmp_path / "data"))


def entry_index(session: CatalogueSession, key: str) -> int:
    return next(row.index for row in session.entries("entries") if row.key == key)


def test_weapons_and_hardpoints_are_rows_whose_columns_are_typed_as_every_field():
    fields = {f.key: f for f in entry_fields()}
    weapons, hardpoints = fields["weapons"], fields["hardpoints"]
    assert (weapons.shape, hardpoints.shape) == ("tables", "tables")
    assert [(c.key, c.shape) for c in weapons.columns] == [
        ("id", "text"),
        ("name", "text"),
        ("kind", "choice"),
        ("rng", "int"),
        ("rof", "int"),
        ("pow", "int"),
        ("keywords", "ids"),
    ]
    assert field_at(weapons.columns, "kind").choices == ("ranged", "melee")
    options = field_at(tuple(fields.values()), "hardpoints.0.options")
    assert options.shape == "tables" and [c.key for c in options.columns] == ["id", "name", "points"]
    assert field_at(tuple(fields.values()), "hardpoints.2.options.1.points").shape == "int"
    assert field_at(tuple(fields.values()), "stats.spd").shape == "int"
    with pytest.raises(KeyError):
        field_at(tuple(fields.values()), "weapons.pow")  # a row's field needs the row


def test_a_row_is_summed_up_by_its_name_and_values():
    weapons = field_at(entry_fields(), "weapons")
    row = {"id": "ice-axe", "name": "Ice Axe", "kind": "melee", "rng": 1, "pow": 14, "keywords": ["reach"]}
    assert row_summary(weapons, row) == "Ice Axe · melee · rng 1 · pow 14 · keywords reach"
    hardpoints = field_at(entry_fields(), "hardpoints")
    slot = {"id": "left-arm", "name": "Left Arm", "options": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}]}
    assert row_summary(hardpoints, slot) == "Left Arm · 2 options"


def test_a_weapon_row_is_added_with_its_stats_set_and_removed_each_an_undo_step(session, tmp_path):
    jack = entry_index(session, "bulwark-warjack")
    before = list(session.data["entries"][jack].get("weapons", []))
    row = add_row(session, "entries", jack, "weapons", "Ice Axe")
    assert row == len(before)
    assert session.data["entries"][jack]["weapons"][row] == {"id": "ice-axe", "name": "Ice Axe", "kind": "ranged"}
    assert not session.problems
    session.set_value("entries", jack, f"weapons.{row}.kind", "melee")
    session.set_value("entries", jack, f"weapons.{row}.rng", 1)
    session.set_value("entries", jack, f"weapons.{row}.pow", 14)
    assert session.data["entries"][jack]["weapons"][row] == {
        "id": "ice-axe",
        "name": "Ice Axe",
        "kind": "melee",
        "rng": 1,
        "pow": 14,
    }
    session.set_value("entries", jack, f"weapons.{row}.pow", 31)
    assert [(p.where, p.field) for p in session.problems] == [(f"entries[{jack}].weapons[{row}].pow", "weapons")]
    session.set_value("entries", jack, f"weapons.{row}.pow", 14)
    assert add_row(session, "entries", jack, "weapons", "Ice Axe") == row + 1
    assert session.data["entries"][jack]["weapons"][row + 1]["id"] == "ice-axe-2"
    remove_row(session, "entries", jack, "weapons", row + 1)
    assert session.undo() == "remove Ice Axe from weapons of Bulwark Warjack"
    assert session.undo() == "add Ice Axe to weapons of Bulwark Warjack"
    session.redo()
    session.save()
    saved = tomllib.loads(session.path.read_text(encoding="utf-8"))["entries"][jack]["weapons"]
    assert saved[-1] == {"id": "ice-axe-2", "name": "Ice Axe", "kind": "ranged"}
    assert saved[row] == {"id": "ice-axe", "name": "Ice Axe", "kind": "melee", "rng": 1, "pow": 14}


def test_a_hardpoint_and_its_options_are_rows_too(session):
    jack = entry_index(session, "bulwark-warjack")
    slots = len(session.data["entries"][jack]["hardpoints"])
    slot = add_row(session, "entries", jack, "hardpoints", "Back")
    assert session.data["entries"][jack]["hardpoints"][slot] == {"id": "back", "name": "Back", "options": []}
    assert [(p.where, p.message) for p in session.problems] == [
        (f"entries[{jack}].hardpoints[{slot}].options", "List should have at least 1 item after validation, not 0")
    ]
    option = add_row(session, "entries", jack, f"hardpoints.{slot}.options", "Smoke Launcher")
    session.set_value("entries", jack, f"hardpoints.{slot}.options.{option}.points", 2)
    assert session.data["entries"][jack]["hardpoints"][slot]["options"] == [
        {"id": "smoke-launcher", "name": "Smoke Launcher", "points": 2}
    ]
    assert not session.problems and slot == slots
    remove_row(session, "entries", jack, f"hardpoints.{slot}.options", 0)
    assert "options" not in session.data["entries"][jack]["hardpoints"][slot]
    remove_row(session, "entries", jack, "hardpoints", slot)
    assert len(session.data["entries"][jack]["hardpoints"]) == slots


def test_a_row_refuses_what_an_entry_refuses(session):
    jack = entry_index(session, "bulwark-warjack")
    with pytest.raises(CatalogueEditError, match="control character"):
        add_row(session, "entries", jack, "weapons", "Axe\x1b]0;x\x07")
    with pytest.raises(CatalogueEditError, match="letters or digits"):
        add_row(session, "entries", jack, "weapons", "!!!")
    with pytest.raises(CatalogueEditError, match="not a list of rows"):
        add_row(session, "entries", jack, "points", "Axe")
    with pytest.raises(CatalogueEditError, match="no field weapons.x"):
        add_row(session, "entries", jack, "weapons.x", "Axe")
    with pytest.raises(CatalogueEditError, match="weapons has no row 100"):
        remove_row(session, "entries", jack, "weapons", 99)
    row = add_row(session, "entries", jack, "weapons", "Axe")
    with pytest.raises(CatalogueEditError, match=r"control character \\x0a"):
        session.set_value("entries", jack, f"weapons.{row}.name", "Axe\nDrop")
