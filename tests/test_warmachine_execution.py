"""Execution Mode's Leader at 0 boxes, as the casual scenarios' book has it: in play and vulnerable unless an enemy
Leader's attack did it; at its player's next turn start it stops being vulnerable and 1 damage is removed. The
scenario's bar, the unit's row and its focus line say the same."""

from __future__ import annotations

import shutil

import pytest
import tomli_w

from builder.battles import read_battle
from builder.battles.session import BattleSession
from builder.campaigns.ledger import LedgerError
from builder.cli import main
from builder.editing.storage import Store
from builder.game import game
from builder.scenarios import find_scenario
from builder.scenarios.table import Table
from builder.scenarios.victory import decide
from tests.conftest import EXAMPLES


@pytest.fixture
def battle(tmp_path):
    """First Blood in Execution Mode, Anna attacking, her Leader (unit 1, 16 boxes) at 0 boxes in her first turn."""
    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "army.toml")
    path = tmp_path / "battle.toml"
    army = str(tmp_path / "army.toml")
    new = ["battle", "new", army, "--opponent", army, "--player", "Anna", "--player", "Ben"]
    assert main([*new, "--scenario", "first-blood", "--attacker", "Anna", "--mode", "execution", "-o", str(path)]) == 0
    assert main(["battle", "mark", str(path), "--unit", "1", "--damage", "16"]) == 0
    return path


def report(path, capsys) -> list[str]:
    """The lines of the battle's report that say how Anna's Leader stands."""
    capsys.readouterr()
    main(["battle", str(path)])
    lines = capsys.readouterr().out.splitlines()
    return [lines[2].split("0/0", 1)[1].strip(), lines[10].strip(), next(x for x in lines if x.startswith("Leaders"))]


def test_a_leader_at_0_boxes_is_vulnerable_in_the_bar_and_on_its_row(battle, capsys):
    assert report(battle, capsys) == [
        "0/16 boxes  vulnerable",
        "Commander Ysolde Varr focus 7 · cohort 0 · feat ready · vulnerable",
        "Leaders: Anna vulnerable, Ben in play (Execution Mode)",
    ]


def test_at_its_players_next_turn_it_recovers_with_1_box_and_its_focus(battle, capsys):
    assert main(["battle", "score", str(battle), "--side", "Anna", "--leader", "other"]) == 0
    assert main(["battle", "turn", str(battle)]) == 0  # Ben's turn: still vulnerable
    assert report(battle, capsys)[0] == "0/16 boxes  vulnerable"
    assert main(["battle", "turn", str(battle)]) == 0  # Anna's second turn begins
    assert report(battle, capsys) == [
        "1/16 boxes",
        "Commander Ysolde Varr focus 7 · cohort 0 · feat ready",
        "Leaders: Anna in play, Ben in play (Execution Mode)",
    ]
    saved = read_battle(battle)
    assert saved.marks(0)[0].damage == [15]
    assert saved.play is not None
    assert [(e.leader, e.round, e.turn) for e in saved.play.events] == [("other", 1, 0), ("recovered", 2, 0)]


def test_going_back_a_turn_heals_nothing(battle, tmp_path):
    session = BattleSession(battle, Store(tmp_path / "data"))
    session.next_turn()
    session.next_turn(-1)
    assert session.ledger.marks(0)[0].damage == [16]


def test_the_next_round_begins_with_its_recovery_too(battle, tmp_path):
    session = BattleSession(battle, Store(tmp_path / "data"))
    session.next_round()  # Anna's second turn
    assert session.ledger.marks(0)[0].damage == [15]


def test_recorded_vulnerable_without_the_boxes_marked_recovers_in_the_record_alone(battle, capsys):
    unmarked = read_battle(battle)
    battle.write_text(tomli_w.dumps(unmarked.with_marks(0, []).model_dump(exclude_none=True)))
    assert main(["battle", "score", str(battle), "--side", "Anna", "--leader", "other"]) == 0
    for _ in range(2):
        assert main(["battle", "turn", str(battle)]) == 0
    assert report(battle, capsys)[::2] == ["16/16 boxes", "Leaders: Anna in play, Ben in play (Execution Mode)"]


def test_an_enemy_leaders_attack_destroys_it_everywhere(battle, capsys):
    assert main(["battle", "score", str(battle), "--side", "Anna", "--leader", "enemy-leader"]) == 0
    assert report(battle, capsys) == [
        "0/16 boxes  destroyed",
        "Commander Ysolde Varr destroyed",
        "Leaders: Anna destroyed, Ben in play (Execution Mode)",
    ]
    capsys.readouterr()
    assert main(["battle", "focus", str(battle), "--side", "Anna", "allocate", "2", "1"]) == 2
    assert capsys.readouterr().err == (
        "warbench: not recorded: Commander Ysolde Varr is destroyed: it has no points to gain, give or spend\n"
    )
    for _ in range(2):
        assert main(["battle", "turn", str(battle)]) == 0
    assert report(battle, capsys)[0] == "0/16 boxes  destroyed"  # no recovery for a destroyed Leader


