"""McWarrior's Upkeep phase as a turn passes ("Reduce your Mech's current Heat level by 1"): each mech not destroyed
cools by 1, recorded with the turn (so battle files written before replay as they did), undone with it in one step,
and said in one line by `battle turn` and the app. The Harbour Rats warband: Rustbucket (torso 3), Ironclad (torso 4,
Additional Armor), Dust Devil (torso 2), Lantern (torso 3)."""

from __future__ import annotations

from pathlib import Path

from builder.battles import new_battle, read_battle
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from tests.conftest import examples_in


def warband_battle(tmp_path: Path) -> Path:
    """The Harbour Rats (us) against the Rustbucket, no scenario, turn 1."""
    examples_in(tmp_path)
    battle = tmp_path / "b.toml"
    new_battle(tmp_path / "mcwarrior-warband.toml", str(tmp_path / "mcwarrior-rustbucket.toml"), battle)
    return battle


def run(*words: str) -> int:
    """`warbench WORDS…`'s exit code (argparse's refusals exit through SystemExit)."""
    try:
        return main(list(words))
    except SystemExit as exited:
        return int(exited.code or 0)


def mark(battle: Path, *words: str) -> int:
    return run("battle", "mark", str(battle), *words)


def test_each_turn_cools_the_overheated_dust_devil_by_1_and_says_so_in_one_line(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", "3", "--heat", "5", "--roll", "6") == 0  # overheated by 3: goes ahead
    capsys.readouterr()
    said = []
    for _ in range(3):
        assert main(["battle", "turn", str(battle)]) == 0
        said.append(capsys.readouterr().out.splitlines())
    assert said == [
        ["Harbour Rats, turn 2", "Upkeep: Dust Devil cools to heat 4/2."],
        ["Harbour Rats, turn 3", "Upkeep: Dust Devil cools to heat 3/2."],
        ["Harbour Rats, turn 4", "Upkeep: Dust Devil cools to heat 2/2."],
    ]
    assert [(m.index, m.heat) for m in read_battle(battle).units] == [(2, 2)]


def test_every_side_s_mechs_cool_together_and_a_mech_at_heat_1_leaves_no_mark(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", "1", "--heat", "1") == 0
    assert mark(battle, "--unit", "2", "--heat", "4") == 0
    assert mark(battle, "--theirs", "--unit", "1", "--heat", "2") == 0
    capsys.readouterr()
    assert main(["battle", "turn", str(battle), "--round"]) == 0  # a round on is the same turn here
    assert capsys.readouterr().out.splitlines()[1] == (
        "Upkeep: Rustbucket cools to heat 0/3; Ironclad cools to heat 3/4; Rustbucket cools to heat 1/3."
    )
    read = read_battle(battle)
    assert [(m.index, m.heat) for m in read.units] == [(1, 3)]
    assert [(m.index, m.heat) for m in read.opponent_units] == [(0, 1)]


def test_a_turn_with_nothing_hot_says_no_upkeep_and_a_destroyed_mech_keeps_its_heat(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert main(["battle", "turn", str(battle)]) == 0
    assert capsys.readouterr().out == "Harbour Rats, turn 2\n"
    assert mark(battle, "--unit", "3", "--heat", "3", "--roll", "6") == 0
    assert mark(battle, "--unit", "3", "--hit", "torso:2") == 0  # Dust Devil's torso 2: destroyed
    capsys.readouterr()
    assert main(["battle", "turn", str(battle)]) == 0
    assert capsys.readouterr().out == "Harbour Rats, turn 3\n"
    assert read_battle(battle).units[0].heat == 3


def test_the_upkeep_is_one_undo_step_with_the_turn_and_going_back_warms_nothing(tmp_path):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", "3", "--heat", "5", "--roll", "6") == 0  # overheated by 3: goes ahead
    session = BattleSession(battle, Store(tmp_path / "data"))
    assert session.next_turn() == "Upkeep: Dust Devil cools to heat 4/2."
    assert (session.ledger.turn, session.ledger.units[0].heat) == (2, 4)
    assert session.undo() == "turn 2"
    assert (session.ledger.turn, session.ledger.units[0].heat) == (1, 5)
    session.redo()
    assert (session.ledger.turn, session.ledger.units[0].heat) == (2, 4)
    assert session.next_turn(-1) is None  # back a turn: no Upkeep undone or done, the heat stays
    assert (session.ledger.turn, session.ledger.units[0].heat) == (1, 4)


def test_a_file_written_before_reads_its_heat_as_it_was(tmp_path):
    battle = warband_battle(tmp_path)
    text = battle.read_text(encoding="utf-8").replace("turn = 1\n", "") + "turn = 3\n"
    battle.write_text(text + "\n[[units]]\nindex = 2\nheat = 5\n", encoding="utf-8")
    session = BattleSession(battle, Store(tmp_path / "data"))
    state = session.result.sides[0].states[2]
    assert (session.ledger.turn, state.heat, state.derived["overheated"]) == (3, 5, 3)
