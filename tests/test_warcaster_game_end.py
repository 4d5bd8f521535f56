"""A Warcaster battle past its last Pulse round says the game is over, never naming the round after it."""

from __future__ import annotations

from builder.battles import replay_battle_file
from builder.cli import main
from builder.tui.widgets.scenario_bar import first_line
from tests.conftest import EXAMPLES


def test_after_the_third_pulse_round_the_battle_is_over_not_in_a_fourth(tmp_path, capsys):
    path = str(tmp_path / "b.toml")
    args = ["battle", "new", str(EXAMPLES / "warcaster-firebrand.toml"), "--opponent"]
    args += [str(EXAMPLES / "warcaster-firebrand.toml"), "--players", "Ann", "Ben"]  # Boiling Point: skirmish forces
    assert main([*args, "--scenario", "boiling-point", "-o", path]) == 0
    assert main(["battle", "score", path, "--side", "Ann", "--vp", "1"]) == 0
    for _ in range(3):
        assert main(["battle", "turn", path, "--round"]) == 0
    assert capsys.readouterr().out.split("\n")[-5] == "Matt's Alliance skirmish, game over after Pulse round 3"
    result = replay_battle_file(path)
    assert result.battle.turn == 4, "the file keeps the turn it moved to"
    assert result.turn_words() == "game over after Pulse round 3"
    assert result.judged is not None
    assert (
        first_line(result.judged, result.battle.turn).plain
        == "Boiling Point · over after Pulse round 3 · VP Ann 1 · Ben 0"
    )
    assert main(["battle", path]) == 0
    assert capsys.readouterr().out.startswith("Battle, game over after Pulse round 3: valid\n")


def test_in_the_last_round_the_round_and_player_are_named(tmp_path, capsys):
    path = str(tmp_path / "b.toml")
    args = ["battle", "new", str(EXAMPLES / "warcaster-firebrand.toml"), "--opponent"]
    args += [str(EXAMPLES / "warcaster-firebrand.toml"), "--players", "Ann", "Ben"]  # Boiling Point: skirmish forces
    assert main([*args, "--scenario", "boiling-point", "-o", path]) == 0
    for _ in range(2):
        assert main(["battle", "turn", path, "--round"]) == 0
    result = replay_battle_file(path)
    assert result.turn_words() == "turn 3.1, Ann's turn"
    assert result.judged is not None
    assert (
        first_line(result.judged, result.battle.turn).plain == "Boiling Point · Pulse round 3 (Ann) · VP Ann 0 · Ben 0"
    )


def test_before_the_first_turn_the_battle_says_it_is_setting_up_as_its_spent_line_does(tmp_path, capsys):
    path = str(tmp_path / "b.toml")
    args = ["battle", "new", str(EXAMPLES / "warcaster-firebrand.toml"), "--opponent"]
    args += [str(EXAMPLES / "warcaster-firebrand.toml"), "--players", "Ann", "Ben", "-o", path]
    assert main(args) == 0
    assert capsys.readouterr().out.endswith(", set-up, then turn 1.1, Ann's turn\n")
    assert main(["battle", "arc", path, "--side", "Ann", "deploy", "Firebrand"]) == 0  # the set-up's deployment
    assert replay_battle_file(path).turn_words() == "set-up, then turn 1.1, Ann's turn"
    assert main(["battle", "arc", path, "--side", "Ann", "charge", "Firebrand"]) == 0  # her first turn's charge
    result = replay_battle_file(path)
    assert result.turn_words() == "turn 1.1, Ann's turn"
    assert result.spending is not None and result.spending.summary(0).endswith("Pulse 1.1")
