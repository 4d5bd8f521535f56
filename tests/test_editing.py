"""Editing without a screen: each game's forces built from empty rosters through the edit operations, and the
session's undo, redo, autosave, recovery and saving."""

from __future__ import annotations

import os

import pytest

from builder.editing.session import EditSession
from builder.editing.stepping import SETTINGS, whole_number
from builder.editing.storage import Store
from builder.game import game
from builder.roster.files import read_roster
from tests.conftest import EXAMPLES
from tests.fixtures.tui.pilot import empty_roster


def open_session(path, tmp_path) -> tuple[EditSession, object]:
    """A session on a roster file, with its game's edit operations."""
    session = EditSession(read_roster(path), Store(tmp_path / "data"))
    return session, game(session.game).edits(session.catalogue)


def blank_copy(example: str, tmp_path, **keep) -> object:
    """The example roster's file with its entries removed (its settings kept), saved beside the test."""
    loaded = read_roster(EXAMPLES / example)
    roster = loaded.roster.model_copy(update={"units": []} if hasattr(loaded.roster, "units") else {"mechs": []})
    path = tmp_path / example
    from builder.roster.files import write_roster

    write_roster(path, roster, loaded.catalogue)
    return path


def same_roster(path, example: str) -> bool:
    saved = read_roster(path).roster.model_dump(exclude={"catalogue_revision"})
    wanted = read_roster(EXAMPLES / example).roster.model_dump(exclude={"catalogue_revision"})
    return saved == wanted


def offered(adapter, roster, key: str, row: str) -> dict[str, str]:
    """The choices a row offers, by key, each with the rule it would break ("" when none)."""
    return {choice.key: choice.reason for choice in adapter.choices(roster, key, row).choices}


def test_build_the_marcher_worlds_force(tmp_path):
    session, adapter = open_session(empty_roster(tmp_path), tmp_path)
    example = read_roster(EXAMPLES / "warcaster-marcher-worlds.toml").roster
    for unit in example.units:
        key = session.change(f"add {unit.id}", lambda r, unit=unit: adapter.add(r, unit.id))
        for row, choice in [("cortex", unit.cortex), *((f"hardpoints.{s}", w) for s, w in unit.hardpoints.items())]:
            if choice and session.roster.units[-1].cortex != choice:
                assert offered(adapter, session.roster, key, row)[choice] == ""  # a legal choice, said so
                session.change(
                    f"change {row}", lambda r, key=key, row=row, choice=choice: adapter.choose(r, key, row, choice)
                )
    assert "warcaster/rack-size" in session.report.codes()
    assert {code for code in session.report.codes() if not code.startswith("warcaster/rack")} == set()
    for cypher in example.rack:
        session.change(f"add cypher {cypher}", lambda r, cypher=cypher: adapter.set_cypher(r, cypher, True))
    assert session.report.valid and session.report.findings == ()
    assert (session.report.totals.units, session.report.totals.dc) == (14, 27)
    assert adapter.inspect(session.roster, "units[2]").meter.used == 8  # the Strike Raptor's 8 of 8 WP
    session.save()
    assert not session.dirty and same_roster(session.path, "warcaster-marcher-worlds.toml")


def test_a_weapon_choice_says_which_rule_it_breaks(tmp_path):
    session, adapter = open_session(empty_roster(tmp_path), tmp_path)
    key = session.change("add", lambda r: adapter.add(r, "strike-raptor"))
    session.change("arm", lambda r: adapter.choose(r, key, "hardpoints.left-shoulder", "blazer"))
    session.change("arm", lambda r: adapter.choose(r, key, "hardpoints.right-shoulder", "vortex-missile"))
    session.change("arm", lambda r: adapter.choose(r, key, "hardpoints.left-arm", "particle-accelerator"))
    reasons = offered(adapter, session.roster, key, "hardpoints.right-arm")
    assert reasons["rock-buster"] == ""
    assert any("weapon points" in reason.lower() or "wp" in reason.lower() for reason in reasons.values())


