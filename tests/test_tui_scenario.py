"""A battle under a scenario in the builder, at 80×24: VP scored by keys, the winner declared on the screen."""

from __future__ import annotations

import shutil
import time

from textual.widgets import Static

from builder.battles import new_battle, read_battle, replay_battle_file
from builder.scenarios.battle import with_event
from builder.scenarios.record import ScenarioPlay
from builder.scenarios.setup import new_play
from builder.tui.app import make_app
from builder.tui.dialogs.help import HelpScreen
from builder.tui.screens.battle import BattleScreen
from builder.tui.screens.battle_scenario import side_choices
from builder.tui.sharing import refused_opponent, seat_names
from builder.tui.widgets.scenario_bar import ScenarioBar
from tests.conftest import EXAMPLES, examples_in
from tests.fixtures.tui.pilot import example_copy, paste, wait_loaded


def bar_text(app) -> str:
    return str(app.screen.query_one(ScenarioBar).render())


async def test_rampage_scored_by_keys_until_a_team_of_two_wins_and_a_scenario_the_table_decides_declared(tmp_path):
    """In one app: Rampage's card, its "Who scores?" and a team of two winning on the bar; then a Warmachine battle
    under Make Haste, which gives no VP (`v` asks no scorer), declared won by its key (a Warmachine mark undone, redone
    and saved: tests/test_battle_marks_saved.py; the keys' wiring for it: tests/test_tui_battle.py)."""
    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "wm.toml")
    haste = tmp_path / "b.toml"
    new_battle(
        tmp_path / "wm.toml", str(tmp_path / "wm.toml"), haste, scenario="make-haste", play=ScenarioPlay(attacker=0)
    )
    examples_in(tmp_path)
    path = tmp_path / "rampage.toml"
    play = new_play(["Harbour Rats", "Rustbucket"], ["Anna", "Cai", "Ben", "Dee"], [["Anna", "Ben"], ["Cai", "Dee"]])
    for side in (0, 0, 0, 0, 0, 2, 2, 2, 2):  # nine mechs knocked out before the builder opens: Anna 5, Ben 4
        play = with_event(play, side=side, round=1, vp=1)
    new_battle(
        tmp_path / "mcwarrior-warband.toml",
        str(tmp_path / "mcwarrior-rustbucket.toml"),
        path,
        scenario="rampage",
        play=play,
    )
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        assert "Rampage · turn 1 · VP Anna 5+Ben 4 = 9 · Cai 0+Dee 0 = 0" in bar_text(app)
        await pilot.press("i")  # the scenario's card, whole, in a dialog that scrolls (its text: show_lines' tests)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.title_text == "Scenario"
        card = app.screen.query_one("#help-text", Static).render().plain.splitlines()
        assert [line.split()[0] for line in card if line[:10].strip()] == [
            "Rampage", "Setup", "Rules", "Scoring", "Victory", "Tracker", "Respawn"
        ]  # fmt: skip
        await pilot.press("escape")
        assert isinstance(app.screen, BattleScreen)
        await pilot.press("v")  # "Who scores?" lists the sides as side_choices words them (tested below)
        await pilot.pause()
        judged = app.screen_stack[-2].session.result.judged
        assert (
            [c.label for c in app.screen.prompt.choices]
            == [c.label for c in side_choices(judged)]
            == ["Anna", "Cai", "Ben", "Dee"]
        )
        await pilot.press("enter", "enter")  # Anna knocks out a mech: 1 VP, the team's tenth (9 wins nothing: the
        await pilot.pause()  # scenario's own tests, tests/test_victory.py)
        assert "Anna 6+Ben 4 = 10" in bar_text(app) and "Anna and Ben win: 10 VP, first to 10" in bar_text(app)
        await pilot.press("ctrl+s")  # (a battle's Ctrl+Z and Ctrl+Y: tests/test_tui_battle.py)

        app.open_path(haste)
        await wait_loaded(pilot)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen) and app.screen.session.path == haste  # no VP: nothing to ask
        await pilot.press("w", "down", "enter", "enter")
        await pilot.pause()
        assert "Cogmire vanguard (the opponent's) wins: won by the scenario's conditions" in bar_text(app)
    battle = read_battle(path)
    assert [(e.side, e.vp) for e in battle.play.events] == [(0, 1)] * 5 + [(2, 1)] * 4 + [(0, 1)]


