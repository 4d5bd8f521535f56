"""Battles in the builder: for each game, mark damage, undo it, mark again, save, reopen; and play a roster."""

from __future__ import annotations

import shutil

from builder.battles import new_battle, replay_battle_file
from builder.scenarios.record import ScenarioPlay
from builder.tui.app import make_app
from builder.tui.screens.battle import BattleScreen
from builder.tui.widgets.track_text import beside, grid_rows
from tests.conftest import EXAMPLES


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
    """Mark the first unit by `keys`; undo it (clean again), redo it and save."""
    screen = pilot.app.screen
    first = lambda: screen.session.result.sides[0].states[0]
    await pilot.press(*keys)
    assert marked(first())
    await pilot.press("ctrl+z")
    assert not marked(first()) and not screen.session.dirty
    await pilot.press("ctrl+y", "ctrl+s")
    assert not screen.session.dirty


async def test_a_warsurge_mark_is_undone_redone_saved_and_reopened_and_no_mech_keys_are_offered(tmp_path):
    path = battle_of(tmp_path, "warsurge-499.toml")
    marked = lambda s: s.boxes_left == 9
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        await marked_undone_redone_and_saved(pilot, ["minus"], marked)
        shown = shown_keys(app)  # no scenario: no scoring keys
        assert "Score VP" not in shown and "Damage" in shown
        await pilot.resize_terminal(160, 48)  # wide enough for the footer to list every key
        await pilot.pause()
        footer = footer_of(app)
        assert ("Hit part" in footer, "Heat +1" in footer) == (False, False)
        before = app.screen.session.ledger
        await pilot.press("right_square_bracket")
        assert app.screen.session.ledger == before
    assert marked(replay_battle_file(path).sides[0].states[0])


async def test_a_mechs_critical_hit_and_part_hit_keys_and_the_mark_undone_redone_saved_and_reopened(tmp_path):
    path = battle_of(tmp_path, "mcwarrior-rustbucket.toml")
    marked = lambda s: s.parts_left["head"] == s.track.parts["head"] - 1
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        # a critical hit is one key and the part it lands on
        bound = {active.binding.action for active in screen.active_bindings.values()}
        assert "critical" in bound and "take(1)" not in bound  # a mech has parts, not boxes
        await pilot.press("x", "down", "down", "down", "down", "enter")  # the left leg: Jump Jets destroyed
        await pilot.pause()
        state = screen.session.result.sides[0].states[0]
        assert state.derived["upgrades_lost"] == {"legs": "Jump Jets"} and state.remaining == 34
        await pilot.press("ctrl+s")
        # a hit on the head, undone, redone and saved
        await marked_undone_redone_and_saved(pilot, ["h", "enter", "enter"], marked)
        # the mech's keys are offered in the footer, and heat is marked
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        footer = footer_of(app)
        assert ("Hit part" in footer, "Heat +1" in footer) == (True, True)
        before = screen.session.ledger
        await pilot.press("right_square_bracket")
        assert screen.session.ledger != before
    assert marked(replay_battle_file(path).sides[0].states[0])


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


async def test_deploying_marking_and_recalling_a_warcaster_unit_and_the_screen_says_where_each_is(tmp_path):
    from textual.widgets import OptionList, Static

    marked = lambda s: s.boxes_left == s.track.full - 1

    shutil.copy(EXAMPLES / "warcaster-marcher-worlds.toml", tmp_path / "force.toml")
    path = tmp_path / "battle.toml"
    new_battle(tmp_path / "force.toml", None, path)
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        pane = screen.query_one("#side-0", OptionList)
        assert pane.border_subtitle == "14 in reserve"  # every unit begins in reserve
        await pilot.press("p")
        assert screen.session.result.sides[0].states[0].where == "play"
        assert pane.border_subtitle == "13 in reserve · 1 in play"
        assert "in play (p recalls it to the reserves)" in str(screen.query_one("#unit-detail", Static).render())
        await pilot.press("ctrl+s")
        await marked_undone_redone_and_saved(pilot, ["minus"], marked)  # one of the Dusk Wolf's boxes
        await pilot.press("minus", "minus")  # its last 2 boxes: destroyed, back to the reserves
        state = screen.session.result.sides[0].states[0]
        assert (state.where, state.returned, state.boxes_left) == ("reserve", 1, 3)
        assert "in reserve · destroyed 1× so far (p deploys it)" in str(
            screen.query_one("#unit-detail", Static).render()
        )
        await pilot.press("minus")  # not in play: refused, nothing marked
        assert screen.session.result.sides[0].states[0].boxes_left == 3
    assert marked(replay_battle_file(path).sides[0].states[0])  # the saved mark, not the unsaved destruction