def test_build_the_rustbucket_mech(tmp_path):
    session, adapter = open_session(blank_copy("mcwarrior-rustbucket.toml", tmp_path), tmp_path)
    key = session.change("new mech", lambda r: adapter.add(r, "new-mech"))
    assert key == "mechs[0]"
    for row, text in (("name", "Rustbucket"), ("pilot", "Kai")):
        session.change(f"set {row}", lambda r, row=row, text=text: adapter.answer(r, key, row, text))
    session.change("skill", lambda r: adapter.choose(r, key, "skill", "sniper"))
    for part, steps in (
        ("head", 2),
        ("torso", 2),
        ("left-arm", 1),
        ("right-arm", 1),
        ("left-leg", 1),
        ("right-leg", 1),
    ):
        for _ in range(steps):
            assert session.change("step", lambda r, part=part: adapter.step(r, key, f"parts.{part}", +1))
    for slot, upgrade in (
        ("head", "targeting-system"),
        ("left-arm", "long-range-weapon"),
        ("right-arm", "energy-shield"),
        ("legs", "jump-jets"),
    ):
        session.change(
            "install", lambda r, slot=slot, upgrade=upgrade: adapter.choose(r, key, f"upgrades.{slot}", upgrade)
        )
    assert session.change("level", lambda r: adapter.step(r, key, "level.right-arm", +1))
    assert session.report.totals.total_bolts == 36 and session.report.findings == ()
    assert adapter.inspect(session.roster, key).meter.used == 36
    session.save()
    assert same_roster(session.path, "mcwarrior-rustbucket.toml")


def test_a_mech_over_its_budget_is_an_undoable_finding(tmp_path):
    session, adapter = open_session(EXAMPLES / "mcwarrior-rustbucket.toml", tmp_path)
    session.path = tmp_path / "rustbucket.toml"
    for _ in range(3):
        session.change("step", lambda r: adapter.step(r, "mechs[0]", "parts.torso", +1))
    assert "mcwarrior/budget" in session.report.codes()
    assert session.undo() == "step" and session.undo() == "step" and session.undo() == "step"
    assert session.report.findings == () and not session.dirty


def test_warband_mode_counts_districts_into_the_budget(tmp_path):
    session, adapter = open_session(EXAMPLES / "mcwarrior-rustbucket.toml", tmp_path)
    session.change("warband", lambda r: adapter.choose(r, SETTINGS, "mode", "warband"))
    assert session.roster.districts == 0 and "mcwarrior/warband-size" in session.report.codes()
    assert session.report.totals.warband_budget == 150
    for _ in range(2):
        session.change("district", lambda r: adapter.step(r, SETTINGS, "districts", +1))
    assert session.report.totals.warband_budget == 170
    for _ in range(3):
        session.undo()
    assert session.roster.districts is None and session.report.findings == ()


def test_build_the_499_point_warsurge_roster(tmp_path):
    session, adapter = open_session(blank_copy("warsurge-499.toml", tmp_path), tmp_path)
    example = read_roster(EXAMPLES / "warsurge-499.toml").roster
    for unit in example.units:
        key = session.change(f"add {unit.id}", lambda r, unit=unit: adapter.add(r, unit.id))
        if unit.models != session.roster.units[-1].models:
            session.change("models", lambda r, key=key, unit=unit: adapter.answer(r, key, "models", str(unit.models)))
        for weapon, count in unit.weapons.items():
            session.change(
                "weapon", lambda r, key=key, w=weapon, n=count: adapter.answer(r, key, f"weapons.{w}", str(n))
            )
    assert session.report.totals.points == 499
    assert session.report.valid
    session.save()
    assert same_roster(session.path, "warsurge-499.toml")


