"""The battle screen's line of what each turn spent, at 80×24: a key records the event and the line follows; the
details are one key away (wiring only: the rules are tested through the session; Warcaster's deploy and charge keys
and Ctrl+Z under the spent line are in tests/test_warcaster_gate_keys.py)."""

from __future__ import annotations

import time

from textual.widgets import OptionList, Static

from builder.battles import new_battle, read_battle
from builder.cli import main
from builder.tui.app import make_app
from builder.tui.dialogs.choice import ChoiceDialog
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.dialogs.spent import SpentDialog
from tests.conftest import EXAMPLES, examples_in
from tests.fixtures.tui.pilot import notifications, paste
from tests.fixtures.warsurge_cp import strike_battle


async def test_the_play_key_asks_the_unit_refuses_one_the_book_refuses_and_the_spent_key_shows_one_hand(tmp_path):
    """`y` asks the card and the unit it is played on (how long it lasts is the card's), and refuses a card with no
    unit it may be played on (Encrypted Command, a solo's); the detail names the unit's Arc and Cyphers; `s` shows
    the hand of the player whose turn it is and the other side's line only ("hand 5"), Tab the other's in full; and
    deploying with no gate says a gate placed now serves the next turn."""
    examples_in(tmp_path)
    path = tmp_path / "battle.toml"
    new_battle(tmp_path / "warcaster-firebrand.toml", str(tmp_path / "warcaster-marcher-worlds.toml"), path)
    seed = read_battle(path).seed
    path.write_text(path.read_text(encoding="utf-8").replace(f'seed = "{seed}"', 'seed = "seed0018"'))
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        said = notifications(app)
        await pilot.press("p", "y")  # Firebrand deployed; Revelation Matrix (a Harmonic)
        await paste(pilot, "revelation")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # on the Firebrand (the one unit in play); the card lasts until the round ends
        await pilot.pause()
        assert app.screen.session.ledger.spent[-1].event == {
            "kind": "play",
            "card": "revelation-matrix",
            "lasts": "pulse",
            "on": 0,
        }
        assert said[-1] == "Revelation Matrix played before activating, in play until the Pulse round ends"
        await pilot.press("y")  # a second card before activating: said, not taken as the "after" one
        await pilot.pause()
        assert "activate a unit (t) first" in said[-1] and not isinstance(app.screen, ChoiceDialog)
        await pilot.press("t", "y")  # activated; the other Harmonic, a solo's: none in play
        await paste(pilot, "encrypted")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.prompt.title == "Matt's Alliance skirmish: play which Cypher?", "refused there, still open"
        assert said[-1] == "no unit of yours in play it may be played on now"
        await pilot.press("escape")
        await pilot.pause()
        assert [e.event["card"] for e in app.screen.session.ledger.spent if e.event["kind"] == "play"] == [
            "revelation-matrix"
        ]
        detail = str(app.screen.query_one("#unit-detail", Static).render()).splitlines()
        assert detail[2:4] == ["Arc 0 of 3 · activated", "Cyphers on it: Revelation Matrix"]
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SpentDialog)
        shown = lambda n: str(app.screen.query_one(f"#spent-side-{n}", Static).render())
        assert "Hand: Plexus Densifier, Malediction Rubric" in shown(0) and "Revelation Matrix on Firebrand" in shown(0)
        assert shown(1) == "Will's Marcher force\nArc 7 · gates none · on units 0 · hand 5 · Pulse 1.1"
        await pilot.press("tab")
        await pilot.pause()
        assert "Hand: " in shown(1) and "Hand: " not in shown(0)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("down", "p")  # the Paladin Annihilators, after the set-up, with no gate
        await pilot.pause()
        assert said[-1].startswith("No void gate in play to deploy through: place one (q) at this turn")


async def test_at_a_crowded_table_the_spent_line_follows_the_side_tab_shows(tmp_path, capsys):
    examples_in(tmp_path)
    path = tmp_path / "battle.toml"
    third = (EXAMPLES / "warsurge-499.toml").read_text(encoding="utf-8").replace("Fantasy Army", "Second Army")
    (tmp_path / "third.toml").write_text(third, encoding="utf-8")
    opponents = [str(tmp_path / "warsurge-apc.toml"), str(tmp_path / "third.toml")]
    new_battle(tmp_path / "warsurge-499.toml", opponents, path)
    assert main(["battle", "cp", str(path), "--side", "Second Army", "place", "1", "battlefield"]) == 0
    assert main(["battle", "cp", str(path), "roll", "4"]) == 0
    capsys.readouterr()
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = lambda: str(app.screen.query_one("#spend-lines").render())
        assert line() == "Fantasy Army: CP 4 · spent 0 · game turn 1"
        await pilot.press("tab")
        await pilot.pause()
        assert line() == "Ursus strike force: CP 4 · spent 0 · game turn 1"
        await pilot.press("tab")
        await pilot.pause()
        assert line() == "Second Army: CP 6 · spent 0 · game turn 1"


