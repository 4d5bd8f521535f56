"""Battles in the builder: for each game, mark damage, undo it, mark again, save, reopen; and play a roster."""

from __future__ import annotations

import shutil

from textual.widgets import OptionList, Static

from builder.battles import new_battle, replay_battle_file
from builder.scenarios.record import ScenarioPlay
from builder.tui.app import make_app
from builder.tui.screens.battle import BattleScreen
from builder.tui.widgets.track_text import beside, grid_rows
from tests.conftest import EXAMPLES
from tests.fixtures.tui.pilot import paste, wait_loaded


def battle_of(folder, roster: str):
    """A new battle file in `folder` for a copy of an example roster."""
    shutil.copy(EXAMPLES / roster, folder / roster)
    path = folder / "battle.toml"
    new_battle(folder / roster, None, path)
    return path


def footer_of(app) -> str:
    return " ".join(str(label.render()) for label in app.screen.query("FooterKey"))


def shown_keys(app) -> list[str]:
    return [b.binding.description for b in app.screen.active_bindings.values() if b.enabled]


async def marked_undone_redone_and_saved(pilot, keys, marked) -> None:
    """Mark the first unit by `keys`; undo it (clean again), redo it and save (the keys' wiring: each game's mark
    undone, redone, saved and read back is tests/test_battle_marks_saved.py)."""
    screen = pilot.app.screen
    first = lambda: screen.session.result.sides[0].states[0]
    await pilot.press(*keys)
    assert marked(first())
    await pilot.press("ctrl+z")
    assert not marked(first()) and not screen.session.dirty
    await pilot.press("ctrl+y", "ctrl+s")
    assert not screen.session.dirty


async def test_a_warsurge_mark_is_undone_redone_and_saved_and_a_mechs_keys_are_offered_for_a_mech_only(tmp_path):
    """In one app: a Warsurge battle's damage key, Ctrl+Z, Ctrl+Y and Ctrl+S, and no mech's keys; then a McWarrior
    battle's critical hit, part hit and heat keys, and the footer that offers them. The keys reach the marks; what
    each mark does, undone, redone and saved, is tests/test_battle_marks_saved.py."""
    (tmp_path / "warsurge").mkdir()
    path = battle_of(tmp_path / "warsurge", "warsurge-499.toml")
    marked = lambda s: s.boxes_left == 9
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        row = app.screen.query_one("#side-0", OptionList).get_option_at_index(0).prompt.plain
        assert row.splitlines()[0] == "Catapult  269/269"  # no CP tracked: no place told (every unit "reserve")
        await marked_undone_redone_and_saved(pilot, ["minus"], marked)
        assert marked(replay_battle_file(path).sides[0].states[0])
        shown = shown_keys(app)  # no scenario: no scoring keys, and no mech's keys (the footer lists these)
        assert "Score VP" not in shown and "Damage" in shown
        assert ("Hit part" in shown, "Heat +1" in shown) == (False, False)
        before = app.screen.session.ledger
        await pilot.press("right_square_bracket")
        assert app.screen.session.ledger == before

        app.open_path(battle_of(tmp_path, "mcwarrior-rustbucket.toml"))
        await wait_loaded(pilot)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        # a critical hit is one key and the part it lands on
        bound = {active.binding.action for active in screen.active_bindings.values()}
        assert "critical" in bound and "take(1)" not in bound  # a mech has parts, not boxes
        await pilot.press("x")
        await paste(pilot, "left leg")
        await pilot.press("enter")  # the left leg: Jump Jets destroyed
        await pilot.pause()
        state = screen.session.result.sides[0].states[0]
        assert state.derived["upgrades_lost"] == {"legs": "Jump Jets"} and state.remaining == 34
        # four hits on the left arm, the part then how many: the Energy Shield's 2 levels take two first (as
        # tests/test_battle_marks_saved.py marks them), then its 2 points; the pane says its weapon cannot attack
        await pilot.press("h")
        await paste(pilot, "left arm")
        await pilot.press("enter", "down", "down", "down", "enter")
        await pilot.pause()
        assert "Left Arm 0 — Long Range Weapon cannot attack" in str(screen.query_one("#unit-detail", Static).render())
        # the mech's keys are offered in the footer, and heat is marked
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        footer = footer_of(app)
        assert ("Hit part" in footer, "Heat +1" in footer) == (True, True)
        await pilot.press("right_square_bracket")
        assert screen.session.result.sides[0].states[0].heat == 1