def test_build_the_warmachine_army_with_its_battlegroup(tmp_path):
    session, adapter = open_session(blank_copy("warmachine-example.toml", tmp_path), tmp_path)
    example = read_roster(EXAMPLES / "warmachine-example.toml").roster
    for unit in example.units:
        key = session.change(f"add {unit.id}", lambda r, unit=unit: adapter.add(r, unit.id))
        for slot, option in unit.hardpoints.items():
            session.change("option", lambda r, key=key, s=slot, o=option: adapter.choose(r, key, f"hardpoints.{s}", o))
    assert {u.battlegroup for u in session.roster.units if u.hardpoints} == {"commander-ysolde-varr"}
    assert session.report.valid, session.report.findings
    session.save()
    assert same_roster(session.path, "warmachine-example.toml")


def test_a_new_leader_takes_over_the_battlegroup(tmp_path):
    session, adapter = open_session(EXAMPLES / "warmachine-example.toml", tmp_path)
    assert "marshal-odo-brask" in offered(adapter, session.roster, SETTINGS, "leader")
    session.change("leader", lambda r: adapter.choose(r, SETTINGS, "leader", "marshal-odo-brask"))
    units = session.roster.units
    assert units[0].id == "marshal-odo-brask"
    assert {u.battlegroup for u in units if u.battlegroup} == {"marshal-odo-brask"}
    assert session.report.findings == ()


# -- the session ---------------------------------------------------------------


@pytest.fixture
def marcher(tmp_path) -> tuple[EditSession, object]:
    path = tmp_path / "force.toml"
    path.write_bytes((EXAMPLES / "warcaster-marcher-worlds.toml").read_bytes())
    return open_session(path, tmp_path)


def test_every_change_is_one_undo_step_and_redo_replays_it(marcher):
    session, adapter = marcher
    session.change("add hunter", lambda r: adapter.add(r, "hunter"))
    session.change("duplicate", lambda r: adapter.duplicate(r, "units[14]"))
    assert len(session.roster.units) == 16 and session.dirty
    assert "warcaster/force-size" in session.report.codes()
    assert session.undo() == "duplicate" and session.undo() == "add hunter"
    assert session.undo() is None and not session.dirty and session.report.findings == ()
    assert session.redo() == "add hunter" and len(session.roster.units) == 15


def test_a_refused_edit_leaves_the_roster_and_history_as_they_were(marcher):
    session, adapter = marcher
    before = session.roster.model_dump()
    with pytest.raises(ValueError, match="not a unit"):
        session.change("add", lambda r: adapter.add(r, "no-such-unit"))
    assert session.roster.model_dump() == before and session.undo() is None and not session.dirty


def test_changes_autosave_to_a_recovery_file_until_saved(marcher, tmp_path):
    session, adapter = marcher
    recovery = session.store.recovery_path(session.path)
    session.change("add hunter", lambda r: adapter.add(r, "hunter"))
    assert 'id = "hunter"' in recovery.read_text(encoding="utf-8").split("[[units]]")[-1]
    assert read_roster(session.path).roster.units[-1].id == "hunter"  # the example's last unit: file untouched
    assert len(read_roster(session.path).roster.units) == 14
    session.undo()
    assert not recovery.exists()  # back to the saved state: nothing to recover
    session.redo()
    session.save()
    assert not recovery.exists() and len(read_roster(session.path).roster.units) == 15


def test_a_recovered_roster_is_restored_as_one_undoable_change(marcher, tmp_path):
    session, adapter = marcher
    session.change("add hunter", lambda r: adapter.add(r, "hunter"))
    text = session.text
    fresh, _ = open_session(session.path, tmp_path)
    fresh.restore(text)
    assert len(fresh.roster.units) == 15 and fresh.dirty
    assert fresh.undo() == "restore unsaved changes" and len(fresh.roster.units) == 14


