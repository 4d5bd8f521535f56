"""The catalogue editor's session in plain Python: live checks, entries, undo, recovery, saves that keep comments,
and catalogues that build on another."""

from __future__ import annotations

import shutil
import tomllib

import pytest

from builder.catalogues import read_catalogue_file
from builder.cli import main
from builder.editing.catalogue import CatalogueEditError, CatalogueSession
from builder.editing.catalogue_form import HEADER, FieldValueError, kinds_of, parse_value, show_value
from builder.editing.storage import Store
from builder.game import GAMES
from builder.roster.files import read_roster
from builder.rules import validate
from catalog.errors import CatalogueError
from catalog.paths import BUNDLED_DIR
from tests.conftest import FIXTURES

OWN = FIXTURES / "warsurge-own-catalogue.toml"


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(tmp_path / "data")


@pytest.fixture
def own(tmp_path, store) -> CatalogueSession:
    path = tmp_path / "mine.toml"
    shutil.copy(OWN, path)
    return CatalogueSession.open(path, store)


def index_of(session: CatalogueSession, kind: str, key: str) -> int:
    return next(row.index for row in session.entries(kind) if row.key == key)


def test_every_kind_of_every_game_has_its_fields_with_their_meanings():
    kinds = {g: {k.key: k for k in kinds_of(GAMES[g].catalogue_model)} for g in GAMES}
    assert list(kinds["warsurge"]) == [HEADER, "units", "weapons", "perks"]
    assert list(kinds["warcaster"]) == [
        HEADER,
        "formats",
        "factions",
        "rules",
        "weapons",
        "cortexes",
        "units",
        "cyphers",
    ]
    weapon = {f.key: f for f in kinds["warsurge"]["weapons"].fields}
    assert weapon["type"].shape == "choice" and weapon["type"].choices == ("heavy", "battle", "assault")
    assert weapon["range"].meaning == "Range in inches (0 for melee)." and weapon["range"].shape == "int"
    assert weapon["points"].shape == "float" and weapon["ap"].optional
    assert {f.key: f.shape for f in kinds["warsurge"]["units"].fields}["weapons"] == "ids"
    assert kinds["warsurge"]["perks"].keyed_by == "name"


def test_typed_values_are_checked_and_shown_back():
    fields = {f.key: f for f in kinds_of(GAMES["warsurge"].catalogue_model)[2].fields}
    assert parse_value(fields["range"], " 24 ") == 24
    assert parse_value(fields["points"], "3.5") == 3.5 and parse_value(fields["points"], "12") == 12
    assert parse_value(fields["ap"], "") is None
    assert parse_value(fields["perks"], '["Blast 3", "Rapid"]') == ["Blast 3", "Rapid"]
    assert parse_value(fields["perks"], "Blast 3, Rapid") == ["Blast 3", "Rapid"]
    assert parse_value(fields["ap"], "4+") == 4
    unit = {f.key: f for f in kinds_of(GAMES["warsurge"].catalogue_model)[1].fields}
    assert parse_value(unit["armour"], "4+") == 4, "a save is typed as the app writes it"
    assert [show_value(unit[key], 4) for key in ("armour", "aegis", "move")] == ["4+", "4+", "4"]
    assert show_value(fields["ap"], 3) == "3+" and parse_value(fields["ap"], show_value(fields["ap"], 3)) == 3
    with pytest.raises(FieldValueError, match="range: a whole number"):
        parse_value(fields["range"], "far")
    with pytest.raises(FieldValueError, match="type: one of heavy, battle, assault"):
        parse_value(fields["type"], "laser")
    assert show_value(fields["perks"], ["Blast 3", "Rapid"]) == "Blast 3, Rapid"
    assert show_value(fields["perks"], ["a, b"]) == '["a, b"]', "an item with a comma is shown as TOML"
    grid = {f.key: f for f in kinds_of(GAMES["warmachine"].catalogue_model)[2].fields}["grid"]
    rows = [" ..L. ", "..MC.."]
    assert parse_value(grid, show_value(grid, rows)) == rows, "a grid row's spaces survive the form"
    assert "L left arm" in grid.meaning
    warmachine = {f.key: f for f in kinds_of(GAMES["warmachine"].catalogue_model)[0].fields}
    systems = {"L": "left arm", "big one": "x"}
    assert show_value(warmachine["systems"], systems) == '{ L = "left arm", "big one" = "x" }'
    assert parse_value(warmachine["systems"], show_value(warmachine["systems"], systems)) == systems
    assert show_value(fields["ap"], None) == ""


