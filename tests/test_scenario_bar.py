"""The battle screen's scenario bar as plain text: what each side has, as the scenario counts it."""

from __future__ import annotations

from builder.battles import new_battle, replay_battle_file
from builder.tui.widgets.scenario_bar import scenario_lines
from tests.conftest import examples_in


def test_a_scenario_that_scores_no_vp_shows_each_sides_points_left_not_a_vp_of_nought(tmp_path):
    examples_in(tmp_path)
    path = tmp_path / "dm.toml"
    new_battle(tmp_path / "warsurge-499.toml", str(tmp_path / "warsurge-apc.toml"), path, scenario="deathmatch")
    result = replay_battle_file(path)
    first = scenario_lines(result.judged, result.battle.turn).plain.splitlines()[0]
    assert first == "Deathmatch · game turn 1 · points left Fantasy Army 499 · Ursus strike force 434.3"
    path = tmp_path / "ct.toml"
    new_battle(tmp_path / "warsurge-499.toml", str(tmp_path / "warsurge-apc.toml"), path, scenario="capture-territory")
    result = replay_battle_file(path)
    assert "· VP Fantasy Army 0 · Ursus strike force 0" in scenario_lines(result.judged, 1).plain
