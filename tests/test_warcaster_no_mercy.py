"""The players of a Warcaster skirmish mission (Boiling Point) may agree to leave out the mercy rule ("When playing
skirmish missions, players may optionally decide to ignore the Mercy Rule"): `battle new --no-mercy`, a set-up file's
`no_mercy`, or the question Ctrl+B asks. It is kept in the battle file and its code only when agreed, and refused for
a scenario whose mercy rule the players must keep (a primary mission) or which has none."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import tomli_w

from builder.battles import battle_code, battle_from_code, replay_battle_file
from builder.cli import main
from tests.conftest import EXAMPLES

SKIRMISH = "warcaster-firebrand.toml"
TRACKER = "VP as they are scored; most VP wins; the game ends after Pulse round 3"


def battle(tmp_path: Path, *more: str) -> str:
    """Ann against Bob, both with the Firebrand skirmish force, under `more` (a scenario and its agreements)."""
    shutil.copy(EXAMPLES / SKIRMISH, tmp_path / "f.toml")
    path = tmp_path / "b.toml"
    args = ["battle", "new", str(tmp_path / "f.toml"), "--opponent", str(tmp_path / "f.toml")]
    assert main([*args, "--players", "Ann", "Bob", *more, "-o", str(path)]) == 0
    return str(path)


def bob_left_with_nothing(path: str) -> None:
    """Both deploy their Firebrand in the set-up; in Bob's turn 1.1 his is destroyed, and he has nothing in play."""
    assert main(["battle", "arc", path, "--side", "Ann", "deploy", "Firebrand"]) == 0
    assert main(["battle", "arc", path, "--side", "Bob", "deploy", "Firebrand"]) == 0
    assert main(["battle", "turn", path]) == 0  # the set-up's end: Ann's turn 1.1
    assert main(["battle", "turn", path]) == 0
    assert main(["battle", "mark", path, "--side", "Bob", "--unit", "1", "--damage", "3"]) == 0


def test_with_the_mercy_rule_left_out_a_player_with_nothing_in_play_plays_on(tmp_path, capsys):
    path = battle(tmp_path, "--scenario", "boiling-point", "--no-mercy")
    assert tomllib.loads(Path(path).read_text())["play"] == {"players": ["Ann", "Bob"], "no_mercy": True}
    bob_left_with_nothing(path)
    result = replay_battle_file(path)
    assert (result.result(), result.turn_words(), result.valid) == (None, "turn 1.1, Bob's turn", True)
    assert result.judged.as_dict()["scenario"]["tracker"] == f"{TRACKER}; the mercy rule left out"


def test_kept_the_mercy_rule_ends_the_same_game(tmp_path, capsys):
    path = battle(tmp_path, "--scenario", "boiling-point")
    assert "no_mercy" not in tomllib.loads(Path(path).read_text())["play"]
    bob_left_with_nothing(path)
    result = replay_battle_file(path)
    assert result.result()["reason"] == "Ann: the opponent has no models in play (mercy rule)"
    assert result.judged.as_dict()["scenario"]["tracker"] == TRACKER


def test_no_mercy_is_refused_where_the_book_does_not_let_the_players_leave_it_out(tmp_path, capsys):
    shutil.copy(EXAMPLES / SKIRMISH, tmp_path / "f.toml")
    new = ["battle", "new", str(tmp_path / "f.toml"), "--no-mercy", "-o", str(tmp_path / "b.toml")]
    said = []
    for more in (["--scenario", "orders-of-magnitude"], []):
        assert main([*new, *more]) == 2
        said.append(capsys.readouterr().err)
    shutil.copy(EXAMPLES / "warsurge-499.toml", tmp_path / "w.toml")
    assert main(["battle", "new", str(tmp_path / "w.toml"), "--scenario", "deathmatch", *new[3:]]) == 2
    said.append(capsys.readouterr().err)
    assert said == [
        "warbench: Orders of Magnitude keeps the mercy rule: the players may leave it out only in a skirmish mission\n",
        "warbench: --no-mercy goes with --scenario (a skirmish mission's mercy rule)\n",
        "warbench: Deathmatch has no mercy rule to leave out\n",
    ]
    assert not (tmp_path / "b.toml").exists()


def test_a_file_leaving_out_a_primary_missions_mercy_rule_is_judged_with_the_reason(tmp_path, capsys):
    path = battle(tmp_path, "--scenario", "orders-of-magnitude")
    bob_left_with_nothing(path)
    data = tomllib.loads(Path(path).read_text())
    Path(path).write_text(tomli_w.dumps({**data, "play": {**data["play"], "no_mercy": True}}))
    result = replay_battle_file(path)
    assert [(f.code, f.path, f.message) for f in result.findings] == [
        (
            "battle/scenario",
            "play.no_mercy",
            "Orders of Magnitude keeps the mercy rule: the players may leave it out only in a skirmish mission",
        )
    ]
    assert result.result()["winners"] == ["Ann"]  # the rule still holds


def test_the_agreement_travels_in_the_battle_code_and_a_code_without_it_is_unchanged(tmp_path, capsys):
    kept = battle(tmp_path, "--scenario", "boiling-point")
    with_it = tmp_path / "with"
    with_it.mkdir()
    path = battle(with_it, "--scenario", "boiling-point", "--no-mercy")
    code, plain = battle_code(path), battle_code(kept)
    assert len(code) > len(plain)
    (tmp_path / "theirs").mkdir()
    assert battle_from_code(code, tmp_path / "theirs" / "b.toml").play.no_mercy is True
    assert battle_code(tmp_path / "theirs" / "b.toml") == code
    assert battle_from_code(plain, tmp_path / "theirs" / "c.toml").play.no_mercy is False


def test_a_set_up_file_may_agree_it(tmp_path, capsys):
    setup = tmp_path / "setup.toml"
    setup.write_text('kind = "setup"\n[battle]\nscenario = "boiling-point"\nno_mercy = true\n')
    path = battle(tmp_path, "--setup", str(setup))
    assert replay_battle_file(path).battle.play.no_mercy is True


# (Ctrl+B's question, agreed in the builder: tests/test_warcaster_skirmish_mission.py, one app with Boiling Point's
# refusal of a standard force.)
