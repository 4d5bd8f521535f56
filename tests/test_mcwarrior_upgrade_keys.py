"""The McWarrior battle screen's keys for an upgrade used (`u`) and a self-destruct (`!`) reach their marks; what
each mark does is tests/test_mcwarrior_upgrades.py and tests/test_mcwarrior_respawn.py."""

from __future__ import annotations

import shutil

from textual.widgets import OptionList

from builder.battles import new_battle
from builder.battles.session import BattleSession
from builder.editing.storage import Store
from builder.games.mcwarrior.marks import critical, hit
from builder.games.mcwarrior.tui.battle import hits_hint, play_line, upgrade_choices, usable_upgrades
from builder.games.mcwarrior.unit_mark import MechMark
from builder.scenarios.record import ScenarioPlay
from builder.tui.app import make_app
from tests.conftest import EXAMPLES, examples_in
from tests.fixtures.tui.pilot import notifications, paste, wait_loaded
from tests.test_mcwarrior_upkeep import warband_battle


async def test_u_uses_the_targeting_system_the_row_shows_the_shield_and_the_bang_self_destructs_under_respawn_only(
    tmp_path,
):
    """Under Rampage (its Respawn rule): `u` uses an upgrade, `!` self-destructs, and a wreck refuses `u`; then, in the
    same app, a battle under Last Mech Standing: self-destruct belongs to the Respawn rule, so `!` is off the footer
    and the help, and pressing it does nothing."""
    shutil.copy(EXAMPLES / "mcwarrior-rustbucket.toml", tmp_path / "r.toml")
    path, last_standing = tmp_path / "b.toml", tmp_path / "lms.toml"
    new_battle(tmp_path / "r.toml", str(tmp_path / "r.toml"), path, scenario="rampage", play=ScenarioPlay())
    new_battle(
        tmp_path / "r.toml", str(tmp_path / "r.toml"), last_standing, scenario="last-mech-standing", play=ScenarioPlay()
    )
    app = make_app(path, data_dir=tmp_path / "data")
    notified = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        row = screen.query_one("#side-0", OptionList).get_option_at_index(0).prompt.plain
        assert row.splitlines()[0] == "Rustbucket  36/36  shield 2/2"
        await pilot.press("u")
        await paste(pilot, "targeting")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.mark(0, 0).heat == 1
        await pilot.press("exclamation_mark", "enter")
        await pilot.pause()
        assert screen.session.result.sides[0].states[0].destroyed
        assert screen.session.mark(0, 0).lost == {"torso": 3}
        row = screen.query_one("#side-0", OptionList).get_option_at_index(0).prompt.plain
        assert "shield" not in row  # a wreck's shield protects nothing
        await pilot.press("u")  # a wreck: refused at once, no upgrade asked
        await pilot.pause()
        assert app.screen is screen and notified[-1] == "Rustbucket is destroyed: its Torso has no points left"

        app.open_path(last_standing)
        await wait_loaded(pilot)
        assert app.screen.check_action("self_destruct", ()) is False and app.screen.check_action("use_upgrade", ())
        await pilot.press("exclamation_mark")
        await pilot.pause()
        assert not app.screen.session.result.sides[0].states[0].destroyed


def test_the_hits_dialog_counts_the_additional_armor_before_it_says_the_excess_goes_to_the_torso(tmp_path):
    """The Ironclad (Additional Armor, right arm 1): 2 hits on the right arm are 1 stopped and 1 taken, no excess;
    Rustbucket (Energy Shield 2, head 3): 6 hits are 2 on the shield and 4 on the head, one of them excess."""
    session = BattleSession(warband_battle(tmp_path), Store(tmp_path / "data"))
    rustbucket, ironclad = session.result.sides[0].states[:2]
    assert [hits_hint(ironclad, "right-arm", n) for n in (1, 2, 3)] == [
        "1 stopped by Additional Armor",
        "1 stopped by Additional Armor",
        "1 stopped by Additional Armor, excess goes to the torso",
    ]
    assert [hits_hint(rustbucket, "head", n) for n in (2, 5, 6)] == [
        "2 on the shield first",
        "2 on the shield first",
        "2 on the shield first, excess goes to the torso",
    ]
    critical(session, 0, 1, "torso")  # the armour destroyed: it stops nothing
    ironclad = session.result.sides[0].states[1]
    assert hits_hint(ironclad, "right-arm", 2) == "excess goes to the torso"


