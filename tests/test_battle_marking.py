"""Marks the session refuses: a kind of mark the unit's track does not record, and any mark after the scenario's
victory conditions ended the game; neither is written, and earlier marks stay counted."""

from __future__ import annotations

import json

import pytest

from builder.battles import new_battle, read_battle, replay_battle_file
from builder.cli import main


def battle_of(table, roster: str, opponent: str | None = None, scenario: str | None = None):
    path = table / "battle.toml"
    new_battle(table / roster, str(table / opponent) if opponent else None, path, scenario=scenario)
    return path


def mark(path, *args: str) -> int:
    return main(["battle", "mark", str(path), "--unit", "1", *args])


def test_heat_on_a_destroyed_warsurge_unit_is_refused_and_its_damage_still_counts(table, capsys):
    path = battle_of(table, "warsurge-499.toml", "warsurge-apc.toml")
    assert mark(path, "--damage", "999") == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert mark(path, "--heat", "1") == 2
    err = capsys.readouterr().err
    assert err == "warbench: Catapult has no heat: only a mech runs hot\n"
    assert path.read_bytes() == before
    result = replay_battle_file(path)
    assert result.valid
    assert (result.sides[0].remaining, result.sides[0].points) == (230, 499)


@pytest.mark.parametrize(
    ("roster", "first", "name"),
    [
        ("warmachine-example.toml", ["--damage", "3"], "Commander Ysolde Varr"),
        ("warcaster-marcher-worlds.toml", ["--deploy"], "Dusk Wolf"),
    ],
)
def test_heat_is_refused_on_a_warjack_and_a_warcaster_unit_keeping_their_marks(table, capsys, roster, first, name):
    path = battle_of(table, roster)
    assert mark(path, *first) == 0
    before = path.read_bytes()
    assert mark(path, "--heat", "2") == 2
    assert capsys.readouterr().err.endswith(f"warbench: {name} has no heat: only a mech runs hot\n")
    assert path.read_bytes() == before
    assert replay_battle_file(path).valid


def test_damage_boxes_on_a_mech_are_refused_not_stored_beside_its_parts(table, capsys):
    path = battle_of(table, "mcwarrior-rustbucket.toml")
    assert mark(path, "--heat", "2") == 0
    assert mark(path, "--damage", "2") == 2
    assert capsys.readouterr().err.endswith(
        "warbench: Rustbucket records the points each part lost, its heat and the upgrades destroyed, not damage\n"
    )
    assert read_battle(path).units[0].model_dump(exclude_defaults=True) == {"index": 0, "heat": 2}


GAME_OVER = "not recorded: the game is over (Fantasy Army wins: 472.1 points left to 434.3 (reserves count as lost))"


def ended_deathmatch(table, capsys):
    """A Deathmatch ended from the command line with the Catapult at 9 HP: 472.1 points left to 434.3."""
    path = battle_of(table, "warsurge-499.toml", "warsurge-apc.toml", "deathmatch")
    assert mark(path, "--damage", "1") == 0
    assert main(["battle", "turn", str(path), "--over"]) == 0
    capsys.readouterr()
    return path


def test_a_mark_after_the_game_ended_is_refused_in_one_line_and_not_written(table, capsys):
    path = ended_deathmatch(table, capsys)
    before = path.read_bytes()
    assert main(["battle", "mark", str(path), "--unit", "2", "--damage", "5"]) == 2
    assert capsys.readouterr().err == f"warbench: {GAME_OVER}\n"
    assert path.read_bytes() == before
    result = replay_battle_file(path)
    assert result.valid and result.judged.outcome.winner.name == result.leader == "Fantasy Army"


def test_the_session_refuses_every_mark_and_event_after_the_end_until_the_game_is_taken_up_again(table, capsys):
    from builder.battles.session import BattleSession
    from builder.campaigns.ledger import LedgerError
    from builder.editing.storage import Store
    from builder.scenarios import edits

    session = BattleSession(ended_deathmatch(table, capsys), Store(table / "data"))
    ended = session.ledger
    assert ended.ended_with is not None and ended.ended_with.units == ended.units
    for refused in (
        lambda: session.take(1, 0, 5),
        lambda: session.casualty(0, 1),
        lambda: session.restore_unit(0, 0),
        lambda: session.play("Ursus out", edits.knocked_out, 1),  # would hand Fantasy Army a second win
        lambda: session.play("Fantasy Army out", edits.knocked_out, 0),  # would hand the game to Ursus
        lambda: session.play("reserve", edits.toggle_reserve, 0, 1),
    ):
        with pytest.raises(LedgerError, match="^not recorded: the game is over"):
            refused()
        assert session.ledger == ended
    session.change("game taken up again", edits.end_game, False)
    assert session.ledger.ended_with is None
    session.take(1, 0, 5)
    assert session.result.sides[1].remaining == pytest.approx(324.3)