def test_an_edit_rechecks_at_once_and_locates_the_problem(own):
    assert own.problems == []
    unit = own.data["units"][0]["id"]
    own.set_value("units", 0, "hp", 0)
    [problem] = own.problems
    assert (problem.kind, problem.index, problem.field) == ("units", 0, "hp")
    assert problem.message == "at least 1, not 0"
    assert own.undo() == f"hp of {own.data['units'][0]['name']}"
    assert own.problems == [] and not own.dirty and own.data["units"][0]["id"] == unit
    own.redo()
    assert own.problems[0].field == "hp"


def test_add_duplicate_remove_and_rename(own):
    weapon = own.add("weapons", "Goblin Spear")
    assert own.data["weapons"][weapon]["id"] == "goblin-spear"
    assert own.data["weapons"][weapon] == {
        "id": "goblin-spear",
        "name": "Goblin Spear",
        "range": 0,
        "attacks": 0,
        "power": 0,
        "type": "heavy",
        "points": 0,
    }
    assert own.problems == [], "a new entry starts with a placeholder for every key it needs"
    copy = own.duplicate("weapons", weapon)
    assert own.data["weapons"][copy]["id"] == "goblin-spear-copy"
    assert own.add("weapons", "Goblin Spear") != weapon
    assert own.data["weapons"][-1]["id"] == "goblin-spear-2"

    used = own.data["units"][0]["weapons"][0]
    with pytest.raises(CatalogueEditError, match="is used by .*: change those first"):
        own.remove("weapons", index_of(own, "weapons", used))
    own.remove("weapons", copy)
    assert "goblin-spear-copy" not in [w["id"] for w in own.data["weapons"]]

    new = own.rename("weapons", index_of(own, "weapons", used), "Renamed Blade")
    assert new == "renamed-blade" and own.renamed == {used: "renamed-blade"}
    own.rename("weapons", index_of(own, "weapons", "goblin-spear-2"), "Long Spear")
    assert own.renamed == {used: "renamed-blade"}, "an id no saved revision had needs no migrating"
    assert "renamed-blade" in own.data["units"][0]["weapons"] and used not in own.data["units"][0]["weapons"]
    with pytest.raises(CatalogueEditError, match="already the id of another entry"):
        own.rename("weapons", index_of(own, "weapons", "goblin-spear"), "Renamed Blade")


def test_save_raises_the_revision_records_the_change_and_keeps_comments(own, tmp_path):
    original = own.path.read_text(encoding="utf-8")
    comments = [line for line in original.splitlines() if line.lstrip().startswith("#")]
    revision = own.data["revision"]
    used = own.data["units"][0]["weapons"][0]
    own.rename("weapons", index_of(own, "weapons", used), "Renamed Blade")
    own.save("a blade renamed")
    saved = own.path.read_text(encoding="utf-8")
    assert [line for line in saved.splitlines() if line.lstrip().startswith("#")] == comments
    data = tomllib.loads(saved)
    assert data["revision"] == revision + 1
    assert data["changes"][-1] == {
        "revision": revision + 1,
        "renamed": {used: "renamed-blade"},
        "note": "a blade renamed",
    }
    assert read_catalogue_file(own.path).revision == revision + 1
    own.save("nothing new")
    assert tomllib.loads(own.path.read_text(encoding="utf-8"))["revision"] == revision + 1


