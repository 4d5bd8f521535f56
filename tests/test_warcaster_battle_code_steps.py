"""A Warcaster battle's code keeps the Pulse-round turn of every event: a two-player battle's events of turn 1.2 and
later came back a turn early (the code counted a round's turns in fours whatever the table), so the imported battle
read NOT VALID (the player-tester's)."""

from __future__ import annotations

import shutil

from builder.battles import read_battle
from builder.cli import main
from tests.conftest import EXAMPLES


def test_events_of_every_turn_of_a_pulse_round_come_back_in_their_turn(tmp_path, capsys):
    shutil.copy(EXAMPLES / "warcaster-firebrand.toml", tmp_path / "a.toml")
    shutil.copy(EXAMPLES / "warcaster-marcher-worlds.toml", tmp_path / "b.toml")
    path, copy = tmp_path / "w.toml", tmp_path / "there" / "w.toml"
    words = ["battle", "new", str(tmp_path / "a.toml"), "--opponent", str(tmp_path / "b.toml")]
    assert main([*words, "--players", "Cara", "Dev", "--scenario", "orders-of-magnitude", "-o", str(path)]) == 0
    for command in (
        ["arc", "--side", "Cara", "deploy", "1"],
        ["arc", "--side", "Dev", "deploy", "1"],
        ["turn"],  # the set-up over: Cara's 1.1
        ["activate", "--side", "Cara", "1"],
        ["turn"],
        ["activate", "--side", "Dev", "1"],
        ["turn"],  # Cara's 1.2
        ["arc", "--side", "Cara", "charge", "1"],
        ["turn"],  # Dev's 1.2
        ["arc", "--side", "Dev", "charge", "1"],
    ):
        assert main(["battle", command[0], str(path), *command[1:]]) == 0, command
    capsys.readouterr()
    assert main(["battle", "code", str(path)]) == 0
    code = capsys.readouterr().out.splitlines()[-1]
    copy.parent.mkdir()
    assert main(["battle", "import", code, "-o", str(copy)]) == 0
    sent, got = read_battle(path), read_battle(copy)
    assert [(s.side, s.round, s.turn, s.step, s.event) for s in got.spent] == [
        (s.side, s.round, s.turn, s.step, s.event) for s in sent.spent
    ]
    assert [s.step for s in sent.spent][-2:] == [2, 3]
    capsys.readouterr()
    assert main(["battle", str(copy)]) == 0  # valid, as the battle sent
