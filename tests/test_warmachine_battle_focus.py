"""Warmachine focus in a battle, through `warbench battle focus|feat`: the Control Phase begins with the player's
turn, a Leader allocates to its battlegroup, and its feat is used once a game."""

from __future__ import annotations

import json
import shutil

import pytest

from builder.battles import new_battle
from builder.battles.session import BattleSession
from builder.campaigns.ledger import LedgerError
from builder.cli import main
from builder.editing.storage import Store
from builder.scenarios.record import ScenarioPlay
from tests.conftest import EXAMPLES


def test_focus_is_allocated_in_the_control_phase_and_the_feat_used_once_a_game(tmp_path, capsys):
    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "army.toml")
    battle = tmp_path / "battle.toml"
    new_battle(tmp_path / "army.toml", str(tmp_path / "army.toml"), battle)
    b = str(battle)
    assert main(["battle", "focus", b, "--side", "us", "allocate", "Bulwark", "2"]) == 0
    assert capsys.readouterr().out == "Cogmire vanguard: Commander Ysolde Varr focus 5 · cohort 2 · feat ready\n"
    assert main(["battle", "focus", b, "--side", "us", "allocate", "Bulwark", "2"]) == 2
    assert "Bulwark Warjack holds 3 focus at most (2 on it, 2 more asked)" in capsys.readouterr().err
    assert main(["battle", "feat", b, "--side", "us", "Commander"]) == 0
    for _ in range(2):
        main(["battle", "turn", b])
    capsys.readouterr()
    assert main(["battle", "feat", b, "--side", "us", "Commander"]) == 2
    assert capsys.readouterr().err == (
        "warbench: not recorded: Commander Ysolde Varr used its feat in turn 1: a feat is used once a game\n"
    )


def test_a_leader_healing_itself_takes_the_damage_off_its_boxes_five_a_point_in_execution_mode(tmp_path, capsys):
    """Execution Mode's five-for-one: one focus spent removes five damage from the Leader's own boxes, in the same
    change as the event."""
    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "army.toml")
    battle = tmp_path / "battle.toml"
    play = ScenarioPlay(attacker=0, mode="execution")
    new_battle(tmp_path / "army.toml", str(tmp_path / "army.toml"), battle, scenario="first-blood", play=play)
    b = str(battle)

    def leader_boxes() -> int:
        capsys.readouterr()
        assert main(["battle", b, "--json"]) in (0, 1)
        return int(json.loads(capsys.readouterr().out)["sides"][0]["units"][0]["boxes_left"])

    full = leader_boxes()
    assert main(["battle", "mark", b, "--unit", "1", "--damage", "7"]) == 0
    assert leader_boxes() == full - 7
    assert main(["battle", "focus", b, "--side", "us", "heal", "Commander", "1"]) == 0
    assert leader_boxes() == full - 2


def test_an_attacker_who_is_not_at_the_table_is_one_line_and_exit_2(tmp_path, capsys):
    """Without a scenario too, Warmachine's attacker takes each round's first turn: a hand-edited `attacker` past the
    sides read as valid, and the turns went to no one."""
    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "wm.toml")
    path = tmp_path / "b.toml"
    new_battle(tmp_path / "wm.toml", str(tmp_path / "wm.toml"), path, play=ScenarioPlay(attacker=1))
    path.write_text(path.read_text(encoding="utf-8").replace("attacker = 1", "attacker = 7"), encoding="utf-8")
    assert main(["battle", str(path)]) == 2
    said = capsys.readouterr()
    assert (said.out, said.err) == (
        "",
        f"warbench: {path}: (top level): play.attacker: no side 7 (the battle seats 2: 0 to 1)\n",
    )


