"""King Of The Hill has five tokens on the board: an Upkeep scores at most 5 VP for all sides together, refused as it
is recorded with the book's reason (A 3 + B 3 + C 2 was taken: 8 from five tokens)."""

from __future__ import annotations

from tests.test_battle_turns import events
from tests.test_mcwarrior_upkeep import run, warband_battle


def test_vp_beyond_the_five_tokens_in_one_upkeep_are_refused_and_the_next_upkeep_scores_again(tmp_path, capsys):
    warband_battle(tmp_path)
    rust, battle = str(tmp_path / "mcwarrior-rustbucket.toml"), str(tmp_path / "k.toml")
    new = ["battle", "new", str(tmp_path / "mcwarrior-warband.toml"), "--opponent", rust, "--opponent", rust]
    assert (
        run(
            *new,
            "--players",
            "A",
            "B",
            "C",
            "--team",
            "A",
            "B",
            "--team",
            "C",
            "--scenario",
            "king-of-the-hill",
            "-o",
            battle,
        )
        == 0
    )
    assert run("battle", "score", battle, "--side", "A", "--vp", "3") == 0
    capsys.readouterr()
    assert run("battle", "score", battle, "--side", "C", "--vp", "3") == 2
    assert capsys.readouterr().err == (
        "warbench: not recorded: at most 5 VP for all sides together in King Of The Hill for turn 1; 3 scored "
        "already, 3 more would make 6\n"
    )
    assert run("battle", "score", battle, "--side", "C", "--vp", "2") == 0
    assert capsys.readouterr().out.splitlines()[2:4] == ["VP: A 3, B 0, C 2", "Teams: A and B 3, C 2"]
    assert run("battle", "score", battle, "--side", "B", "--vp", "1") == 2
    assert run("battle", "turn", battle) == 0
    assert run("battle", "score", battle, "--side", "B", "--vp", "5") == 0
    assert capsys.readouterr().out.splitlines()[-2:] == ["VP: A 3, B 5, C 2", "Teams: A and B 8, C 2"]


def test_a_file_written_before_with_eight_vp_in_one_upkeep_keeps_them_warned(tmp_path):
    warband_battle(tmp_path)
    rust, path = str(tmp_path / "mcwarrior-rustbucket.toml"), tmp_path / "k.toml"
    assert (
        run(
            "battle",
            "new",
            rust,
            "--opponent",
            rust,
            "--players",
            "A",
            "B",
            "--scenario",
            "king-of-the-hill",
            "-o",
            str(path),
        )
        == 0
    )
    report = events(path, [{"side": 0, "round": 1, "vp": 5}, {"side": 1, "round": 1, "vp": 3}], turn=1, step=0)
    assert [side["vp"] for side in report["vp"]] == [5, 3]
    assert report["findings"] == [
        {
            "code": "battle/vp",
            "severity": "warning",
            "path": "play.events[1]",
            "message": "at most 5 VP for all sides together in King Of The Hill for turn 1; 5 scored already, "
            "3 more would make 8",
        }
    ]