def test_hits_on_the_torso_itself_have_no_excess_to_send_anywhere(tmp_path):
    """Rustbucket's torso 3, shield 2: 6 hits are 2 on the shield and the rest on the torso, no "excess" said."""
    session = BattleSession(warband_battle(tmp_path), Store(tmp_path / "data"))
    rustbucket, _, dust_devil = session.result.sides[0].states[:3]
    assert [hits_hint(rustbucket, "torso", n) for n in (1, 6)] == ["1 on the shield first", "2 on the shield first"]
    assert hits_hint(dust_devil, "torso", 6) == ""


def test_the_use_dialog_leaves_out_passive_upgrades_and_a_wreck_shows_no_play_numbers(tmp_path):
    """The Ironclad's Additional Armor is passive: not offered; the Lantern's Heat Exchanger and Energy Shield are."""
    session = BattleSession(warband_battle(tmp_path), Store(tmp_path / "data"))
    rustbucket, ironclad, _, lantern = session.result.sides[0].states[:4]
    assert usable_upgrades(ironclad.track) == ["head", "left-arm", "right-arm", "legs"]  # not the torso's armour
    assert usable_upgrades(lantern.track) == ["head", "torso", "left-arm", "right-arm"]
    assert play_line(rustbucket) == (
        "heat 0/3 · Energy Shield 2/2 · target number 3 · move 4 · dice Left Arm 2, Right Arm 2"
    )
    hit(session, 0, 0, "torso", 6)  # 2 on the shield, the torso's 3 gone: destroyed
    wreck = session.result.sides[0].states[0]
    assert wreck.destroyed and play_line(wreck) == "heat 0 · Energy Shield 0/2"


async def test_heat_above_the_torso_asks_the_overheat_die_and_the_part_and_the_row_says_shut_down(tmp_path):
    examples_in(tmp_path)
    path = tmp_path / "b.toml"
    new_battle(tmp_path / "mcwarrior-warband.toml", str(tmp_path / "mcwarrior-rustbucket.toml"), path)
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("down", "down", "right_square_bracket", "right_square_bracket")  # the Dust Devil, torso 2
        await pilot.pause()
        assert screen.session.mark(0, 2).heat == 2
        await pilot.press("right_square_bracket")
        await paste(pilot, "1")
        await pilot.press("enter")  # the die: 1, overheated by 1
        await pilot.press("enter")  # its hit on the torso, first offered
        await pilot.pause()
        assert screen.session.mark(0, 2) == MechMark(index=2, lost={"torso": 1}, heat=3, shut_down=True)
        row = screen.query_one("#side-0", OptionList).get_option_at_index(2).prompt.plain
        assert row.splitlines()[1].endswith("heat 3/1 SHUT DOWN")


async def test_u_on_an_overheated_mech_firing_rockets_asks_the_overheat_die_though_rockets_make_no_heat(tmp_path):
    """The Ironclad (torso 4) at heat 5: `u`, its Rocket Launcher, 1 rocket, then the die (6: goes ahead)."""
    path = warband_battle(tmp_path)
    session = BattleSession(path, Store(tmp_path / "data"))
    session.change("hot", lambda battle: battle.with_mark(0, MechMark(index=1, heat=5)))
    session.save()
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("down", "u")
        await paste(pilot, "rocket")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # 1 rocket
        await pilot.pause()
        assert screen.session.mark(0, 1).rockets_fired == 0  # the die first
        assert app.screen.prompt.title == "Ironclad is overheated by 1: the die rolled?"
        await paste(pilot, "6")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.mark(0, 1) == MechMark(index=1, heat=5, rockets_fired=1, checks=1)


def test_the_use_dialog_shows_a_full_shield_refused_with_the_books_reason_and_offers_it_once_a_level_is_lost(tmp_path):
    """Rustbucket's Energy Shield 2/2: its level back is shown with why it is refused (choosing it was refused only
    after); with a level lost, it is offered."""
    session = BattleSession(warband_battle(tmp_path), Store(tmp_path / "data"))
    track = session.track(0, 0)
    shield = next(iter(track.shields))
    full = {c.key: c for c in upgrade_choices(track, session.result.sides[0].states[0], MechMark(index=0), 1)}
    assert full[shield].reason == "Energy Shield 2/2 has lost no level to restore"
    hit(session, 0, 0, "head", 1)
    chipped = {c.key: c for c in upgrade_choices(track, session.result.sides[0].states[0], session.mark(0, 0), 1)}
    assert chipped[shield].reason == "" and chipped[shield].detail == "a level back for 1 heat (1/2), once a turn"