def test_the_victory_rules_read_0_boxes_as_vulnerable_in_execution_mode_alone():
    scenario = find_scenario("first-blood")
    book = game("warmachine").scenarios
    table = Table(("Anna", "Ben"), mode="execution", leaders_down=(True, False))
    assert decide(scenario, book, table).leaders == ("vulnerable", "in play")
    assassination = Table(("Anna", "Ben"), mode="assassination", leaders_down=(True, False))
    assert decide(scenario, book, assassination).leaders == ("destroyed", "in play")


def test_the_turn_that_ends_the_game_recovers_no_leader_and_leaves_the_battle_valid(tmp_path, capsys):
    """Ben 3 VP ahead when Anna's third turn ends wins then; his Leader, vulnerable at 0 boxes, does not recover
    into a turn that never begins (the recovery was recorded after the end: the file read as NOT VALID)."""
    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "army.toml")
    path, army = tmp_path / "battle.toml", str(tmp_path / "army.toml")
    new = ["battle", "new", army, "--opponent", army, "--player", "Anna", "--player", "Ben"]
    assert main([*new, "--scenario", "first-blood", "--attacker", "Anna", "--mode", "execution", "-o", str(path)]) == 0
    for _ in range(3):
        assert main(["battle", "turn", str(path)]) == 0  # to Ben's second turn
    assert main(["battle", "score", str(path), "--side", "Ben", "--vp", "3"]) == 0
    assert main(["battle", "turn", str(path)]) == 0  # Anna's third turn
    assert main(["battle", "mark", str(path), "--side", "Ben", "--unit", "1", "--damage", "16"]) == 0
    assert main(["battle", "score", str(path), "--side", "Ben", "--leader", "other"]) == 0
    assert main(["battle", "turn", str(path)]) == 0  # her turn ends: Ben 3 ahead
    capsys.readouterr()
    assert main(["battle", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Battle, ") and "NOT VALID" not in out and "Game over: Ben wins" in out, out
    assert read_battle(path).opponent_units[0].damage == [16]


def test_a_vulnerable_leaders_damage_cannot_be_marked_off_until_it_recovers(battle, capsys):
    """ "It cannot make attacks or have damage removed from it": `battle mark --damage -1` is refused as `battle focus
    heal` is, and the file stays as it was; once its turn start has removed 1 damage, it heals as any model."""
    before = battle.read_bytes()
    capsys.readouterr()
    assert main(["battle", "mark", str(battle), "--unit", "1", "--damage", "-1"]) == 2
    said = capsys.readouterr()
    assert (said.out, said.err) == (
        "",
        "warbench: not marked: Commander Ysolde Varr is vulnerable: it cannot have damage removed\n",
    )
    assert battle.read_bytes() == before
    session = BattleSession(battle, Store(battle.parent / "data"))
    with pytest.raises(LedgerError, match="^not marked: Commander Ysolde Varr is vulnerable: it cannot have dam"):
        session.take(0, 0, -3)
    with pytest.raises(LedgerError, match="^not marked: Commander Ysolde Varr is vulnerable: it cannot have dam"):
        session.casualty(0, 0, restore=True)  # the screen's `b`, a model back, would clear its boxes
    session.take(1, 0, 2)
    session.take(1, 0, -1)  # Ben's Leader, not vulnerable, heals
    session.next_turn()
    session.next_turn()  # Anna's second turn: her Leader recovers with 1 box
    session.take(0, 0, -1)
    assert [sum(session.mark(s, 0).damage) for s in (0, 1)] == [14, 1]


def test_damage_on_a_vulnerable_leader_says_how_it_is_destroyed(battle, capsys):
    """At 0 boxes a vulnerable Leader is destroyed only by an enemy Leader's attack, a fate `battle score --leader`
    records: `--damage 1` (the screen's `-`, `c`) says so, where it said "the mark changes nothing" (the screen: no
    word at all), and writes nothing."""
    before = battle.read_bytes()
    capsys.readouterr()
    assert main(["battle", "mark", str(battle), "--unit", "1", "--damage", "1"]) == 2
    assert capsys.readouterr().err == (
        "warbench: not marked: Commander Ysolde Varr is vulnerable at 0 boxes: only an attack by an enemy Leader "
        "destroys it, recorded as the Leader's fate (the builder's l key, or battle score --leader enemy-leader), not as damage\n"
    )
    assert battle.read_bytes() == before
    session = BattleSession(battle, Store(battle.parent / "data"))
    with pytest.raises(LedgerError, match="^not marked: Commander Ysolde Varr is vulnerable at 0 boxes: only an"):
        session.casualty(0, 0)
