"""Warmachine focus follows the battle's own standing: a Leader vulnerable in Execution Mode (at 0 boxes, or recorded
so) removes no damage from itself, a model destroyed by mistake and marked back holds points again, a round jumped
recovers the vulnerable Leader of each turn it passes, and an enemy Leader's attack destroys no Leader with boxes
left that is not vulnerable."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import MappingProxyType

import pytest

from builder.battles import read_battle
from builder.battles.session import BattleSession
from builder.campaigns.ledger import LedgerError
from builder.cli import main
from builder.editing.storage import Store
from builder.games.warmachine.focus import ControlPhase, Destroyed, Leader, Restored, apply_focus, new_focus
from builder.resources import Refused
from builder.scenarios import edits
from tests.conftest import EXAMPLES

HEAL_REFUSED = "warbench: not recorded: Commander Ysolde Varr is vulnerable: it cannot have damage removed\n"


def new(tmp_path, *more: str) -> str:
    """First Blood in Execution Mode, Anna attacking (her first turn), both with the example army."""
    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "army.toml")
    path, army = tmp_path / "battle.toml", str(tmp_path / "army.toml")
    command = ["battle", "new", army, "--opponent", army, "--player", "Anna", "--player", "Ben", *more]
    assert main([*command, "-o", str(path)]) == 0
    return str(path)


@pytest.fixture
def execution(tmp_path) -> str:
    return new(tmp_path, "--scenario", "first-blood", "--attacker", "Anna", "--mode", "execution")


def run(capsys, *command: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(list(command))
    return code, capsys.readouterr().err


def session(path: str) -> BattleSession:
    return BattleSession(path, Store(Path(path).parent / "data"))


def damage(path: str, side: int = 0) -> list[int]:
    return next((m.damage for m in read_battle(path).marks(side) if m.index == 0), [])


# -- 1. a vulnerable Leader removes no damage from itself -------------------------------------------------------------


def test_a_leader_vulnerable_at_0_boxes_cannot_heal_but_allocates_and_uses_its_feat(execution, capsys):
    """The book: a vulnerable Leader cannot make attacks or have damage removed from it; nothing else is taken."""
    assert main(["battle", "mark", execution, "--unit", "1", "--damage", "16"]) == 0
    before = read_battle(execution)
    assert run(capsys, "battle", "focus", execution, "--side", "Anna", "heal", "Commander", "1") == (2, HEAL_REFUSED)
    assert read_battle(execution) == before
    with pytest.raises(LedgerError) as caught:  # the app's way in
        session(execution).spend(0, {"kind": "heal", "leader": 0, "amount": 1}, "heal")
    assert str(caught.value) == HEAL_REFUSED.removeprefix("warbench: ").strip()
    assert main(["battle", "focus", execution, "--side", "Anna", "allocate", "Bulwark", "2"]) == 0
    capsys.readouterr()
    assert main(["battle", "feat", execution, "--side", "Anna", "Commander"]) == 0
    assert capsys.readouterr().out == "Anna: Commander Ysolde Varr focus 5 · cohort 2 · feat used · vulnerable\n"
    assert damage(execution) == [16]


def test_a_leader_recorded_vulnerable_with_boxes_left_cannot_heal_either(execution, capsys):
    assert main(["battle", "mark", execution, "--unit", "1", "--damage", "3"]) == 0
    assert main(["battle", "score", execution, "--side", "Anna", "--leader", "other"]) == 0
    assert run(capsys, "battle", "focus", execution, "--side", "Anna", "heal", "Commander") == (2, HEAL_REFUSED)
    state = session(execution).result.spending
    assert state is not None and state.state.sides[0].vulnerable == frozenset({0})
    assert state.state.sides[1].vulnerable == frozenset()


def test_recovered_at_its_next_turn_it_heals_five_a_point(execution, capsys):
    assert main(["battle", "mark", execution, "--unit", "1", "--damage", "16"]) == 0
    for _ in range(2):
        assert main(["battle", "turn", execution]) == 0  # Ben's turn, then Anna's: 1 damage removed
    assert damage(execution) == [15]
    assert run(capsys, "battle", "focus", execution, "--side", "Anna", "heal", "Commander", "2") == (0, "")
    assert damage(execution) == [5]


def test_a_heal_before_the_leader_fell_in_the_same_turn_stays_valid(execution, capsys):
    """The standing judges what is recorded next, never what was recorded before it in the same turn."""
    assert main(["battle", "mark", execution, "--unit", "1", "--damage", "7"]) == 0
    assert main(["battle", "focus", execution, "--side", "Anna", "heal", "Commander", "1"]) == 0
    assert damage(execution) == [2]
    assert main(["battle", "mark", execution, "--unit", "1", "--damage", "14"]) == 0
    capsys.readouterr()
    assert main(["battle", execution]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Battle, turn 1: valid\n") and "0/16 boxes  vulnerable" in out


# -- 2. destroyed only while it is destroyed --------------------------------------------------------------------------


def test_a_warjack_destroyed_by_mistake_and_marked_back_takes_focus_again(tmp_path, capsys):
    path = new(tmp_path)
    assert main(["battle", "mark", path, "--unit", "2", "--damage", "22"]) == 0
    said = "warbench: not recorded: Bulwark Warjack is destroyed: it has no points to gain, give or spend\n"
    assert run(capsys, "battle", "focus", path, "--side", "us", "allocate", "Bulwark") == (2, said)
    assert main(["battle", "mark", path, "--unit", "2", "--damage", "-22"]) == 0  # the correcting mark
    assert run(capsys, "battle", "focus", path, "--side", "us", "allocate", "Bulwark") == (0, "")
    spent = read_battle(path).spent
    assert [(s.event["kind"], s.event.get("model")) for s in spent] == [
        ("destroyed", 1),
        ("restored", 1),
        ("allocate", 1),
    ]
    for _ in range(2):
        assert main(["battle", "turn", path]) == 0
    assert main(["battle", "mark", path, "--unit", "2", "--damage", "22"]) == 0  # really destroyed, turn 3
    assert [s.event["kind"] for s in read_battle(path).spent][-1] == "destroyed"
    capsys.readouterr()
    assert main(["battle", path]) == 0  # turn 1's allocation, between the two, still counts
    assert capsys.readouterr().out.startswith("Battle, turn 3: valid\n")  # no attacker: a turn is a round


def test_undoing_the_correction_makes_it_destroyed_again(tmp_path):
    path = new(tmp_path)
    assert main(["battle", "mark", path, "--unit", "2", "--damage", "22"]) == 0
    battle = session(path)
    battle.take(0, 1, -22)
    assert battle.result.spending is not None and battle.result.spending.state.sides[0].destroyed == frozenset()
    battle.undo()
    assert battle.result.spending.state.sides[0].destroyed == frozenset({1})
    assert [s.event["kind"] for s in battle.ledger.spent] == ["destroyed"]


def test_a_leader_marked_back_is_replenished_as_if_never_destroyed():
    """Its points are hidden while it is destroyed, not lost: a Control Phase in between replenishes it."""
    army = (Leader(0, "Ysolde", 7, "focus", MappingProxyType({1: "Bulwark"})),)
    state = apply_focus(apply_focus(new_focus(army), ControlPhase()), Destroyed(model=0))
    state = apply_focus(state, ControlPhase())
    assert state.holding(0) == 0
    assert apply_focus(state, Restored(model=0)).holding(0) == 7
    with pytest.raises(Refused) as caught:
        apply_focus(new_focus(army), Restored(model=1))
    assert caught.value.finding.message == "Bulwark is not destroyed: there is nothing to mark back"


# -- 3. a round jumped: each skipped turn begins as a turn does -------------------------------------------------------


def test_jumping_a_round_recovers_the_leader_of_the_turn_it_skips(execution, capsys):
    assert main(["battle", "mark", execution, "--side", "Ben", "--unit", "1", "--damage", "16"]) == 0
    assert main(["battle", "turn", execution, "--round"]) == 0  # Ben's turn 1 passed on the way to Anna's turn 2
    assert damage(execution, 1) == [15]
    assert "Leaders: Anna in play, Ben in play (Execution Mode)" in capsys.readouterr().out


def test_jumping_a_round_records_each_recovery_at_its_own_turn(execution):
    for side in ("Anna", "Ben"):
        assert main(["battle", "score", execution, "--side", side, "--leader", "other"]) == 0
    assert main(["battle", "turn", execution, "--round"]) == 0
    play = read_battle(execution).play
    assert play is not None
    assert [(e.side, e.leader, e.round, e.turn) for e in play.events] == [
        (0, "other", 1, 0),
        (1, "other", 1, 0),
        (1, "recovered", 1, 1),
        (0, "recovered", 2, 0),
    ]


def test_a_jump_undone_is_one_step(execution):
    assert main(["battle", "mark", execution, "--side", "Ben", "--unit", "1", "--damage", "16"]) == 0
    battle = session(execution)
    battle.next_round()
    assert (battle.ledger.turn, battle.ledger.step, battle.ledger.opponent_units[0].damage) == (2, 0, [15])
    battle.undo()
    assert (battle.ledger.turn, battle.ledger.step, battle.ledger.opponent_units[0].damage) == (1, 0, [16])


# -- 4. an enemy Leader's attack destroys a Leader at its last box, or one vulnerable ----------------------------------


def test_an_enemy_leaders_attack_on_a_leader_with_boxes_left_is_refused(execution, capsys):
    assert main(["battle", "mark", execution, "--side", "Ben", "--unit", "1", "--damage", "4"]) == 0
    before = read_battle(execution)
    said = (
        "Ben's Leader has 12 of 16 boxes left and is not vulnerable: mark the attack's damage first "
        "(its last box filled, or any while vulnerable, destroys it)"
    )
    assert run(capsys, "battle", "score", execution, "--side", "Ben", "--leader", "enemy-leader") == (
        2,
        f"warbench: not recorded: {said}\n",
    )
    assert read_battle(execution) == before
    with pytest.raises(LedgerError) as caught:  # the app's way in
        session(execution).play("leader", edits.leader, 1, "enemy-leader")
    assert str(caught.value) == f"not recorded: {said}"


@pytest.mark.parametrize("first", [["mark", "--damage", "12"], ["score", "--leader", "other"]])
def test_at_its_last_box_or_vulnerable_an_enemy_leaders_attack_destroys_it(execution, capsys, first):
    command = ["battle", first[0], execution, "--side", "Ben"]
    assert main([*command, *(["--unit", "1"] if first[0] == "mark" else []), *first[1:]]) == 0
    if first[0] == "mark":
        assert main(["battle", "mark", execution, "--side", "Ben", "--unit", "1", "--damage", "4"]) == 0
    assert main(["battle", "score", execution, "--side", "Ben", "--leader", "enemy-leader"]) == 0
    capsys.readouterr()
    assert main(["battle", execution]) == 0
    out = capsys.readouterr().out
    assert "Leaders: Anna in play, Ben destroyed (Execution Mode)" in out
    assert "  Commander Ysolde Varr destroyed\n" in out  # its focus line says so too


def test_in_assassination_mode_the_leader_record_is_taken_as_before(tmp_path):
    """Any destruction of a Leader ends the game there, its boxes left or not: the record is taken, Ben's Leader is
    destroyed (for the scenario and for focus) and Anna wins."""
    path = new(tmp_path, "--scenario", "first-blood", "--attacker", "Anna", "--mode", "assassination")
    assert main(["battle", "score", path, "--side", "Ben", "--leader", "enemy-leader"]) == 0
    battle = read_battle(path)
    assert [(e.side, e.leader) for e in battle.play.events] == [(1, "enemy-leader")]
    result = session(path).result
    assert result.result() == {
        "winners": ["Anna"],
        "draw": False,
        "reason": "Anna: destroyed Ben's Leader (Assassination Mode)",
    }
    assert result.spending is not None and "destroyed" in result.spending.summary(1)
