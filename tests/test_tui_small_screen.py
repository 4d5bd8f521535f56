"""At 80×24 every list and pane keeps its highlighted row in sight, so keys act on what the player sees."""

from __future__ import annotations

import pytest

from builder.tui.app import make_app
from tests.fixtures.tui.pilot import add_unit, empty_roster, example_copy, wait_loaded
from tests.fixtures.tui.screen import screen_text

SMALL = (80, 24)


def highlighted_label(option_list) -> str:
    """The highlighted option's text up to its colon (an inspector row's label)."""
    prompt = option_list.get_option_at_index(option_list.highlighted).prompt
    return str(getattr(prompt, "plain", prompt)).split(":")[0].strip()


async def test_the_warcaster_loadout_scrolls_to_the_slot_under_the_cursor(tmp_path):
    app = make_app(empty_roster(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=SMALL) as pilot:
        await wait_loaded(pilot)
        await add_unit(pilot, "dusk wolf")
        await pilot.press("escape", "enter")  # the roster list, then into the Dusk Wolf's loadout
        rows = app.screen.query_one("#inspector-rows")
        ids = [option.id for option in rows.options]
        while rows.highlighted < len(ids) - 1:
            await pilot.press("down")
            await pilot.pause()
            assert f"{highlighted_label(rows)}:" in screen_text(app), highlighted_label(rows)
        assert highlighted_label(rows) == "Right Arm"


@pytest.mark.parametrize(
    "example",
    ["mcwarrior-rustbucket.toml", "warsurge-499.toml", "warmachine-example.toml", "warcaster-marcher-worlds.toml"],
)
async def test_every_inspector_row_is_on_screen_when_highlighted(tmp_path, example):
    app = make_app(example_copy(tmp_path, example), data_dir=tmp_path / "data")
    async with app.run_test(size=SMALL) as pilot:
        await wait_loaded(pilot)
        await pilot.press("escape")  # the roster list
        rows = app.screen.query_one("#inspector-rows")
        entries = app.screen.query_one("#roster-list").option_count
        for _ in range(entries):  # the first entry with a few rows to walk through
            if rows.option_count >= 3:
                break
            await pilot.press("down")
        await pilot.press("enter")
        assert rows.has_focus
        for _ in range(rows.option_count - 1):
            await pilot.press("down")
            await pilot.pause()
            assert f"{highlighted_label(rows)}:" in screen_text(app), (rows.highlighted, highlighted_label(rows))


async def test_the_catalogue_filter_stays_after_an_add(tmp_path):
    path = empty_roster(tmp_path)
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=SMALL) as pilot:
        await wait_loaded(pilot)
        await add_unit(pilot, "hero")
        assert app.screen.query_one("#browser-filter").value == "hero"
        await pilot.press("down", "enter")  # the next hero, not a Razorbat from the unfiltered list
        screen = app.screen
        heroes = {entry.key for entry in screen.adapter.browser(screen.session.roster) if entry.group == "Heroes"}
        added = [unit.id for unit in screen.session.roster.units]
        assert len(added) == 2 and len(set(added)) == 2 and set(added) <= heroes


async def test_ctrl_g_goes_to_the_first_finding(tmp_path):
    app = make_app(empty_roster(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=SMALL) as pilot:
        await wait_loaded(pilot)
        await pilot.press("ctrl+g", "down", "down", "enter")  # a rack finding: the rack builder opens
        await pilot.pause()
        await pilot.press("ctrl+g")
        panel = app.screen.query_one("#findings")
        assert panel.has_focus and panel.highlighted == 0
        assert panel.findings[0].message.split()[0] in screen_text(app)


@pytest.mark.parametrize("size", [SMALL, (160, 48)])
async def test_the_roster_qr_scans_from_the_screen(tmp_path, size):
    from tests.fixtures.tui.screen import codes_on_screen

    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=size) as pilot:
        await wait_loaded(pilot)
        await pilot.press("ctrl+k")
        await pilot.pause()
        dialog = app.screen
        assert dialog.qr.version >= 4
        assert codes_on_screen(app) == [dialog.code]
        shown = screen_text(app)
        assert "Esc close" in shown and dialog.code[:4] in shown  # the code and the keys are on screen too


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        ("warcaster-marcher-worlds.toml", "warcaster-firebrand.toml"),
        ("mcwarrior-warband.toml", "mcwarrior-rustbucket.toml"),
    ],
)
async def test_a_two_roster_battle_qr_scans_from_the_screen(tmp_path, ours, theirs):
    from builder.battles import new_battle
    from tests.fixtures.tui.screen import codes_on_screen

    battle = tmp_path / "battle.toml"
    new_battle(example_copy(tmp_path, ours), str(example_copy(tmp_path, theirs)), battle)
    app = make_app(battle, data_dir=tmp_path / "data")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        dialog = app.screen
        assert dialog.qr.rows <= SMALL[1] and dialog.qr.version >= 6
        assert codes_on_screen(app) == [dialog.code]
        assert "Esc close" in screen_text(app)


