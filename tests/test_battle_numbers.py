"""A number out of range on a battle command, for every game: one line in plain words naming the option as typed,
exit 2, nothing written (the battle commands' numbers are read in one place, `builder.numbers`)."""

from __future__ import annotations

import shutil

import pytest

from builder.battles import new_battle
from builder.battles.session import BattleSession
from builder.editing.storage import Store
from builder.games.mcwarrior.marks import heated
from tests.conftest import EXAMPLES
from tests.test_mcwarrior_upkeep import run, warband_battle


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (["--heat", "99999999999999999999999"], "--heat 99999999999999999999999: a mech's heat is 0 to 99"),
        (["--heat", "-100"], "--heat -100: a mech's heat is 0 to 99"),
        (["--hit", "head:100"], "--hit head:100: hits or repairs are at most 99 at a time"),
        (["--damage", "100000"], "--damage 100000: damage or healing is at most 99999 at a time"),
        (["--heat", "abc"], "argument --heat: invalid int value: 'abc'"),  # no number at all: as before
    ],
)
def test_a_mark_out_of_range_is_one_plain_line_and_writes_nothing(tmp_path, capsys, given, said):
    battle = warband_battle(tmp_path)
    before = battle.read_bytes()
    assert run("battle", "mark", str(battle), "--unit", "1", *given) == 2
    assert capsys.readouterr().err == f"warbench: {said}\n"
    assert battle.read_bytes() == before


def test_heat_that_would_pass_99_is_refused_not_kept_at_99(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    session = BattleSession(battle, Store(tmp_path / "data"))  # 90 as the engine records it, with no overheat check
    heated(session, 0, 0, 90)
    session.save()
    before = battle.read_bytes()
    assert run("battle", "mark", str(battle), "--unit", "1", "--heat", "10") == 2
    assert capsys.readouterr().err == "warbench: a mech's heat is 0 to 99: Rustbucket is at 90, +10 makes 100\n"
    assert battle.read_bytes() == before


def test_damage_out_of_range_is_refused_the_same_in_another_game(tmp_path, capsys):
    shutil.copy(EXAMPLES / "warsurge-499.toml", tmp_path / "w.toml")
    battle = tmp_path / "b.toml"
    new_battle(tmp_path / "w.toml", None, battle)
    assert run("battle", "mark", str(battle), "--unit", "1", "--damage", "-100000") == 2
    assert capsys.readouterr().err == "warbench: --damage -100000: damage or healing is at most 99999 at a time\n"