def test_save_writes_a_new_file_moved_into_place_and_leaves_no_temporary_one(marcher, tmp_path):
    session, adapter = marcher
    session.change("add hunter", lambda r: adapter.add(r, "hunter"))
    inode = os.stat(session.path).st_ino
    session.save()
    assert not session.dirty
    assert os.stat(session.path).st_ino != inode  # a new file moved into place, not the old one rewritten
    assert [p.name for p in session.path.parent.iterdir() if p.name.endswith(".tmp")] == []
    assert read_roster(session.path).roster.units[-1].id == "hunter"


def test_save_as_makes_the_new_file_the_rosters_own(marcher, tmp_path):
    session, _adapter = marcher
    session.change("rename", lambda r: setattr(r, "name", "Copy"))
    target = session.save(tmp_path / "copy.toml")
    assert session.path == target and not session.dirty
    assert read_roster(target).roster.name == "Copy"
    assert session.store.recent()[0].path == str(target.resolve())


def test_a_bundled_example_stays_as_shipped_however_it_is_opened(tmp_path):
    """Opened by its path, a bundled example is a copy without a file (Save asks where); saving onto it is
    refused in one line, and the packaged file is unchanged."""
    from builder.tui.app import _reader
    from catalog.access import ShippedFile

    example = EXAMPLES / "warcaster-marcher-worlds.toml"
    shipped = example.read_bytes()
    assert _reader(example)().path is None
    session, _adapter = open_session(example, tmp_path)
    session.change("rename", lambda r: setattr(r, "name", "Mine"))
    with pytest.raises(
        ShippedFile, match=r"^warcaster-marcher-worlds.toml: is in Warbench's own folder of bundled catalogues"
    ):
        session.save(example)
    assert example.read_bytes() == shipped
    saved = session.save(tmp_path / "warbench" / "mine.toml")  # a first save makes the folder
    assert read_roster(saved).roster.name == "Mine"


# -- saving never destroys without asking ---------------------------------------


def test_saving_over_another_existing_file_is_a_warning_first(marcher, tmp_path):
    session, _ = marcher
    other = tmp_path / "other.toml"
    other.write_text("mine", encoding="utf-8")
    assert session.save_warnings(other) == ["other.toml already exists: saving replaces it."]
    other.write_text('warbench = 1\nkind = "battle"\ngame = "mcwarrior"\n', encoding="utf-8")
    assert session.save_warnings(other) == ["other.toml is a McWarrior battle file: saving replaces it."]
    assert session.save_warnings() == []  # its own file: nothing to confirm


def test_a_file_changed_on_disk_since_it_was_opened_is_a_warning(marcher):
    import os

    session, _ = marcher
    text = session.path.read_text(encoding="utf-8")
    session.path.write_text(text + "\n", encoding="utf-8")
    os.utime(session.path, ns=(1, 1))
    assert session.save_warnings() == [
        "force.toml changed on disk since it was opened (another window or program?): saving replaces those changes."
    ]
    session.save()
    assert session.save_warnings() == []  # saved: what is on disk is ours again


def test_comments_at_the_top_are_kept_and_others_are_a_warning(tmp_path):
    path = tmp_path / "force.toml"
    text = (EXAMPLES / "warcaster-marcher-worlds.toml").read_text(encoding="utf-8")
    path.write_text(
        text.replace('faction = "marcher-worlds"', '# my note\nfaction = "marcher-worlds"'), encoding="utf-8"
    )
    session, adapter = open_session(path, tmp_path)
    assert session.save_warnings() == [
        "force.toml has comments among its entries; Warbench keeps only those at the top."
    ]
    session.change("add", lambda r: adapter.add(r, "hunter"))
    session.save()
    saved = path.read_text(encoding="utf-8")
    assert saved.startswith("# The rulebook's worked Marcher Worlds force") and "# my note" not in saved
    assert read_roster(path).roster.units[-1].id == "hunter"