async def test_the_game_turn_key_says_the_turn_masters_dice_the_ledger_keeps_the_sum_and_time_attack_offers_1_cp(
    tmp_path, capsys
):
    """An Advanced game whose players agreed Time Attack (10 seconds): `n` before the CP roll asks, `m` rolls, `s`
    shows the sum in the ledger; when the timer runs out the 1 CP it costs is offered; `n` then goes on, and after it
    `n` asks again, whose two answers go on or roll."""
    examples_in(tmp_path)
    setup, path = tmp_path / "setup.toml", tmp_path / "battle.toml"
    agreed = ["--playstyle", "advanced", "--time-attack", "10", "--seed", "5"]
    assert main(["scenario", "setup", "warsurge", *agreed, "-o", str(setup)]) == 0
    ours, theirs = tmp_path / "warsurge-499.toml", tmp_path / "warsurge-apc.toml"
    assert main(["battle", "new", str(ours), "--opponent", str(theirs), "--setup", str(setup), "-o", str(path)]) == 0
    assert main(["battle", "cp", str(path), "--side", "us", "place", "1", "battlefield"]) == 0
    capsys.readouterr()
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        battle_screen = app.screen
        said = notifications(app)
        rows = app.screen.query_one("#side-0", OptionList)  # where each unit is, beside its points
        firsts = [rows.get_option_at_index(n).prompt.plain.splitlines()[0] for n in range(rows.option_count)]
        assert firsts == [
            "Catapult  269/269  on field",
            "Dwarven Berserkers  180/180  reserve",
            "Human Knights  50/50  reserve",
        ]
        theirs = app.screen.query_one("#side-1", OptionList)  # none placed, no roll: nowhere known, as reports say
        assert [theirs.get_option_at_index(n).prompt.plain.splitlines()[0] for n in range(2)] == [
            "Ursus APC  110/110",
            "Troopers  51.3/51.3",
        ]
        await pilot.press("n")  # before the roll: asked, and Escape stays in game turn 1
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog) and app.screen.question.startswith(
            "Game turn 1's CP dice were not rolled (m)."
        )
        await pilot.press("escape")
        await pilot.pause()
        assert battle_screen.session.ledger.turn == 1 and len(battle_screen.session.ledger.spent) == 1
        await pilot.press("m")
        await pilot.pause()
        roll = app.screen.session.ledger.spent[-1].event["roll"]
        shown = " ".join(map(str, roll))
        assert said == [
            f"The Turn Master rolled {shown}: +{sum(roll)} CP each, and 2 more for each unit on the battlefield"
        ]
        await pilot.press("s")
        await pilot.pause()
        ledger = str(app.screen.query_one("#spent-side-0", Static).render()).splitlines()
        assert ledger[-1] == f"turn 1  +{2 + sum(roll)} CP: 2 for 1 unit, {sum(roll)} rolled ({shown}), 0 carried over"
        await pilot.press("escape", "t")
        assert app.screen.clock is not None  # the clock beats four times a second
        app.screen.deadline = time.monotonic() - 1  # the ten seconds have run out: the next beat says so
        app.screen.tick()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("enter")  # the side whose pane has the focus: ours
        await pilot.pause()
        assert app.screen.session.ledger.spent[-1].event == {"kind": "overrun"}
        line = str(app.screen.query_one("#spend-lines").render()).splitlines()[0]
        assert line.endswith(f"CP {2 + sum(roll) - 1} · spent 1 · game turn 1"), line
        await pilot.press("n")  # rolled: on at once
        await pilot.pause()
        assert battle_screen.session.ledger.turn == 2 and app.screen is battle_screen
        await pilot.press("n", "n")  # not rolled: asked, and "Next turn without them" goes on
        await pilot.pause()
        assert battle_screen.session.ledger.turn == 3 and app.screen is battle_screen
        await pilot.press("n", "r")  # "Roll them now": rolled, still game turn 3
        await pilot.pause()
        assert battle_screen.session.ledger.turn == 3 and battle_screen.session.ledger.spent[-1].round == 3
        detail = str(app.screen.query_one("#unit-detail", Static).render()).splitlines()[:2]
        assert detail == ["Catapult  269 of 269 points left", "battlefield"]  # where it is, below its heading
        # (a unit in reserve refused the damage key's mark, saying why: tests/test_warsurge_battle_places.py)


async def test_the_roll_key_on_a_first_game_turn_with_nothing_placed_says_how_units_deploy_before_it(tmp_path):
    """As `battle cp roll` says it: `m` with no unit of anyone's on the battlefield gave the dice alone and no word
    of why no unit gave CP."""
    path = strike_battle(tmp_path)
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        said = notifications(app)
        await pilot.press("m")
        await pilot.pause()
        roll = app.screen.session.ledger.spent[-1].event["roll"]
        assert said == [
            f"The Turn Master rolled {' '.join(map(str, roll))}: +{sum(roll)} CP each, and 2 more for each unit on the "
            "battlefield. No unit was on the battlefield, so none gave CP: the book has players deploy before this "
            "roll (u places the highlighted unit); from now on a unit deploys with the Deploy action."
        ]