def test_undo_stops_at_a_save_so_each_revision_and_its_note_are_written_once(own):
    revision = own.data["revision"]
    used = own.data["units"][0]["weapons"][0]
    own.rename("weapons", index_of(own, "weapons", used), "Renamed Blade")
    own.save("a blade renamed")
    assert own.undo() is None and own.data["changes"][-1]["renamed"] == {used: "renamed-blade"}
    own.set_value("units", 0, "points", own.data["units"][0]["points"] + 1)
    assert own.undo() == f"points of {own.data['units'][0]['name']}" and own.undo() is None
    own.set_value("units", 0, "points", own.data["units"][0]["points"] + 2)
    own.save("dearer")
    changes = tomllib.loads(own.path.read_text(encoding="utf-8"))["changes"]
    assert [(c["revision"], c["note"]) for c in changes[-2:]] == [
        (revision + 1, "a blade renamed"),
        (revision + 2, "dearer"),
    ]


def test_a_roster_naming_a_renamed_id_is_migrated_when_it_loads(own, tmp_path):
    used = own.data["units"][0]["weapons"][0]
    unit = own.data["units"][0]["id"]
    roster = tmp_path / "army.toml"
    roster.write_text(
        f'warbench = 1\ngame = "warsurge"\ncatalogue = "mine.toml"\ncatalogue_revision = 1\nname = "A"\npoint_limit = 500\n'
        f'[[units]]\nid = "{unit}"\nmodels = 1\nweapons = {{ {used} = 1 }}\n',
        encoding="utf-8",
    )
    before = validate(read_roster(roster).roster, read_roster(roster).catalogue).totals
    own.rename("weapons", index_of(own, "weapons", used), "Renamed Blade")
    own.save("renamed")
    loaded = read_roster(roster)
    assert dict(loaded.roster.units[0].weapons) == {"renamed-blade": 1}
    assert validate(loaded.roster, loaded.catalogue).totals == before


def test_recovery_keeps_what_was_not_saved(own, store):
    own.set_value(HEADER, 0, "name", "Changed name")
    assert own.recovery_due
    own.autosave()
    text = store.newer_recovery(own.path)
    assert text is not None and 'name = "Changed name"' in text
    again = CatalogueSession.open(own.path, store)
    again.restore(text)
    assert again.data["name"] == "Changed name" and again.dirty
    assert again.undo() == "restore unsaved changes" and not again.dirty


def test_a_catalogue_that_builds_on_a_bundled_one(tmp_path, store, capsys):
    path = tmp_path / "more.toml"
    session = CatalogueSession.new("warsurge", "More Warsurge", path, store, extends="warsurge-examples")
    base_units = len(tomllib.loads((BUNDLED_DIR / "warsurge-examples.toml").read_text())["units"])
    assert len(session.entries("units")) == base_units and all(r.inherited for r in session.entries("units"))
    new = session.add("units", "Goblin Horde")
    for key, value in {"move": 5, "dash": 3, "defence": 3, "hp": 1, "points": 3}.items():
        session.set_value("units", new, key, value)
    session.set_value("units", new, "weapons", ["dwarven-axe"])
    assert session.problems == []
    session.set_value("units", new, "weapons", ["no-such-weapon"])
    [problem] = session.problems
    assert (problem.kind, problem.index) == ("units", new), "located in this file, not the merged catalogue"
    session.set_value("units", new, "weapons", ["dwarven-axe"])
    session.save()
    catalogue = read_catalogue_file(path)
    assert catalogue.extends == "warsurge-examples@2"
    assert main(["catalog", "check", str(path)]) == 0
    assert (
        f"{path}: ok — more-warsurge (warsurge) rev 1, building on warsurge-examples@2, hash "
        in capsys.readouterr().out
    )
    assert len(catalogue.units) == base_units + 1 and catalogue.unit("goblin-horde").points == 3
    assert catalogue.unit("catapult") is not None


