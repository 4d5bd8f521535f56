"""Boiling Point, Warcaster's skirmish mission, is played with skirmish forces: a standard force is refused when the
battle begins, and a battle file that pairs them is judged with the reason."""

from __future__ import annotations

import shutil

from builder.battles import replay_battle_file
from builder.cli import main
from tests.conftest import EXAMPLES

SKIRMISH, STANDARD = EXAMPLES / "warcaster-firebrand.toml", EXAMPLES / "warcaster-marcher-worlds.toml"


def test_a_standard_force_is_refused_for_boiling_point_with_the_reason(tmp_path, capsys):
    path = tmp_path / "b.toml"
    args = ["battle", "new", str(SKIRMISH), "--opponent", str(STANDARD), "-o", str(path)]
    assert main([*args, "--scenario", "boiling-point"]) == 2
    assert capsys.readouterr().err == (
        "warbench: sides[1]: Boiling Point is played with skirmish forces; Will's Marcher force is a standard force\n"
    )
    assert not path.exists()


def test_skirmish_forces_play_boiling_point_and_a_standard_one_may_play_a_primary_mission(tmp_path):
    assert main(["battle", "new", str(SKIRMISH), "--opponent", str(SKIRMISH), "-o", str(tmp_path / "a.toml")]) == 0
    assert main(["battle", "new", str(STANDARD), "--opponent", str(SKIRMISH), "-o", str(tmp_path / "b.toml")]) == 0
    assert replay_battle_file(tmp_path / "b.toml").valid


def test_a_battle_file_pairing_a_standard_force_with_boiling_point_is_judged_not_valid(tmp_path):
    shutil.copy(SKIRMISH, tmp_path / "skirmish.toml")
    shutil.copy(STANDARD, tmp_path / "standard.toml")
    path = tmp_path / "b.toml"
    args = ["battle", "new", str(tmp_path / "skirmish.toml"), "--opponent", str(tmp_path / "skirmish.toml")]
    assert main([*args, "--scenario", "boiling-point", "-o", str(path)]) == 0
    path.write_text(path.read_text().replace("skirmish.toml", "standard.toml", 1))  # ours, now a standard force
    result = replay_battle_file(path)
    assert not result.valid
    assert [(f.code, f.path, f.message) for f in result.findings if f.code == "battle/scenario"] == [
        (
            "battle/scenario",
            "sides[0]",
            "Boiling Point is played with skirmish forces; Will's Marcher force is a standard force",
        )
    ]
