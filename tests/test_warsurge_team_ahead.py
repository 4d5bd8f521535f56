"""Who is ahead in a Warsurge team game is a team, measured as the team's sum, under every scenario: the points left
of Deathmatch (reserves lost), and the VP under a scenario won on them (nobody while they are level)."""

from __future__ import annotations

import shutil

from builder.battles import replay_battle_file
from builder.battles.text import battle_text
from builder.cli import main
from tests.conftest import EXAMPLES


def three_player_battle(folder, scenario: str):
    """Ann (Fantasy Army) and Cy (Ursus strike force) against Ben (Ursus strike force)."""
    shutil.copy(EXAMPLES / "warsurge-499.toml", folder / "ann.toml")
    for name in ("ben.toml", "cy.toml"):
        shutil.copy(EXAMPLES / "warsurge-apc.toml", folder / name)
    path = folder / "battle.toml"
    words = ["battle", "new", str(folder / "ann.toml"), "--opponent", str(folder / "ben.toml")]
    words += ["--opponent", str(folder / "cy.toml"), "--players", "Ann", "Ben", "Cy"]
    assert main([*words, "--team", "Ann", "Cy", "--team", "Ben", "--scenario", scenario, "-o", str(path)]) == 0
    return path


def ahead(path) -> list[str]:
    return [line for line in battle_text(replay_battle_file(path)) if line.startswith("ahead")]


def test_deathmatch_puts_the_team_with_more_points_left_ahead(tmp_path):
    """The player-tester's battle: Ben alone had the most points on the battlefield, Ann and Cy more together."""
    path = three_player_battle(tmp_path, "deathmatch")
    assert main(["battle", "cp", str(path), "roll", "4"]) == 0
    for side, unit in (("Ann", "1"), ("Cy", "4"), ("Ben", "1")):  # Ben's Ursus APC, its passengers with it
        assert main(["battle", "cp", str(path), "--side", side, "action", unit, "deploy"]) == 0
    assert ahead(path) == ["ahead: Ann and Cy (points left: 365 against 338.3)"]
    assert replay_battle_file(path).leader == "Ann and Cy"


def test_before_any_vp_nobody_is_ahead_whatever_share_of_the_armies_is_left(tmp_path):
    """Capture Territory is won on VP: the team with more of its armies left is not ahead at 0 VP each."""
    path = three_player_battle(tmp_path, "capture-territory")
    assert main(["battle", "mark", str(path), "--side", "Ann", "--unit", "1", "--damage", "10"]) == 0
    result = replay_battle_file(path)
    assert [(name, round(share, 4)) for name, share in result.standing] == [("Ann and Cy", 0.7118), ("Ben", 1.0)]
    assert (ahead(path), result.leader, result.leader_sides) == ([], None, ())
    assert "level: nobody ahead (VP: 0 against 0)" in battle_text(result)


def test_once_vp_are_scored_the_team_with_more_vp_together_is_ahead(tmp_path):
    path = three_player_battle(tmp_path, "capture-objectives")
    for side, vp in (("Ben", "2"), ("Ann", "1"), ("Cy", "2")):
        assert main(["battle", "score", str(path), "--side", side, "--vp", vp]) == 0
    assert ahead(path) == ["ahead: Ann and Cy (VP: 3 against 2)"]