def test_an_entry_with_a_base_id_replaces_the_base_entry(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(
        'id = "mine"\ngame = "warsurge"\nname = "Mine"\nrevision = 1\nextends = "warsurge-examples"\n'
        '[[units]]\nid = "catapult"\nname = "Catapult"\nmove = 5\ndash = 5\ndefence = 6\nhp = 12\n'
        "points = 200\n",
        encoding="utf-8",
    )
    catalogue = read_catalogue_file(path)
    base = read_catalogue_file(BUNDLED_DIR / "warsurge-examples.toml")
    assert [u.id for u in catalogue.units] == [u.id for u in base.units]
    assert catalogue.unit("catapult").hp == 12 and catalogue.content_hash != base.content_hash


@pytest.mark.parametrize(
    ("extends", "message"),
    [
        ('"warcaster-nm"', "cannot build on 'warcaster-nm', a 'warcaster' catalogue"),
        ('"loop.toml"', "stacked more than 4 deep"),
        ("3", "extends: expected the id or path"),
        ('"nowhere"', "unknown catalogue 'nowhere'"),
    ],
)
def test_a_base_that_cannot_be_built_on_is_one_line(tmp_path, extends, message):
    path = tmp_path / "loop.toml"
    path.write_text(
        f'id = "loop"\ngame = "warsurge"\nname = "L"\nrevision = 1\nextends = {extends}\n', encoding="utf-8"
    )
    with pytest.raises(CatalogueError, match=message):
        read_catalogue_file(path)


def test_a_stat_line_is_typed_stat_by_stat(tmp_path, store):
    path = tmp_path / "wm.toml"
    shutil.copy(BUNDLED_DIR / "warmachine-example.toml", path)
    session = CatalogueSession.open(path, store)
    keys = [f.key for f in session.kind("entries").fields]
    assert {"stats.spd", "stats.str", "stats.def", "stats.foc"} <= set(keys) and "stats" not in keys
    index = next(i for i, e in enumerate(session.data["entries"]) if "stats" in e)
    session.set_value("entries", index, "stats.spd", 99)
    [problem] = session.problems
    assert (problem.kind, problem.index, problem.field) == ("entries", index, "stats.spd")
    session.undo()
    fresh = session.add("entries", "New Jack")
    session.set_value("entries", fresh, "stats.spd", 5)
    assert session.data["entries"][fresh]["stats"] == {"spd": 5}
    session.set_value("entries", fresh, "stats.spd", None)
    assert "stats" not in session.data["entries"][fresh], "an emptied stat line is left out"


def test_a_new_catalogue_is_written_at_its_first_save_as_revision_one_without_a_change_log(tmp_path, store):
    path = tmp_path / "more.toml"
    session = CatalogueSession.new("warsurge", "More Warsurge", path, store, extends="warsurge-examples")
    assert not path.exists()
    session.save("first")
    saved = tomllib.loads(path.read_text(encoding="utf-8"))
    assert saved["extends"] == "warsurge-examples" and saved["revision"] == 1 and "changes" not in saved


def test_a_new_entry_takes_the_catalogues_only_faction(tmp_path, store):
    session = CatalogueSession.new("warmachine", "My Cogmire", tmp_path / "mine.toml", store)
    session.add("factions", "Cogmire Union")
    fresh = session.add("entries", "New Jack")
    assert session.data["entries"][fresh]["faction"] == "cogmire-union"
    assert not [p for p in session.problems if p.field == "faction"]
    session.add("factions", "Hollowmere Syndicate")  # two: the player picks
    assert session.data["entries"][session.add("entries", "Other Jack")]["faction"] == ""


def test_an_autosave_still_pending_when_the_changes_are_discarded_writes_nothing_back(tmp_path):
    """The editor autosaves shortly after the last change; a timer that fires after Discard once wrote the recovery
    file back (seen under load in the catalogue editor's closing test)."""
    from builder.editing.catalogue import CatalogueSession
    from builder.editing.storage import Store

    source = tmp_path / "own.toml"
    source.write_text('id = "own"\ngame = "warsurge"\nname = "Own"\nrevision = 1\n', encoding="utf-8")
    store = Store(tmp_path / "data")
    session = CatalogueSession.open(source, store)
    session.add("units", "Marsh Warden")
    session.discard_recovery()
    session.autosave()  # the timer set by the change, firing late
    assert store.newer_recovery(source) is None