def test_save_as_into_another_folder_keeps_a_relative_catalogue_resolving(tmp_path):
    own = tmp_path / "cats" / "own.toml"
    own.parent.mkdir()
    own.write_bytes((EXAMPLES.parent.parent / "catalog" / "data" / "mcwarrior.toml").read_bytes())
    first = tmp_path / "a" / "mech.toml"
    first.parent.mkdir()
    first.write_text(
        (EXAMPLES / "mcwarrior-rustbucket.toml")
        .read_text(encoding="utf-8")
        .replace('catalogue = "mcwarrior"', 'catalogue = "../cats/own.toml"'),
        encoding="utf-8",
    )
    session, _ = open_session(first, tmp_path)
    deeper = tmp_path / "b" / "c" / "mech.toml"
    deeper.parent.mkdir(parents=True)
    session.save(deeper)
    assert read_roster(deeper).roster.catalogue == "../../cats/own.toml"
    from pathlib import Path

    assert Path(read_roster(deeper).catalogue.path).resolve() == own.resolve()


def test_typing_in_a_chooser_ranks_names_before_descriptions(tmp_path):
    from builder.editing.base import matching

    session, adapter = open_session(EXAMPLES / "mcwarrior-rustbucket.toml", tmp_path)
    prompt = adapter.choices(session.roster, "mechs[0]", "upgrades.head")
    first = prompt.choices[matching(prompt.choices, "target")[0]]
    assert first.label.startswith("Targeting System")  # not Rocket Launcher, whose description says 'target'
    assert next(prompt.choices[i].label for i in matching(prompt.choices, "rocket")).startswith("Rocket Launcher")
    assert matching(prompt.choices, "") == list(range(len(prompt.choices)))


def test_copies_of_a_mech_are_numbered_not_called_copy_copy(tmp_path):
    session, adapter = open_session(EXAMPLES / "mcwarrior-rustbucket.toml", tmp_path)
    session.change("name", lambda r: adapter.answer(r, "mechs[0]", "name", "Brawler"))
    for _ in range(3):
        session.change("duplicate", lambda r: adapter.duplicate(r, f"mechs[{len(r.mechs) - 1}]"))
    assert [m.name for m in session.roster.mechs] == ["Brawler", "Brawler 2", "Brawler 3", "Brawler 4"]


def test_the_mcwarrior_flow_asks_a_skirmish_for_bolts_and_a_warband_for_districts():
    from builder.catalogues import load_catalogue

    adapter, catalogue = game("mcwarrior").edits, load_catalogue("mcwarrior")
    assert [f.key for f in adapter.new_roster_fields(catalogue, {})] == ["mode", "budget"]
    assert [f.key for f in adapter.new_roster_fields(catalogue, {"mode": "skirmish"})] == ["mode", "budget"]
    assert [f.key for f in adapter.new_roster_fields(catalogue, {"mode": "warband"})] == ["mode", "districts"]
    # the numbers' bounds are the roster model's, so the flow refuses at the step what the roster would refuse
    budget = adapter.new_roster_fields(catalogue, {})[-1]
    assert budget.bounds == (1, 100_000), "no mech is built on 0 bolts"
    with pytest.raises(ValueError, match="^Bolts per mech must be 1 to 100000, not 0$"):
        whole_number("0", *budget.bounds, budget.label)
    assert adapter.new_roster_fields(catalogue, {"mode": "warband"})[-1].bounds == (0, 1000)
    limit = game("warsurge").edits.new_roster_fields(load_catalogue("warsurge-examples"), {})[0]
    assert (limit.key, limit.bounds) == ("point_limit", (0, 10_000_000))
    warband = adapter.new_roster("mcwarrior", catalogue, {"mode": "warband", "districts": 2}, "Band")
    assert (warband.budget, warband.districts) == (None, 2)


def test_a_warmachine_loadout_shows_each_hardpoint_once(tmp_path):
    session, adapter = open_session(EXAMPLES / "warmachine-example.toml", tmp_path)
    inspection = adapter.inspect(session.roster, "units[1]")
    slots = [row.label for row in inspection.rows if row.key.startswith("hardpoints.")]
    assert slots == ["Left Arm", "Right Arm", "Shoulder"]
    assert not any(slot in inspection.text for slot in slots)


