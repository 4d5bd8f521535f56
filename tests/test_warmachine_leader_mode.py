"""Warmachine's Leader is read from one record: focus heals by the mode the scenario plays (Execution Mode at 50
points or less with no `--mode`, Street by Street always), a Leader the scenario's record destroyed with boxes left
stands destroyed on its row, and `battle focus vulnerable` records what `battle score --leader other` does."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from textual.widgets import OptionList, Static

from builder.battles import read_battle
from builder.battles.session import BattleSession
from builder.battles.standing import leader_record
from builder.campaigns.ledger import LedgerError
from builder.cli import main
from builder.editing.storage import Store
from builder.games.warmachine.focus import Vulnerable
from builder.scenarios import edits
from builder.tui.app import make_app
from tests.conftest import EXAMPLES

PATROL = """warbench = 1
game = "warmachine"
catalogue = "warmachine-example"
name = "Cogmire patrol"
faction = "cogmire-union"
points = 50

[[units]]
id = "commander-ysolde-varr"

[[units]]
id = "bulwark-warjack"
hardpoints = { left-arm = "breach-drill", right-arm = "steam-cannon", shoulder = "flare-mortar" }
battlegroup = "commander-ysolde-varr"

[[units]]
id = "rivetgun-squad"
"""
"""A 33-point army (Ysolde, a Bulwark, a Rivetgun Squad): Execution Mode by size."""


def new(tmp_path: Path, army: str, *more: str) -> str:
    """A battle of the army against itself, Anna attacking (her first turn), Ben second."""
    if army == "patrol":
        (tmp_path / "army.toml").write_text(PATROL)
    else:
        shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "army.toml")
    path, roster = tmp_path / "battle.toml", str(tmp_path / "army.toml")
    command = ["battle", "new", roster, "--opponent", roster, "--player", "Anna", "--player", "Ben"]
    assert main([*command, "--attacker", "Anna", *more, "-o", str(path)]) == 0
    return str(path)


def run(capsys, *command: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(command))
    said = capsys.readouterr()
    return code, said.out, said.err


def damage(path: str, side: int = 0) -> list[int]:
    return next((m.damage for m in read_battle(path).marks(side) if m.index == 0), [])


def report(path: str, capsys) -> tuple[str, str, str]:
    """Anna's Leader's row, Anna's focus line and the scenario's Leaders line, as `battle` prints them."""
    _, out, _ = run(capsys, "battle", path)
    lines = out.splitlines()
    bens = next(n for n, line in enumerate(lines) if line.startswith("Ben: "))
    return lines[2].strip(), lines[bens - 1].strip(), lines[-1]


def as_json(path: str, capsys) -> dict:
    code, out, _ = run(capsys, "battle", path, "--json")
    assert code == 0
    return json.loads(out)


def session(path: str) -> BattleSession:
    return BattleSession(path, Store(Path(path).parent / "data"))


# -- 1. focus heals by the mode the scenario plays ---------------------------------------------------------------------


def test_a_50_point_battle_with_no_mode_heals_five_a_point_as_its_bar_says_execution(tmp_path, capsys):
    path = new(tmp_path, "patrol", "--scenario", "first-blood")
    assert main(["battle", "mark", path, "--unit", "1", "--damage", "10"]) == 0
    assert run(capsys, "battle", "focus", path, "--side", "Anna", "heal", "Commander", "1") == (
        0,
        "Anna: Commander Ysolde Varr focus 6 · cohort 0 · feat ready\n",
        "",
    )
    assert damage(path) == [5]
    assert report(path, capsys) == (
        "Commander Ysolde Varr              0/0       11/16 boxes",
        "Commander Ysolde Varr focus 6 · cohort 0 · feat ready",
        "Leaders: Anna in play, Ben in play (Execution Mode)",
    )
    assert as_json(path, capsys)["mode"] == "execution"


def test_the_same_army_told_assassination_heals_one_a_point(tmp_path):
    path = new(tmp_path, "patrol", "--scenario", "first-blood", "--mode", "assassination")
    assert main(["battle", "mark", path, "--unit", "1", "--damage", "10"]) == 0
    assert main(["battle", "focus", path, "--side", "Anna", "heal", "Commander", "2"]) == 0
    assert damage(path) == [8]


def test_a_75_point_battle_heals_one_a_point_but_street_by_street_is_always_execution(tmp_path, capsys):
    first_blood = new(tmp_path, "vanguard", "--scenario", "first-blood")
    assert main(["battle", "mark", first_blood, "--unit", "1", "--damage", "10"]) == 0
    assert main(["battle", "focus", first_blood, "--side", "Anna", "heal", "Commander", "1"]) == 0
    assert damage(first_blood) == [9]
    (tmp_path / "street").mkdir()
    street = new(tmp_path / "street", "vanguard", "--scenario", "street-by-street")
    assert main(["battle", "mark", street, "--unit", "1", "--damage", "10"]) == 0
    assert main(["battle", "focus", street, "--side", "Anna", "heal", "Commander", "1"]) == 0
    assert damage(street) == [5]
    assert report(street, capsys)[2] == "Leaders: Anna in play, Ben in play (Execution Mode)"  # was: Assassination
    assert as_json(street, capsys)["mode"] == "execution"


def test_a_file_healed_one_a_point_before_reads_as_it_was_written(tmp_path, capsys):
    """A 33-point battle written before focus read the scenario's mode: its heal took 1 box off, as the file's marks
    still say; replaying it takes nothing more off and refuses nothing."""
    path = new(tmp_path, "patrol", "--scenario", "first-blood")
    battle = Path(path)
    battle.write_text(
        battle.read_text()
        + "\n[[units]]\nindex = 0\ndamage = [9]\n\n[[spent]]\nside = 0\nround = 1\nturn = 0\nstep = 0\n"
        + 'event = { kind = "heal", leader = 0 }\n'
    )
    assert report(path, capsys)[:2] == (
        "Commander Ysolde Varr              0/0       7/16 boxes",
        "Commander Ysolde Varr focus 6 · cohort 0 · feat ready",
    )
    assert as_json(path, capsys)["valid"] is True and damage(path) == [9]


# -- 2. a Leader the scenario's record destroyed stands destroyed on its row -------------------------------------------


def test_a_leader_recorded_destroyed_with_boxes_left_is_destroyed_on_its_row_and_in_json(tmp_path, capsys):
    path = new(tmp_path, "vanguard", "--scenario", "first-blood")  # 75 points: Assassination Mode
    assert main(["battle", "mark", path, "--unit", "1", "--damage", "3"]) == 0
    assert main(["battle", "score", path, "--side", "Anna", "--leader", "other"]) == 0
    assert report(path, capsys) == (
        "Commander Ysolde Varr              0/0       0/16 boxes  destroyed",
        "Commander Ysolde Varr destroyed",
        "Game over: Ben wins: destroyed Anna's Leader (Assassination Mode)",
    )
    found = as_json(path, capsys)
    assert found["sides"][0]["units"][0] == {
        "name": "Commander Ysolde Varr",
        "points": 0,
        "remaining": 0,
        "models": 1,
        "models_left": 0,
        "boxes_left": 0,
    }
    assert found["sides"][0]["resources"]["summary"] == "Commander Ysolde Varr destroyed"
    assert damage(path) == [3]  # the tracker's marks stay as they were made
    state = session(path).result.sides[0].states[0]
    assert (state.destroyed, state.struck) == (True, 13)


def test_undoing_the_record_brings_its_boxes_back(tmp_path, capsys):
    path = new(tmp_path, "vanguard", "--scenario", "first-blood")
    played = session(path)
    played.take(0, 0, 3)
    played.play("leader", edits.leader, 0, "other")
    assert played.result.sides[0].states[0].boxes_left == 0
    played.undo()
    state = played.result.sides[0].states[0]
    assert (state.destroyed, state.models_left, state.boxes_left, state.struck) == (False, 1, 13, 0)


def test_an_enemy_leaders_attack_on_a_leader_recorded_vulnerable_destroys_it_on_its_row(tmp_path, capsys):
    path = new(tmp_path, "patrol", "--scenario", "first-blood")  # Execution Mode
    assert main(["battle", "mark", path, "--unit", "1", "--damage", "3"]) == 0
    assert main(["battle", "score", path, "--side", "Anna", "--leader", "other"]) == 0
    assert main(["battle", "score", path, "--side", "Anna", "--leader", "enemy-leader"]) == 0
    assert report(path, capsys) == (
        "Commander Ysolde Varr              0/0       0/16 boxes  destroyed",
        "Commander Ysolde Varr destroyed",
        "Leaders: Anna destroyed, Ben in play (Execution Mode)",
    )


# -- 3. `battle focus vulnerable` records the scenario's Leader record -------------------------------------------------


def test_focus_vulnerable_records_the_scenarios_other_so_bar_row_and_focus_agree(tmp_path, capsys):
    path = new(tmp_path, "patrol", "--scenario", "first-blood")
    assert main(["battle", "mark", path, "--unit", "1", "--damage", "3"]) == 0
    assert run(capsys, "battle", "focus", path, "--side", "Anna", "vulnerable", "Commander") == (
        0,
        "Anna: Commander Ysolde Varr focus 7 · cohort 0 · feat ready · vulnerable\n",
        "",
    )
    saved = read_battle(path)
    assert saved.spent == [] and saved.play is not None
    assert [(e.side, e.round, e.turn, e.leader) for e in saved.play.events] == [(0, 1, 0, "other")]
    assert report(path, capsys) == (
        "Commander Ysolde Varr              0/0       13/16 boxes  vulnerable",
        "Commander Ysolde Varr focus 7 · cohort 0 · feat ready · vulnerable",
        "Leaders: Anna vulnerable, Ben in play (Execution Mode)",
    )
    assert main(["battle", "turn", path]) == 0 and main(["battle", "turn", path]) == 0  # Anna's second turn
    assert report(path, capsys) == (
        "Commander Ysolde Varr              0/0       13/16 boxes",
        "Commander Ysolde Varr focus 7 · cohort 0 · feat ready",
        "Leaders: Anna in play, Ben in play (Execution Mode)",
    )
    assert damage(path) == [3]  # recorded vulnerable with boxes left: its recovery removes nothing it has not got


def test_focus_vulnerable_on_a_leader_vulnerable_already_is_refused_and_writes_nothing(tmp_path, capsys):
    path = new(tmp_path, "patrol", "--scenario", "first-blood")
    assert main(["battle", "mark", path, "--unit", "1", "--damage", "16"]) == 0  # at 0 boxes: vulnerable
    before = Path(path).read_text()
    assert run(capsys, "battle", "focus", path, "--side", "Anna", "vulnerable", "Commander")[::2] == (
        2,
        "warbench: not recorded: Commander Ysolde Varr is vulnerable already\n",
    )
    assert Path(path).read_text() == before


def test_focus_vulnerable_from_the_session_is_one_undo_step(tmp_path):
    path = new(tmp_path, "patrol", "--scenario", "first-blood")
    played = session(path)
    played.spend(0, {"kind": "vulnerable", "leader": 0}, "Commander: vulnerable")
    assert played.result.judged is not None and played.result.judged.outcome.leaders == ("vulnerable", "in play")
    assert played.undo() == "Commander: vulnerable"
    assert played.ledger.play is not None and played.ledger.play.events == []


def test_focus_vulnerable_outside_execution_mode_is_refused_and_writes_nothing(tmp_path, capsys):
    path = new(tmp_path, "vanguard", "--scenario", "first-blood")  # Assassination Mode: `other` would destroy it
    before = Path(path).read_text()
    assert run(capsys, "battle", "focus", path, "--side", "Anna", "vulnerable", "Commander") == (
        2,
        "",
        "warbench: not recorded: only in Execution Mode does a Leader become vulnerable\n",
    )
    assert Path(path).read_text() == before


def test_focus_vulnerable_on_a_leader_already_destroyed_is_refused(tmp_path, capsys):
    path = new(tmp_path, "patrol", "--scenario", "first-blood")
    assert main(["battle", "mark", path, "--unit", "1", "--damage", "16"]) == 0
    assert main(["battle", "score", path, "--side", "Anna", "--leader", "enemy-leader"]) == 0
    assert run(capsys, "battle", "focus", path, "--side", "Anna", "vulnerable", "Commander")[::2] == (
        2,
        "warbench: not recorded: that Leader is already destroyed\n",
    )


def test_a_vulnerable_event_a_file_holds_already_reads_as_before(tmp_path, capsys):
    """Written by `battle focus vulnerable` before it recorded the scenario's record: focus alone says it."""
    path = new(tmp_path, "patrol", "--scenario", "first-blood", "--mode", "execution")
    battle = Path(path)
    battle.write_text(
        battle.read_text()
        + '\n[[spent]]\nside = 0\nround = 1\nturn = 0\nstep = 0\nevent = { kind = "vulnerable", leader = 0 }\n'
    )
    assert report(path, capsys) == (
        "Commander Ysolde Varr              0/0       16/16 boxes",
        "Commander Ysolde Varr focus 7 · cohort 0 · feat ready · vulnerable",
        "Leaders: Anna in play, Ben in play (Execution Mode)",
    )
    assert as_json(path, capsys)["valid"] is True