@pytest.fixture
def in_annas_turn(tmp_path):
    """First Blood, Anna attacking: her first turn, Ben's, and her second begun (Ben's Control Phase long over)."""
    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "army.toml")
    battle = tmp_path / "battle.toml"
    play = ScenarioPlay(players=["Anna", "Ben"], attacker=0)
    new_battle(tmp_path / "army.toml", str(tmp_path / "army.toml"), battle, scenario="first-blood", play=play)
    for _ in range(2):
        assert main(["battle", "turn", str(battle)]) == 0
    return battle


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (["focus", "allocate", "2", "2"], "allocating happens in the Control Phase, at the start of the player's turn"),
        (["focus", "power-up", "2"], "power up happens in the Control Phase, at the start of the player's turn"),
        (["feat", "1"], "a feat is used in the Leader's activation, in its player's own turn"),
        (
            ["focus", "heal", "1"],
            "Commander Ysolde Varr removes its own damage in its activation, in its player's own turn",
        ),
    ],
)
def test_out_of_turn_the_command_line_refuses_what_the_app_refuses(in_annas_turn, capsys, command, said):
    before = in_annas_turn.read_bytes()
    capsys.readouterr()
    assert main(["battle", command[0], str(in_annas_turn), "--side", "Ben", *command[1:]]) == 2
    assert capsys.readouterr() == ("", f"warbench: not recorded: {said}\n")
    assert in_annas_turn.read_bytes() == before
    session = BattleSession(in_annas_turn, Store(in_annas_turn.parent / "data"))  # the app's way in
    kind = {"allocate": "allocate", "power-up": "power-up", "heal": "heal"}.get(command[1], "feat")
    event = {"kind": kind, "model": 1} if kind in ("allocate", "power-up") else {"kind": kind, "leader": 0}
    if kind == "allocate":
        event.update(leader=0, amount=2)
    with pytest.raises(LedgerError) as caught:
        session.spend(1, event, "out of turn")
    assert str(caught.value) == f"not recorded: {said}"
    assert main(["battle", "focus", str(in_annas_turn), "--side", "Anna", "allocate", "2", "2"]) == 0


def test_a_leader_destroyed_on_the_tracker_allocates_no_more(tmp_path, capsys):
    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "army.toml")
    battle = tmp_path / "battle.toml"
    new_battle(tmp_path / "army.toml", str(tmp_path / "army.toml"), battle)
    b = str(battle)
    assert main(["battle", "mark", b, "--unit", "1", "--damage", "16"]) == 0
    assert "[[spent]]" in battle.read_text(encoding="utf-8")  # recorded with the mark, undone with it
    before = battle.read_bytes()
    capsys.readouterr()
    assert main(["battle", "focus", b, "--side", "us", "allocate", "2", "2"]) == 2
    assert capsys.readouterr().err == (
        "warbench: not recorded: Commander Ysolde Varr is destroyed: it has no points to gain, give or spend\n"
    )
    assert battle.read_bytes() == before
    assert main(["battle", "feat", b, "--side", "us", "1"]) == 2
    assert main(["battle", "focus", b, "--side", "opponent", "allocate", "2", "2"]) == 0
    assert capsys.readouterr().out.endswith("Cogmire vanguard: Commander Ysolde Varr focus 5 · cohort 2 · feat ready\n")


def test_in_execution_mode_a_leader_at_0_boxes_is_not_destroyed_by_the_mark(tmp_path, capsys):
    """Execution Mode: 0 boxes leaves a Leader in play (vulnerable) unless an enemy Leader's attack did it."""
    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "army.toml")
    battle = tmp_path / "battle.toml"
    play = ScenarioPlay(attacker=0, mode="execution")
    new_battle(tmp_path / "army.toml", str(tmp_path / "army.toml"), battle, scenario="first-blood", play=play)
    assert main(["battle", "mark", str(battle), "--unit", "1", "--damage", "16"]) == 0
    assert "[[spent]]" not in battle.read_text(encoding="utf-8")


def test_before_a_players_first_turn_a_feat_or_heal_says_that_turn_has_not_come(tmp_path, capsys):
    """In the attacker's first turn the game has begun: it is the defender's own turn that has not come yet."""
    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "army.toml")
    battle = tmp_path / "battle.toml"
    play = ScenarioPlay(players=["Anna", "Ben"], attacker=0)
    new_battle(tmp_path / "army.toml", str(tmp_path / "army.toml"), battle, scenario="first-blood", play=play)
    not_yet = "in its player's own turn: that player's first turn has not come yet"
    capsys.readouterr()
    assert main(["battle", "feat", str(battle), "--side", "Ben", "1"]) == 2
    assert capsys.readouterr().err == f"warbench: not recorded: a feat is used in the Leader's activation, {not_yet}\n"
    assert main(["battle", "focus", str(battle), "--side", "Ben", "heal", "1"]) == 2
    assert capsys.readouterr().err == (
        f"warbench: not recorded: Commander Ysolde Varr removes its own damage in its activation, {not_yet}\n"
    )
    assert main(["battle", "feat", str(battle), "--side", "Anna", "1"]) == 0