def test_a_damage_grid_shows_what_its_system_letters_stand_for_beside_it():
    from builder.game import game
    from builder.roster.files import read_roster

    loaded = read_roster(EXAMPLES / "warmachine-example.toml")
    bulwark = next(t for t in game("warmachine").battle(loaded.roster, loaded.catalogue) if t.grid)
    assert bulwark.grid_legend == (("L", "left arm"), ("M", "movement"), ("C", "cortex"), ("R", "right arm"))
    rows = beside(grid_rows(bulwark.grid, 2), [f"{letter} {name}" for letter, name in bulwark.grid_legend])
    assert rows[:2] == [("    × ×".ljust(14), "L left arm"), ("  □ L □ □".ljust(14), "M movement")]  # 11 wide + 3
    assert rows[-1] == ("  □ □ □ □", "")  # the fifth row has no note
    assert beside(["□"], ["A a", "B b"]) == [("□   ", "A a"), ("    ", "B b")]


async def test_the_help_and_game_over_key_under_a_scenario_and_at_80x24_a_warcaster_battle_deploys_and_recalls(
    tmp_path,
):
    """In one app: the help (F1) lists the scenario keys only for a battle under a scenario; `g` puts the battle in
    the journal, or says why it could not (the journal itself: tests/test_battle_journal.py). Then a Warcaster battle
    of long names at 80×24: the footer keeps p, n, d and k before the editing keys; the header's unsaved mark is never
    cut; the pane and the detail say where each unit is (deploying, destroying and refusing:
    tests/test_battle_rules.py)."""
    import json

    from builder.tui.dialogs.help import keys_for

    (tmp_path / "warcaster").mkdir()
    for name in ("warcaster-marcher-worlds.toml", "warcaster-firebrand.toml"):
        text = (EXAMPLES / name).read_text(encoding="utf-8")
        (tmp_path / "warcaster" / name).write_text(
            text.replace('name = "', 'name = "A very long name for a force: ', 1)
        )
    warcaster = tmp_path / "warcaster" / "battle.toml"
    new_battle(
        tmp_path / "warcaster" / "warcaster-marcher-worlds.toml",
        str(tmp_path / "warcaster" / "warcaster-firebrand.toml"),
        warcaster,
    )

    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "wm.toml")
    plain, scenario = tmp_path / "plain.toml", tmp_path / "scenario.toml"
    new_battle(tmp_path / "wm.toml", str(tmp_path / "wm.toml"), plain)
    new_battle(
        tmp_path / "wm.toml", str(tmp_path / "wm.toml"), scenario, scenario="first-blood", play=ScenarioPlay(attacker=0)
    )
    data = tmp_path / "data"
    scenario_rows = (
        "A side scores victory points",
        "The scenario's setup, rules",
        "The last round is played",
        "Warmachine: a Leader destroyed",  # its scenarios track Leaders
    )
    app = make_app(scenario, data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        battle = app.screen
        rows = [what for _, keys in keys_for(battle) for _, what in keys]  # the rows F1 shows (tests/test_tui_app.py)
        assert any("Damage" in row or "takes 1 damage" in row for row in rows)
        for what in scenario_rows:
            assert any(what in row for row in rows), what
        said: list[str] = []
        battle.notify = lambda message, **kw: said.append(str(message))
        await pilot.press("g")
        [line] = (data / "journal.jsonl").read_text(encoding="utf-8").splitlines()
        assert json.loads(line)["result"]["draw"] is True and not said
        await pilot.press("g")  # taken up again: no longer over
        (data / "journal.jsonl").unlink()
        (data / "journal.jsonl").mkdir()  # and now the journal cannot be written
        await pilot.press("g")
        await pilot.pause()
        assert said and said[0].startswith("not in the journal:")
        # the same battle with no scenario: its help has no scenario keys (the rows F1 shows)
        app.open_path(plain)
        await pilot.pause()
        assert app.screen is not battle and isinstance(app.screen, BattleScreen)
        rows = [what for _, keys in keys_for(app.screen) for _, what in keys]
        assert any("Damage" in row or "takes 1 damage" in row for row in rows)
        for what in scenario_rows:
            assert not any(what in row for row in rows), what

        app.open_path(warcaster)
        await wait_loaded(pilot)
        screen = app.screen
        pane = screen.query_one("#side-0", OptionList)
        assert pane.border_subtitle == "14 in reserve"  # every unit begins in reserve
        await pilot.press("p")  # deployed: unsaved
        await pilot.pause()
        assert screen.session.result.sides[0].states[0].where == "play"
        assert pane.border_subtitle == "13 in reserve · 1 in play"
        assert "in play (p takes its set-up deployment back)" in str(screen.query_one("#unit-detail", Static).render())
        keys = [str(key.render()).split()[0] for key in app.screen.query("FooterKey")]
        assert {"p", "n", "d", "k", "f1"} <= set(keys), keys
        header = app.screen.query_one("#ledger-header")
        drawn = header.render_line(0).text
        assert drawn.rstrip().endswith("● unsaved  ✔ VALID") and "A very long name" in drawn, drawn
        await pilot.press("minus", "minus", "minus")  # the Dusk Wolf's 3 boxes: destroyed, back to the reserves
        state = screen.session.result.sides[0].states[0]
        assert (state.where, state.returned, state.boxes_left) == ("reserve", 1, 3)
        assert "in reserve · destroyed 1× so far (p deploys it)" in str(
            screen.query_one("#unit-detail", Static).render()
        )
        await pilot.press("minus")  # not in play: refused, nothing marked
        assert screen.session.result.sides[0].states[0].boxes_left == 3


async def test_a_squad_of_one_box_a_model_says_its_models_once_and_fits_an_80_column_pane(tmp_path):
    """A Warmachine squad of six one-box models read '6/6 models, 6/6 boxes  ■ ■ ■ ■ ■' and its sixth box wrapped
    to the next row, unindented, in a pane at 80 columns; its models and boxes are one count. A unit of several
    boxes a model still says both."""
    app = make_app(battle_of(tmp_path, "warmachine-example.toml"), data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = app.screen.query_one("#side-0", OptionList)
        shown = [rows.get_option_at_index(n).prompt.plain.splitlines() for n in range(rows.option_count)]
        assert shown[3] == ["Rivetgun Squad  12/12", "  6/6 models  ■ ■ ■ ■ ■ ■"]
        assert shown[5][1] == "  4/4 models, 20/20 boxes"


async def test_a_deathmatch_offers_no_vp_key(tmp_path):
    """Warsurge's Deathmatch scores no VP: its footer and help leave out 'Score VP' (it offered it, then said
    'Deathmatch gives no VP now.'); a scenario that scores keeps it."""
    from builder.tui.dialogs.help import keys_for

    shutil.copy(EXAMPLES / "warsurge-499.toml", tmp_path / "w.toml")
    path = tmp_path / "battle.toml"
    new_battle(tmp_path / "w.toml", str(tmp_path / "w.toml"), path, scenario="deathmatch")
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Score VP" not in shown_keys(app) and "Roll CP" in shown_keys(app)
        rows = [what for _, keys in keys_for(app.screen) for _, what in keys]
        assert "A side scores victory points, as the scenario gives them" not in rows