def test_a_toast_names_a_file_then_its_folder_with_home_as_tilde(tmp_path, monkeypatch):
    from pathlib import Path

    from builder.editing.storage import where

    monkeypatch.setenv("HOME", str(tmp_path))
    assert where(Path(tmp_path) / "warbench" / "my-army.toml") == "my-army.toml\nin ~/warbench"
    assert where("/srv/lists/army.toml") == "army.toml\nin /srv/lists"
    (tmp_path / "warbench" / "old").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "warbench")  # a file named from the current folder: its folder by name, never "."
    assert where("wc.toml") == "wc.toml\nin ~/warbench"
    assert where(Path("old/../wc.toml")) == "wc.toml\nin ~/warbench"


def test_a_dusk_wolf_s_shoulder_chooser_says_which_weapons_go_over_its_points_and_takes_one_anyway(marcher):
    session, adapter = marcher
    prompt = adapter.choices(session.roster, "units[0]", "hardpoints.shoulder")  # Talon Rocket Pod (2 WP) of 5
    assert {c.label: c.reason for c in prompt.choices} == {
        "— empty —": "",
        "Talon Rocket Pod": "",
        "Rail Gun": "+3 WP: over 5",
        "Blazer": "+3 WP: over 5",
        "Wildflower": "",
    }
    assert [c.label for c in prompt.choices if c.current] == ["Talon Rocket Pod"]
    session.change("arm", lambda r: adapter.choose(r, "units[0]", "hardpoints.shoulder", "rail-gun"))  # anyway
    assert session.roster.units[0].hardpoints["shoulder"] == "rail-gun"
    assert "warcaster/weapon-points" in session.report.codes()
    assert adapter.inspect(session.roster, "units[0]").meter.used == 6
    session.undo()
    assert session.roster.units[0].hardpoints["shoulder"] == "talon-rocket-pod"


def test_warsurge_transports_take_a_key_when_boarded_bound_their_load_and_a_renamed_key_moves_its_passengers(
    tmp_path,
):
    path = tmp_path / "apc.toml"
    path.write_text((EXAMPLES / "warsurge-apc.toml").read_text().replace("point_limit = 500", "point_limit = 750"))
    session, adapter = open_session(path, tmp_path)
    added = session.change("add", lambda r: adapter.add(r, "ursus-apc"))  # a second APC, no key yet
    assert added == "units[4]" and session.roster.units[4].key is None
    session.change("embark", lambda r: adapter.choose(r, "units[1]", "embarked_in", "units[4]"))  # the Troopers
    units = session.roster.units
    assert units[4].key == "ursus-apc" and units[1].embarked_in == "ursus-apc"
    assert session.report.codes() == []
    session.change("embark", lambda r: adapter.choose(r, "units[3]", "embarked_in", "units[0]"))  # the Biker
    assert session.roster.units[3].embarked_in == "ursus"
    assert session.report.codes() == []  # 177 + 96 = 273 of 300
    session.change("embark", lambda r: adapter.choose(r, "units[1]", "embarked_in", "units[0]"))  # 324.3
    assert session.roster.units[1].embarked_in == "ursus"
    assert session.report.codes() == ["warsurge/transport"]
    session.undo()
    assert session.roster.units[1].embarked_in == "ursus-apc" and session.report.codes() == []
    session.change("key", lambda r: adapter.answer(r, "units[4]", "key", "Bus 2"))  # its passenger follows
    assert session.roster.units[4].key == "bus-2"
    assert session.roster.units[1].embarked_in == "bus-2"


def test_a_weapon_count_is_asked_by_the_weapons_catalogue_name(tmp_path):
    session, adapter = open_session(EXAMPLES / "warsurge-499.toml", tmp_path)
    assert adapter.ask(session.roster, "units[1]", "weapons.dwarven-axe").hint == "How many Dwarven Axe:"