async def test_play_this_roster_under_a_scenario_beside_it_against_every_opponent_named(tmp_path):
    """Ctrl+B asks for an opponent's roster, then for another while the game seats more (Warsurge: up to eight
    players), until one is left empty; then the players' names (or none), and the scenario chooser."""
    from textual.widgets import Input

    roster, opponent = example_copy(tmp_path, "warsurge-499.toml"), example_copy(tmp_path, "warsurge-apc.toml")
    battle = tmp_path / "warsurge-499-battle.toml"
    app = make_app(roster, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("ctrl+b")
        for answer in (str(opponent), str(opponent), "", "Ann, Ben"):  # two opponents, that is everyone; two names
            await pilot.pause()
            app.screen.query_one(Input).value = answer
            await pilot.press("enter")
        await pilot.pause()  # three rosters want three names: said, the prompt stays
        assert "3 rosters but 2 players named: one name a roster, ours first" in str(
            app.screen.query_one("#prompt-error").render()
        )
        app.screen.query_one(Input).value = "Ann, Ben, Cy"
        await pilot.press("enter")
        await paste(pilot, "capture territory")  # the scenario chooser filtered (past no scenario, the set-up…)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        assert "Capture Territory · game turn 1 · VP Ann 0 · Ben 0 · Cy 0" in bar_text(app)
        await pilot.press("down", "c")  # the Dwarven Berserkers lose a model
        assert app.screen.session.result.sides[0].states[1].models_left == 9
        await pilot.press("tab", "tab")  # one side at a time at 80 columns: the third, told apart from the second
        assert str(app.screen.query_one("#side-2").border_title).startswith("Cy: Ursus strike force")
    sides = replay_battle_file(battle).sides
    assert [(side.player, side.name) for side in sides] == [
        ("Ann", "Fantasy Army"),
        ("Ben", "Ursus strike force"),
        ("Cy", "Ursus strike force"),
    ]
    assert read_battle(battle).scenario == "capture-territory"


async def test_scenario_keys_follow_the_battles_own_the_timer_counts_down_and_a_unit_in_reserve_counts_as_lost(
    tmp_path,
):
    """A Deathmatch whose players agreed Time Attack (1 second each): the scenario's keys come after the battle's own;
    the timer key counts down in the header and says when the seconds have run out; a unit kept in reserve to the end
    counts as lost."""
    examples_in(tmp_path)
    path = tmp_path / "dm.toml"
    play = ScenarioPlay(time_attack=1)
    new_battle(
        tmp_path / "warsurge-499.toml", str(tmp_path / "warsurge-apc.toml"), path, scenario="deathmatch", play=play
    )
    app = make_app(path, data_dir=tmp_path / "data")
    said: list[tuple[str, str]] = []
    app.notify = lambda message, *, title="", **_: said.append((title, message))  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = [b.binding.description for b in app.screen.active_bindings.values() if b.enabled]
        assert "Side out" in shown and shown.index("Damage") < shown.index("Side out")  # after the battle's own
        assert "Score VP" not in shown  # a Deathmatch scores none
        assert "Timer" in shown  # only where the players agreed Time Attack

        header = lambda: str(app.screen.query_one("#ledger-header").render())
        await pilot.press("t")
        assert "⏱ 1 s" in header() and app.screen.clock is not None  # the clock beats four times a second
        app.screen.deadline = time.monotonic()  # the second has gone by: the clock's next beat says so
        app.screen.tick()
        await pilot.pause()
        assert "⏱" not in header() and app.screen.clock is None
        assert said == [("Time's up", "Time Attack: the 1 seconds have run out.")]

        await pilot.press("e")  # the Catapult (269 points) stays in reserve
        for _ in range(4):
            await pilot.press("n")
        await pilot.press("g")
        await pilot.pause()
        assert "in reserve: Catapult" in bar_text(app)
        assert "Ursus strike force wins: 434.3 points left to 230 (reserves count as lost)" in bar_text(app)
        await pilot.press("e")  # after the end nothing changes: the Catapult stays in reserve, Ursus the winner
        await pilot.pause()
        assert "Ursus strike force wins: 434.3 points left to 230" in bar_text(app)
        assert app.screen.session.ledger.play.reserves == [[0]]


def test_play_this_roster_reads_each_opponent_as_it_is_typed(tmp_path):
    """A roster that cannot play is said in the prompt, where it can be typed again, not after every question."""
    opponent, other = example_copy(tmp_path, "warsurge-apc.toml"), example_copy(tmp_path, "warcaster-firebrand.toml")
    assert refused_opponent("warsurge", str(opponent)) is None
    assert refused_opponent("warsurge", str(other)) == "that is a Warcaster roster, and this one plays Warsurge"
    missing = tmp_path / "missing.toml"
    assert refused_opponent("warsurge", str(missing)) == f"{missing}: no such file (and not a share code)"


def test_the_side_chooser_counts_what_the_scenario_counts_and_tells_mirror_sides_apart(tmp_path):
    """Deathmatch counts points left, not VP; three rosters of two names: by number (side 2 and 3); a mirror match's
    two sides as "Who scores?" (v, which lists these words: the Rampage test above) lists them."""
    ours, theirs = example_copy(tmp_path, "warsurge-499.toml"), example_copy(tmp_path, "warsurge-apc.toml")
    path = tmp_path / "dm.toml"
    new_battle(ours, [str(theirs), str(theirs)], path, scenario="deathmatch")
    judged = replay_battle_file(path).judged
    assert judged is not None
    assert [(c.label, c.detail) for c in side_choices(judged)] == [
        ("Fantasy Army", "499 points left"),
        ("Ursus strike force (side 2)", "434.3 points left"),
        ("Ursus strike force (side 3)", "434.3 points left"),
    ]
    scored = tmp_path / "ct.toml"
    new_battle(ours, str(ours), scored, scenario="capture-territory")
    judged = replay_battle_file(scored).judged
    assert judged is not None
    assert [(c.label, c.detail) for c in side_choices(judged)] == [
        ("Fantasy Army (ours)", "0 VP"),
        ("Fantasy Army (the opponent's)", "0 VP"),
    ]


def test_a_new_battles_sides_are_named_by_the_players_typed_else_by_their_rosters():
    """Ctrl+B's scenario chooser says whose force does not fit by these names: the opponent's roster's, not
    "Opponent", when no player was named."""
    assert seat_names("Marchers", ["Bob's force"], []) == ["Marchers", "Bob's force"]
    assert seat_names("Marchers", ["", "Iron"], []) == ["Marchers", "Opponent 1", "Iron"]
    assert seat_names("", [], []) == ["Us", "Opponent"]  # no opponent chosen yet
    assert seat_names("Marchers", ["Bob's force"], ["Ann"]) == ["Ann", "Bob's force"]
    assert seat_names("Marchers", ["Bob's force"], ["Ann", "Bob"]) == ["Ann", "Bob"]
