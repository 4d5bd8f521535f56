"""The McWarrior battle screen takes an action making no heat (`a`: the free Move or Take Aim, a token taken): an
overheated mech rolls the overheat die for it, as the book's steps 'for each action' have it and the command line's
`--heat 0 --roll N` does; one not overheated, shut down or a wreck asks no die and marks nothing. The use dialog's
rockets say the die is due where the mech is overheated, not just 'no heat'."""

from __future__ import annotations

from builder.battles.session import BattleSession
from builder.editing.storage import Store
from builder.games.mcwarrior.overheat import no_die_due
from builder.games.mcwarrior.tui.battle import upgrade_hint
from builder.games.mcwarrior.unit_mark import MechMark
from builder.tui.app import make_app
from tests.fixtures.tui.pilot import notifications, paste
from tests.test_mcwarrior_upkeep import warband_battle


def test_an_action_making_no_heat_asks_the_die_only_of_an_overheated_mech_that_can_act(tmp_path):
    """The Dust Devil, torso 2."""
    session = BattleSession(warband_battle(tmp_path), Store(tmp_path / "data"))
    track = session.track(0, 2)
    assert no_die_due(track, MechMark(index=2, heat=2)) == (
        "Dust Devil is not overheated (heat 2/2): an action making no heat rolls no die"
    )
    assert no_die_due(track, MechMark(index=2, heat=3)) is None
    assert no_die_due(track, MechMark(index=2, heat=3, shut_down=True)) == (
        "Dust Devil is shut down by overheating: it cannot act until cooled to heat 2 (now 3)"
    )
    assert no_die_due(track, MechMark(index=2, heat=3, lost={"torso": 2})) == (
        "Dust Devil is destroyed: its Torso has no points left"
    )


def test_the_rockets_hint_says_the_die_is_due_where_the_mech_is_overheated(tmp_path):
    """The Ironclad, torso 4, six rockets."""
    session = BattleSession(warband_battle(tmp_path), Store(tmp_path / "data"))
    ironclad = session.track(0, 1)
    slot = next(iter(ironclad.rockets))
    assert (
        upgrade_hint(ironclad, ironclad.state(MechMark(index=1, heat=4)), slot) == "fires rockets, no heat (6/6 left)"
    )
    assert upgrade_hint(ironclad, ironclad.state(MechMark(index=1, heat=5)), slot) == (
        "fires rockets, no heat, but overheated by 1: the die is rolled (6/6 left)"
    )


async def test_a_asks_the_overheated_mechs_die_and_marks_it_and_says_why_it_asks_none_otherwise(tmp_path):
    path = warband_battle(tmp_path)
    app = make_app(path, data_dir=tmp_path / "data")
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("down", "down", "a")  # the Dust Devil at heat 0: no die
        await pilot.pause()
        assert said[-1] == "Dust Devil is not overheated (heat 0/2): an action making no heat rolls no die"
        screen.session.change("hot", lambda battle: battle.with_mark(0, MechMark(index=2, heat=3)))
        await pilot.press("a")
        await pilot.pause()
        assert app.screen.prompt.title == "Dust Devil is overheated by 1: the die rolled?"
        await paste(pilot, "1")
        await pilot.press("enter")  # the die: 1, overheated by 1
        await pilot.press("enter")  # its hit on the torso, first offered
        await pilot.pause()
        assert screen.session.mark(0, 2) == MechMark(index=2, lost={"torso": 1}, heat=3, shut_down=True)


async def test_heat_up_on_a_mech_shut_down_and_overheated_says_why_without_asking_the_die(tmp_path):
    """`]` on the Dust Devil shut down at heat 3 (overheated by 1): refused at once, no die asked, nothing marked."""
    path = warband_battle(tmp_path)
    session = BattleSession(path, Store(tmp_path / "data"))
    session.change("hot", lambda battle: battle.with_mark(0, MechMark(index=2, heat=3, shut_down=True)))
    session.save()
    app = make_app(path, data_dir=tmp_path / "data")
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("down", "down", "right_square_bracket")
        await pilot.pause()
        assert app.screen is screen
        assert said[-1] == "Dust Devil is shut down by overheating: it cannot act until cooled to heat 2 (now 3)"
        assert screen.session.mark(0, 2) == MechMark(index=2, heat=3, shut_down=True)
