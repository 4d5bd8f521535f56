"""`warbench battle cp` says what it did in one line before the player's CP line: the roll, the unit placed and
where, the action and what it cost, the timer's overrun."""

from __future__ import annotations

import pytest

from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from tests.fixtures.warsurge_cp import cp, strike_battle


@pytest.fixture
def battle(tmp_path):
    return strike_battle(tmp_path)


def said(capsys, battle, *words: str) -> list[str]:
    code, out, err = cp(capsys, battle, *words)
    assert (code, err) == (0, "")
    return out.splitlines()


def test_each_place_is_said_with_where_the_unit_now_is(battle, capsys):
    assert said(capsys, battle, "--side", "us", "place", "Troopers", "embarked") == [
        "Placed Troopers embarked in Ursus APC, in reserve with it (free).",  # the Ursus not placed yet
        "Ursus strike force: CP 0 · game turn 1: CP dice not rolled yet",
    ]
    assert said(capsys, battle, "--side", "us", "place", "Ursus", "battlefield")[0] == (
        "Placed Ursus APC on the battlefield, with Troopers and Sniper Troopers embarked (free)."  # Sniper along
    )
    assert said(capsys, battle, "--side", "us", "place", "Sniper", "embarked")[0] == (
        "Placed Sniper Troopers embarked in Ursus APC (free)."
    )
    assert said(capsys, battle, "--side", "us", "place", "Revenge", "reserve")[0] == (
        "Placed Revenge Wing Biker in reserve (free)."
    )
    assert (
        said(capsys, battle, "--side", "us", "place", "Ursus", "casualty")[0]
        == "Placed Ursus APC as a casualty (free)."
    )
    assert said(capsys, battle, "--side", "us", "place", "Troopers", "reserve")[0] == (
        "Placed Troopers in reserve (free)."
    )
    before = battle.read_bytes()  # the Ursus, the roster's one transport, destroyed: nothing to embark in
    code, out, err = cp(capsys, battle, "--side", "us", "place", "Troopers", "embarked")
    assert (code, out, battle.read_bytes()) == (2, "", before)
    assert err.endswith("Troopers cannot embark: the side has no transport left, each one a casualty\n")


def test_each_action_is_said_with_its_cost_and_the_roll_with_its_dice(battle, capsys):
    said(capsys, battle, "--side", "us", "place", "Ursus", "battlefield")
    said(capsys, battle, "--side", "us", "place", "Second", "battlefield")
    assert said(capsys, battle, "roll", "3", "4")[0] == (
        "Game turn 1 begins: rolled 3 4: +7 CP each, and 2 for each unit on the battlefield."
    )
    assert said(capsys, battle, "--side", "us", "action", "Ursus", "move") == [
        "Ursus APC moved (1 CP).",
        "Ursus strike force: CP 14 · spent 1 · game turn 1",  # 2 a unit: the Ursus, its passengers, the Second
    ]
    assert said(capsys, battle, "--side", "us", "action", "Ursus", "attack", "--counter")[0] == (
        "Ursus APC made a Counter Attack (1 CP)."
    )
    assert said(capsys, battle, "--side", "us", "action", "Ursus", "attack")[0] == (
        "Ursus APC attacked (2 CP: its 2nd Attack this game turn)."
    )
    assert (
        said(capsys, battle, "--side", "us", "action", "Revenge", "deploy")[0] == "Revenge Wing Biker deployed (free)."
    )
    assert said(capsys, battle, "--side", "us", "action", "Second", "support") == [
        "Second Biker gave Support (+1 CP).",
        "Ursus strike force: CP 12 · spent 3 · game turn 1",
    ]
    assert said(capsys, battle, "--side", "us", "action", "Revenge", "use-perks")[0] == (
        "Revenge Wing Biker used its perks (1 CP)."
    )


def test_the_overrun_is_said_paid_or_with_nothing_left_to_pay(battle, capsys):
    said(capsys, battle, "roll", "1", "1")
    assert said(capsys, battle, "--side", "us", "overrun") == [
        "Over the timer: 1 CP paid.",
        "Ursus strike force: CP 1 · spent 1 · game turn 1",
    ]
    said(capsys, battle, "--side", "us", "overrun")
    assert said(capsys, battle, "--side", "us", "overrun")[0] == "Over the timer: no CP left to pay."


def test_a_refused_command_says_only_why(battle, capsys):
    before = battle.read_bytes()
    assert cp(capsys, battle, "--side", "us", "action", "Ursus", "move") == (
        2,
        "",
        "warbench: not recorded: game turn 1 has no CP yet: roll the Turn Master's dice first "
        "(`battle cp BATTLE roll`)\n",
    )
    assert battle.read_bytes() == before


def test_a_battle_stepped_back_before_later_events_says_only_the_cp_line(battle, capsys):
    """The state after the replay speaks of the events recorded later, so no sentence is made of it (the reviewer's:
    the Biker's first dash was said to cost 2, the Ursus's second move's price)."""

    said(capsys, battle, "--side", "us", "place", "Ursus", "battlefield")
    said(capsys, battle, "--side", "us", "place", "Revenge", "battlefield")
    said(capsys, battle, "roll", "3", "4")
    said(capsys, battle, "--side", "us", "action", "Revenge", "move")
    assert main(["battle", "turn", str(battle), "--round"]) == 0
    said(capsys, battle, "roll", "3", "4")
    said(capsys, battle, "--side", "us", "action", "Ursus", "move")
    said(capsys, battle, "--side", "us", "action", "Ursus", "move")
    session = BattleSession(battle, Store(battle.parent / "data"))
    while session.ledger.turn > 1:  # back into game turn 1, before the Ursus's moves
        session.next_turn(-1)
    session.save()
    lines = said(capsys, battle, "--side", "us", "action", "Revenge", "dash")
    assert len(lines) == 1 and lines[0].startswith("Ursus strike force: CP ")
