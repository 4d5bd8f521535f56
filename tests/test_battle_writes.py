"""The battle commands agree and write all or nothing: `battle import` writes its three files together (a failure
leaves none and a retry works), and every battle command refuses, before writing, what `battle FILE` refuses."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from builder.battles import battle_code, new_battle, read_battle, replay_battle_file
from builder.cli import main
from builder.roster.files import read_roster
from catalog.files import write_together
from tests.conftest import examples_in

FILES = ("table.toml", "table-roster.toml", "table-opponent.toml")


@pytest.fixture
def code(tmp_path) -> str:
    """A Warsurge battle's code, with a mark on the opponent's side."""
    from builder.battles.session import BattleSession
    from builder.editing.storage import Store

    examples_in(tmp_path)
    new_battle(tmp_path / "warsurge-499.toml", str(tmp_path / "warsurge-apc.toml"), tmp_path / "ours.toml")
    session = BattleSession(tmp_path / "ours.toml", Store(tmp_path / "data"))
    session.take(1, 2, 3)
    session.save()
    (tmp_path / "received").mkdir()
    return battle_code(tmp_path / "ours.toml")


def failing_on(monkeypatch, name: str, call: int) -> None:
    """Make `os.<name>` fail with a full disk on its `call`-th use (counting from 1) while the test runs."""
    real, calls = getattr(os, name), []

    def fail(*args):
        calls.append(args)
        if len(calls) == call:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(*args)

    monkeypatch.setattr(os, name, fail)


def imported(capsys, folder: Path, code: str, *more: str) -> tuple[int, str]:
    status = main(["battle", "import", code, "-o", str(folder / "table.toml"), *more])
    return status, capsys.readouterr().err


@pytest.mark.parametrize(("name", "call"), [("fsync", 2), ("fsync", 3), ("replace", 2), ("replace", 3)])
def test_a_failed_import_leaves_no_file_behind_and_a_retry_works(tmp_path, code, capsys, monkeypatch, name, call):
    folder = tmp_path / "received"
    failing_on(monkeypatch, name, call)  # writing the second or third file, or putting it in place
    status, said = imported(capsys, folder, code)
    assert list(folder.iterdir()) == []  # no file, no temp file
    assert status == 2
    assert said == (
        f"warbench: {folder / 'table.toml'}: cannot write the battle and its rosters (No space left on "
        "device); none of them was written\n"
    )
    monkeypatch.undo()
    assert imported(capsys, folder, code) == (0, "")
    assert sorted(p.name for p in folder.iterdir()) == sorted(FILES)
    assert replay_battle_file(folder / "table.toml").sides[1].states[2].boxes_left == 10 - 3


def test_a_failed_overwrite_keeps_every_old_file_whole(tmp_path, code, capsys, monkeypatch):
    folder = tmp_path / "received"
    assert imported(capsys, folder, code)[0] == 0
    old = {name: (folder / name).read_bytes() for name in FILES}
    failing_on(monkeypatch, "replace", 3)  # two files already replaced when the third fails
    assert imported(capsys, folder, code, "--overwrite")[0] == 2
    assert {name: (folder / name).read_bytes() for name in FILES} == old
    assert sorted(p.name for p in folder.iterdir()) == sorted(FILES)  # no temp file, no backup left
    monkeypatch.undo()
    assert imported(capsys, folder, code, "--overwrite") == (0, "")


def test_a_leftover_of_a_partial_import_is_replaced_with_overwrite(tmp_path, code, capsys):
    folder = tmp_path / "received"
    (folder / "table-roster.toml").write_text("half of an earlier import", encoding="utf-8")
    status, said = imported(capsys, folder, code)
    assert status == 2 and said.endswith("table-roster.toml: already exists (use --overwrite to replace it)\n")
    assert sorted(p.name for p in folder.iterdir()) == ["table-roster.toml"]
    assert imported(capsys, folder, code, "--overwrite") == (0, "")
    assert read_roster(folder / "table-roster.toml").roster.name == "Fantasy Army"


def test_writing_one_file_under_two_names_together_is_refused_before_writing(tmp_path):
    (tmp_path / "alias.toml").symlink_to(tmp_path / "real.toml")
    with pytest.raises(OSError, match="one and the same file"):
        write_together({tmp_path / "real.toml": "a", tmp_path / "alias.toml": "b"})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["alias.toml"]


# -- two rosters of different games ----------------------------------------------------------------------------------


@pytest.fixture
def mixed(tmp_path) -> Path:
    """A battle file of a Warsurge roster against a Warcaster one (written by hand: no command makes one)."""
    examples_in(tmp_path)
    path = tmp_path / "mixed.toml"
    path.write_text(
        'warbench = 1\nkind = "battle"\ngame = "warsurge"\nroster = "warsurge-499.toml"\n'
        'opponent = "warcaster-marcher-worlds.toml"\n',
        encoding="utf-8",
    )
    return path


MIXED = "the opponent's roster is a Warcaster roster; a Warsurge battle needs Warsurge rosters"


def test_every_battle_command_refuses_two_games_as_battle_file_does(mixed, tmp_path, capsys):
    from exports.share.battle import encode_battle

    for argv in (
        ["battle", str(mixed)],
        ["battle", "code", str(mixed)],
        [
            "battle",
            "new",
            str(tmp_path / "warsurge-499.toml"),
            "--opponent",
            str(tmp_path / "warcaster-marcher-worlds.toml"),
            "-o",
            str(tmp_path / "new.toml"),
        ],
    ):
        assert main(argv) == 2, argv
        assert capsys.readouterr() == ("", f"warbench: {MIXED}\n")
    assert not (tmp_path / "new.toml").exists()
    sides = (read_roster(tmp_path / "warsurge-499.toml"), read_roster(tmp_path / "warcaster-marcher-worlds.toml"))
    code = encode_battle(read_battle(mixed), sides)  # as an older Warbench's `battle code` made it
    (tmp_path / "received").mkdir()
    assert imported(capsys, tmp_path / "received", code) == (2, f"warbench: {MIXED}\n")
    assert list((tmp_path / "received").iterdir()) == []


def test_a_seed_in_a_battle_of_a_game_that_spends_nothing_is_left_out_of_its_code(tmp_path, capsys):
    """A McWarrior battle file given a seed by hand (only games that track resources write one) still shares: its
    code had stopped on "tracks nothing spent", exit 2."""
    examples_in(tmp_path)
    path = tmp_path / "b.toml"
    new_battle(tmp_path / "mcwarrior-rustbucket.toml", str(tmp_path / "mcwarrior-warband.toml"), path)
    plain = battle_code(path)
    path.write_text(path.read_text(encoding="utf-8").replace("roster_ids", 'seed = "a1b2c3"\nroster_ids', 1))
    assert read_battle(path).seed == "a1b2c3" and battle_code(path) == plain
