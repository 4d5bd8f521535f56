"""Warmachine focus in a battle, through `warbench battle focus|feat`: the Control Phase begins with the player's
turn, a Leader allocates to its battlegroup, and its feat is used once a game."""

from __future__ import annotations

import json
import shutil

from builder.battles import new_battle
from builder.cli import main
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