def test_a_battle_file_marked_after_its_end_reports_battle_after_end_and_keeps_the_winner(table, capsys):
    path = ended_deathmatch(table, capsys)
    path.write_text(
        path.read_text(encoding="utf-8") + "\n[[opponent_units]]\nindex = 1\nmodels = 0\nhp = 0\n", encoding="utf-8"
    )
    assert main(["battle", str(path), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert [(f["code"], f["path"]) for f in report["findings"]] == [("battle/after-end", "opponent_units[0]")]
    assert report["findings"][0]["message"] == (
        "Ursus strike force: Troopers marked after the game ended (Fantasy Army wins: 472.1 points left to 434.3 "
        "(reserves count as lost)); the mark is kept, not counted"
    )
    assert report["winner"]["name"] == report["leader"] == "Fantasy Army"
    assert report["sides"][1]["remaining"] == 434.3


def test_a_battle_shared_after_its_end_carries_the_marks_it_ended_with(table, capsys):
    """A mark made after the end never counts, so it never travels: the opponent's Warbench reads the same winner
    and points left as the sender's."""
    path = ended_deathmatch(table, capsys)
    path.write_text(
        path.read_text(encoding="utf-8") + "\n[[opponent_units]]\nindex = 1\nmodels = 0\nhp = 0\n", encoding="utf-8"
    )
    assert main(["battle", "code", str(path)]) == 0
    code = capsys.readouterr().out.strip()
    received = table / "received" / "battle.toml"
    received.parent.mkdir()
    assert main(["battle", "import", code, "-o", str(received)]) == 0
    capsys.readouterr()
    assert main(["battle", str(received), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["winner"]["name"] == "Fantasy Army" and report["sides"][1]["remaining"] == 434.3
    assert report["findings"] == []


def test_the_next_turn_after_the_end_is_refused_from_the_command_line_and_the_battle_screen(table, capsys):
    """As a campaign refuses a new round once it has ended, a battle refuses the next turn once its scenario's
    victory conditions ended the game: the turn stays the one it ended in."""
    from builder.battles.session import BattleSession
    from builder.campaigns.ledger import LedgerError
    from builder.editing.storage import Store

    path = ended_deathmatch(table, capsys)
    before = path.read_bytes()
    assert main(["battle", "turn", str(path)]) == 2
    assert capsys.readouterr().err == f"warbench: {GAME_OVER}\n"
    assert path.read_bytes() == before
    session = BattleSession(path, Store(table / "data"))
    with pytest.raises(LedgerError, match="not recorded: the game is over"):
        session.next_turn()
    assert session.ledger.turn == 1 and not session.dirty


def test_a_mech_takes_hits_on_a_body_part_from_the_command_line_as_on_the_battle_screen(table, capsys):
    """`battle mark --hit PART[:N]`: the McWarrior mark the battle screen's `h` makes (hits beyond the part to the
    torso, negative repairs), with an unknown part or count refused in one line and nothing written."""
    path = battle_of(table, "mcwarrior-rustbucket.toml")
    assert mark(path, "--hit", "right-arm:2") == 0  # its Energy Shield's 2 levels take the first two
    assert mark(path, "--hit", "left-arm") == 0
    assert mark(path, "--hit", "left-arm:3") == 0
    assert read_battle(path).units[0].lost == {"left-arm": 2, "torso": 2}
    assert mark(path, "--hit", "torso:-1") == 0
    assert read_battle(path).units[0].lost == {"left-arm": 2, "torso": 1}
    capsys.readouterr()
    before = path.read_bytes()
    assert mark(path, "--hit", "foot") == 2
    assert capsys.readouterr().err == (
        "warbench: Rustbucket has no part 'foot' (parts: head, torso, left-arm, right-arm, left-leg, right-leg)\n"
    )
    assert mark(path, "--hit", "head:two") == 2
    assert capsys.readouterr().err == "warbench: --hit takes PART or PART:N (N a whole number), not 'head:two'\n"
    assert path.read_bytes() == before


def test_hits_on_a_body_part_are_refused_on_a_unit_of_another_game(table, capsys):
    path = battle_of(table, "warsurge-499.toml")
    before = path.read_bytes()
    assert mark(path, "--hit", "head") == 2
    assert capsys.readouterr().err == "warbench: Catapult has no body parts to hit\n"
    assert path.read_bytes() == before


@pytest.mark.parametrize("damage", ["0", "-3"])
def test_a_mark_that_changes_nothing_is_refused_in_one_line_not_said_as_made(table, capsys, damage):
    path = battle_of(table, "warsurge-499.toml", "warsurge-apc.toml")
    before = path.read_bytes()
    assert mark(path, "--damage", damage) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"warbench: {path}: not marked: the mark changes nothing (Catapult 269/269 10/10 HP)\n"
    assert path.read_bytes() == before
    assert mark(path, "--damage", "3") == 0 and mark(path, "--damage", "-3") == 0, "a real heal is made"