async def test_the_help_lists_the_scenario_keys_only_for_a_battle_under_a_scenario(tmp_path):
    from builder.tui.dialogs.help import HelpScreen

    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "wm.toml")
    plain, scenario = tmp_path / "plain.toml", tmp_path / "scenario.toml"
    new_battle(tmp_path / "wm.toml", str(tmp_path / "wm.toml"), plain)
    new_battle(
        tmp_path / "wm.toml", str(tmp_path / "wm.toml"), scenario, scenario="first-blood", play=ScenarioPlay(attacker=0)
    )
    for path, listed in ((plain, False), (scenario, True)):
        app = make_app(path, data_dir=tmp_path / "data")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            rows = app.screen.query_one("#help-text").render().plain.splitlines()
            assert any("Damage" in row or "takes 1 damage" in row for row in rows)
            for what in (
                "A side scores victory points",
                "The scenario's setup, rules",
                "The last round is played",
                "Warmachine: a Leader destroyed",  # its scenarios track Leaders
            ):
                assert any(what in row for row in rows) is listed, (path.name, what)


async def test_the_game_over_key_puts_the_battle_in_the_journal_or_says_why_it_could_not(tmp_path):
    import json

    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "wm.toml")
    path = tmp_path / "scenario.toml"
    new_battle(
        tmp_path / "wm.toml", str(tmp_path / "wm.toml"), path, scenario="first-blood", play=ScenarioPlay(attacker=0)
    )
    for data, writable in ((tmp_path / "data", True), (tmp_path / "blocked", False)):
        if not writable:
            (data / "journal.jsonl").mkdir(parents=True)
        app = make_app(path, data_dir=data)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            said: list[str] = []
            app.screen.notify = lambda message, said=said, **kw: said.append(str(message))
            await pilot.press("g")
            await pilot.pause()
            if writable:
                [line] = (data / "journal.jsonl").read_text(encoding="utf-8").splitlines()
                assert json.loads(line)["result"]["draw"] is True and not said
                await pilot.press("g")  # taken up again: no longer over
            else:
                assert said and said[0].startswith("not in the journal:")


async def test_at_80x24_a_warcaster_battle_shows_its_play_keys_and_its_unsaved_mark_beside_long_names(tmp_path):
    """The footer keeps p, n, d and k before the editing keys; the header's unsaved mark is never cut."""
    for name in ("warcaster-marcher-worlds.toml", "warcaster-firebrand.toml"):
        text = (EXAMPLES / name).read_text(encoding="utf-8")
        (tmp_path / name).write_text(text.replace('name = "', 'name = "A very long name for a force: ', 1))
    path = tmp_path / "battle.toml"
    new_battle(tmp_path / "warcaster-marcher-worlds.toml", str(tmp_path / "warcaster-firebrand.toml"), path)
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p")  # deployed: unsaved
        await pilot.pause()
        keys = [str(key.render()).split()[0] for key in app.screen.query("FooterKey")]
        assert {"p", "n", "d", "k", "f1"} <= set(keys), keys
        header = app.screen.query_one("#ledger-header")
        drawn = header.render_line(0).text
        assert drawn.rstrip().endswith("● unsaved  ✔ VALID") and "A very long name" in drawn, drawn