@pytest.mark.parametrize(
    ("used", "total", "shown"),
    [
        (0, 5, "WP □□□□□ 0/5"),
        (4, 5, "WP ■■■■□ 4/5"),
        (5, 5, "WP ■■■■■ 5/5"),
        (6, 5, "WP ■■■■■+■ 6/5"),
        (8, 5, "WP ■■■■■+■■■ 8/5"),
        (250, 500, "WP ■■■■■□□□□□ 250/500"),
        (600, 500, "WP ■■■■■■■■■■+■■ 600/500"),
    ],
)
def test_the_meter_scales_to_its_maximum_and_marks_the_overflow(used, total, shown):
    from builder.editing.base import Meter
    from builder.tui.widgets.inspector import meter_bar

    bar = meter_bar(Meter("WP", used, total))
    assert bar.plain == shown
    overflow = [span for span in bar.spans if "$error" in str(span.style)]
    assert bool(overflow) == (used > total)


async def test_the_dice_take_free_entry_and_stay_in_a_roll_log(tmp_path):
    from builder.battles import new_battle
    from builder.tui.dialogs.text_prompt import TextPrompt
    from tests.fixtures.tui.pilot import answer_prompt

    battle = tmp_path / "battle.toml"
    new_battle(example_copy(tmp_path, "warsurge-499.toml"), None, battle)
    app = make_app(battle, data_dir=tmp_path / "data")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await answer_prompt(pilot, "7d6")
        await pilot.press("d")
        await answer_prompt(pilot, "2d8")  # refused in the prompt, which stays open and says how
        assert isinstance(app.screen, TextPrompt) and "2d6+1" in str(app.screen.query_one("#prompt-error").render())
        await answer_prompt(pilot, "2d6+1")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        newest = next(line for line in lines if "2d6+1: " in line)
        older = next(line for line in lines if "7d6: " in line)
        assert lines.index(newest) < lines.index(older)
        faces = [int(f) for f in older.split("7d6: ")[1].split("=")[0].split()]
        assert len(faces) == 7 and f"= {sum(faces)}" in older


@pytest.fixture
def campaigns(tmp_path):
    import shutil

    from tests.conftest import EXAMPLES

    shutil.copytree(EXAMPLES / "campaigns", tmp_path / "campaigns")
    shutil.copy(EXAMPLES / "mcwarrior-warband.toml", tmp_path / "mcwarrior-warband.toml")
    return tmp_path / "campaigns"


async def test_port_oldsands_table_fits_80_columns(tmp_path, campaigns):
    app = make_app(campaigns / "mcwarrior-port-oldsand.toml", data_dir=tmp_path / "data")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        result = app.screen.session.result
        shown = screen_text(app)
        assert "Siege" in shown and "Picks, Siege: round 5" in shown
        for siege in result.rounds[-1].sieges:  # every siege of the open round, its winner in full
            row = next(line for line in shown.splitlines() if f" {siege.district} " in line)
            assert f"{siege.winner} won" in row


async def test_the_frontier_grid_shows_a_held_pick_and_explains_its_signs(tmp_path, campaigns):
    from builder.tui.dialogs.help import HelpScreen

    app = make_app(campaigns / "warmachine-frontier.toml", data_dir=tmp_path / "data")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        assert "4 [*Key  ]" in shown  # Anna's pick this round, a4, which she now holds
        assert "[Camp  ] held" in shown and "*Key this round's pick" in shown
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        sections = dict(app.screen.table)
        assert ("[*Key  ]", "this round's pick, now held") in sections["Frontier campaign: what the signs mean"]


async def test_recent_files_tell_a_roster_and_its_battle_apart(tmp_path):
    from builder.battles import new_battle

    roster = example_copy(tmp_path, "warsurge-499.toml")
    battle = tmp_path / "warsurge-499-battle.toml"
    new_battle(roster, None, battle)
    for path in (roster, battle):  # each opened once: both are remembered under the roster's name
        app = make_app(path, data_dir=tmp_path / "data")
        async with app.run_test(size=SMALL) as pilot:
            await wait_loaded(pilot)
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await wait_loaded(pilot)
        rows = [line for line in screen_text(app).splitlines() if "Fantasy Army" in line][:2]
        assert len(rows) == 2
        assert "Warsurge · Battle" in rows[0] and "Battle" not in rows[1] and "Warsurge" in rows[1]