def test_focus_vulnerable_without_a_scenario_stays_focuss_own_record(tmp_path, capsys):
    path = new(tmp_path, "patrol")  # no scenario, no mode: nothing judges Leaders, nothing is in Execution Mode
    assert run(capsys, "battle", "focus", path, "--side", "Anna", "vulnerable", "Commander")[::2] == (
        2,
        "warbench: not recorded: only in Execution Mode does a Leader become vulnerable\n",
    )


def test_a_controller_that_is_not_the_armys_leader_is_refused_in_one_line():
    """No bundled army has one (every controller is its Leader): the table as the battle would hand it."""
    side = SimpleNamespace(state_of=lambda index: SimpleNamespace(track=SimpleNamespace(leader=False, name="Marshal")))
    result = SimpleNamespace(
        spending=SimpleNamespace(book=SimpleNamespace(leader_event=lambda state, side, event: (3, "other")), state=0),
        judged=SimpleNamespace(outcome=SimpleNamespace(leaders=("in play", "in play"))),
        sides=(side, side),
    )
    with pytest.raises(LedgerError) as caught:
        leader_record(result, 0, Vulnerable(leader=3))  # type: ignore[arg-type]
    assert str(caught.value) == "not recorded: Marshal is not the army's Leader (only a Leader becomes vulnerable)"


async def test_the_apps_row_says_vulnerable_then_destroyed_by_the_leader_key_at_80x24(tmp_path):
    """Wiring only: the row and the detail read the state the report reads (tested above without a screen)."""
    path = new(tmp_path, "patrol", "--scenario", "first-blood")
    assert main(["battle", "mark", path, "--unit", "1", "--damage", "3"]) == 0
    assert main(["battle", "focus", path, "--side", "Anna", "vulnerable", "Commander"]) == 0
    app = make_app(Path(path), data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one("#side-0", OptionList)
        assert pane.get_option_at_index(0).prompt.plain == "Commander Ysolde Varr  0/0\n  13/16 boxes  vulnerable"
        await pilot.press("l", "enter", "enter")  # Anna's Leader: destroyed by the enemy Leader's attack
        await pilot.pause()
        assert pane.get_option_at_index(0).prompt.plain == "Commander Ysolde Varr  0/0\n  0/16 boxes"
        detail = str(app.screen.query_one("#unit-detail", Static).render())
        assert detail == (
            "Commander Ysolde Varr  0 of 0 points left  DESTROYED\n"
            "destroyed by the scenario's Leader record; 13 boxes unmarked"
        )
