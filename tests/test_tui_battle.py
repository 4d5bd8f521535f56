"""Battles in the builder: for each game, mark damage, undo it, mark again, save, reopen; and play a roster."""

from __future__ import annotations

import shutil

import pytest

from builder.battles import new_battle, replay_battle_file
from builder.tui.app import make_app
from builder.tui.screens.battle import BattleScreen, beside, grid_rows
from tests.conftest import EXAMPLES
from tests.fixtures.tui.pilot import example_copy, wait_loaded

GAMES = [
    ("warsurge-499.toml", [], ["minus"], lambda s: s.boxes_left == 9),
    ("warcaster-marcher-worlds.toml", ["p", "ctrl+s"], ["minus"], lambda s: s.boxes_left == s.track.full - 1),
    ("warmachine-example.toml", [], ["minus"], lambda s: s.boxes_left == s.track.full - 1),
    (
        "mcwarrior-rustbucket.toml",
        [],
        ["h", "enter", "enter"],
        lambda s: s.parts_left["head"] == s.track.parts["head"] - 1,
    ),
]


def battle_of(folder, roster: str):
    """A new battle file in `folder` for a copy of an example roster."""
    shutil.copy(EXAMPLES / roster, folder / roster)
    path = folder / "battle.toml"
    new_battle(folder / roster, None, path)
    return path


@pytest.mark.parametrize(("roster", "before", "keys", "marked"), GAMES)
async def test_a_mark_is_undone_redone_saved_and_reopened(tmp_path, roster, before, keys, marked):
    path = battle_of(tmp_path, roster)
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        first = lambda: screen.session.result.sides[0].states[0]
        await pilot.press(*before)  # a Warcaster unit is deployed from the reserves before it takes damage
        await pilot.press(*keys)
        assert marked(first())
        await pilot.press("ctrl+z")
        assert not marked(first()) and not screen.dirty
        await pilot.press("ctrl+y", "ctrl+s")
        assert not screen.dirty
    assert marked(replay_battle_file(path).sides[0].states[0])


async def test_play_this_roster_starts_a_battle_beside_it(tmp_path):
    roster = example_copy(tmp_path, "warsurge-499.toml")
    app = make_app(roster, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("ctrl+b", "enter", "enter")  # no opponent yet, no scenario
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        await pilot.press("down", "c")  # the Dwarven Berserkers lose a model
        assert app.screen.session.result.sides[0].states[1].models_left == 9
    battle = tmp_path / "warsurge-499-battle.toml"
    assert battle.is_file() and replay_battle_file(battle).sides[0].name == "Fantasy Army"


async def test_a_pasted_battle_code_opens_the_opponents_table(tmp_path):
    from builder.battles import battle_code
    from builder.battles.session import BattleSession
    from builder.editing.storage import Store
    from tests.fixtures.tui.pilot import answer_prompt

    for name in ("warsurge-499.toml", "warsurge-apc.toml"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    battle = tmp_path / "ours.toml"
    new_battle(tmp_path / "warsurge-499.toml", str(tmp_path / "warsurge-apc.toml"), battle)
    session = BattleSession(battle, Store(tmp_path / "data"))
    session.take(1, 2, 3)
    session.save()
    code = battle_code(battle)
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path / "received")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+o")
        await answer_prompt(pilot, " ".join(code[i : i + 4] for i in range(0, len(code), 4)))  # pasted in groups
        await wait_loaded(pilot)
        assert isinstance(app.screen, BattleScreen)
        theirs = app.screen.session.result.sides[1]
        assert theirs.states[2].boxes_left == theirs.tracks[2].full - 3
    assert (tmp_path / "received" / "battle.toml").is_file()
    assert (tmp_path / "received" / "battle-opponent.toml").is_file()


def test_a_damage_grid_shows_what_its_system_letters_stand_for_beside_it():
    from builder.battles.game_tracks import warmachine_tracks
    from builder.roster.files import read_roster

    loaded = read_roster(EXAMPLES / "warmachine-example.toml")
    bulwark = next(t for t in warmachine_tracks(loaded.roster, loaded.catalogue) if t.grid)
    assert bulwark.grid_legend == (("L", "left arm"), ("M", "movement"), ("C", "cortex"), ("R", "right arm"))
    rows = beside(grid_rows(bulwark.grid, 2), [f"{letter} {name}" for letter, name in bulwark.grid_legend])
    assert rows[:2] == [("    × ×".ljust(14), "L left arm"), ("  □ L □ □".ljust(14), "M movement")]  # 11 wide + 3
    assert rows[-1] == ("  □ □ □ □", "")  # the fifth row has no note
    assert beside(["□"], ["A a", "B b"]) == [("□   ", "A a"), ("    ", "B b")]


async def test_deploying_and_recalling_a_warcaster_unit_is_one_key_and_the_screen_says_where_each_is(tmp_path):
    from textual.widgets import OptionList, Static

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
        await pilot.press("minus", "minus", "minus")  # the Dusk Wolf's 3 boxes: destroyed, back to the reserves
        state = screen.session.result.sides[0].states[0]
        assert (state.where, state.returned, state.boxes_left) == ("reserve", 1, 3)
        assert "in reserve · destroyed 1× so far (p deploys it)" in str(
            screen.query_one("#unit-detail", Static).render()
        )
        await pilot.press("minus")  # not in play: refused, nothing marked
        assert screen.session.result.sides[0].states[0].boxes_left == 3


async def test_a_critical_hit_is_one_key_and_the_part_it_lands_on(tmp_path):
    shutil.copy(EXAMPLES / "mcwarrior-rustbucket.toml", tmp_path / "mech.toml")
    path = tmp_path / "battle.toml"
    new_battle(tmp_path / "mech.toml", None, path)
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        bound = {active.binding.action for active in screen.active_bindings.values()}
        assert "critical" in bound and "take(1)" not in bound  # a mech has parts, not boxes
        await pilot.press("x", "down", "down", "down", "down", "enter")  # the left leg: Jump Jets destroyed
        await pilot.pause()
        state = screen.session.result.sides[0].states[0]
        assert state.derived["upgrades_lost"] == {"legs": "Jump Jets"} and state.remaining == 34


@pytest.mark.parametrize(("roster", "offered"), [("warsurge-499.toml", False), ("mcwarrior-rustbucket.toml", True)])
async def test_a_mechs_keys_are_offered_only_in_a_battle_of_mechs(tmp_path, roster, offered):
    path = battle_of(tmp_path, roster)
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        footer = " ".join(str(label.render()) for label in app.screen.query("FooterKey"))
        assert ("Hit part" in footer, "Heat +1" in footer) == (offered, offered)
        before = app.screen.session.ledger
        await pilot.press("right_square_bracket")
        assert (app.screen.session.ledger != before) == offered
