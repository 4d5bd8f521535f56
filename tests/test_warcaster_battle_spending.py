"""Warcaster's Arc and Cyphers in a battle: recorded through the session and `warbench battle arc|cypher|activate`,
refused with the book's reason (exit 2, never stored), undone, carried in the battle code with the seed (the
opponent's Warbench deals the same hands), shown in `--json` and the report."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.battles import battle_code, battle_from_code, new_battle, read_battle
from builder.battles.session import BattleSession
from builder.campaigns.ledger import LedgerError
from builder.cli import main
from builder.editing.storage import Store
from builder.games.warcaster import offers
from exports.share.envelope import BATTLE_FORMATS, open_code
from tests.conftest import EXAMPLES, examples_in


def warcaster_battle(tmp_path) -> Path:
    """A Warcaster battle of the two bundled examples (the Firebrand's roster ours), with no turn played."""
    examples_in(tmp_path)
    path = tmp_path / "battle.toml"
    new_battle(tmp_path / "warcaster-firebrand.toml", str(tmp_path / "warcaster-marcher-worlds.toml"), path)
    return path


@pytest.fixture
def battle(tmp_path):
    return warcaster_battle(tmp_path)


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def resources(path, capsys, side=0) -> dict:
    assert main(["battle", str(path), "--json"]) in (0, 1)
    return json.loads(capsys.readouterr().out)["sides"][side]["resources"]


def test_a_new_battle_has_a_seed_and_each_player_a_hand_of_five_from_their_own_rack(battle, capsys):
    seed = read_battle(battle).seed
    assert seed is not None and len(seed) == 10
    ours, theirs = resources(battle, capsys, 0), resources(battle, capsys, 1)
    assert ours["summary"] == "Arc 7 · gates none · on units 0 · hand 5 · Pulse set-up"
    assert (len(ours["cyphers"]["hand"]), ours["cyphers"]["deck"], ours["arc"]["well"]) == (5, 7, 7)
    assert ours["cyphers"]["hand"] != theirs["cyphers"]["hand"]


def test_a_third_gate_is_refused_from_the_command_line_with_the_reason_and_exit_2(battle, capsys):
    b = str(battle)
    assert run(capsys, "battle", "arc", b, "--side", "us", "deploy", "Firebrand")[0] == 0  # the set-up
    assert run(capsys, "battle", "arc", b, "--side", "us", "charge", "Firebrand")[:2] == (
        0,
        "Matt's Alliance skirmish: Arc 6 · gates none · on units 1 · hand 5 · Pulse 1.1\n",
    )
    assert run(capsys, "battle", "arc", b, "--side", "us", "gate", "--arc", "3")[0] == 0
    for _ in range(2):
        assert run(capsys, "battle", "turn", b)[0] == 0
    assert run(capsys, "battle", "arc", b, "--side", "us", "gate", "--arc", "2")[0] == 0
    for _ in range(2):
        assert run(capsys, "battle", "turn", b)[0] == 0
    before = battle.read_text(encoding="utf-8")
    code, out, err = run(capsys, "battle", "arc", b, "--side", "us", "gate")
    assert (code, out) == (2, "")
    assert err == "warbench: not recorded: 2 void gates are in play already: the most a player has\n"
    assert battle.read_text(encoding="utf-8") == before  # never stored
    assert resources(battle, capsys)["summary"] == "Arc 1 · gates 3+2 · on units 1 · hand 5 · Pulse 1.3"


def test_a_refusal_names_the_player_whose_turn_it_is_not_where_the_battle_names_the_players(tmp_path, capsys):
    """`--players Ann Bob`: Bob acting in Ann's turn is "not Bob's turn", not "player 2's" (the table unnamed still
    says "player 2": tests/test_warcaster_cyphers.py)."""
    examples_in(tmp_path)
    b = str(tmp_path / "named.toml")
    ours, theirs = str(tmp_path / "warcaster-firebrand.toml"), str(tmp_path / "warcaster-marcher-worlds.toml")
    assert run(capsys, "battle", "new", ours, "--opponent", theirs, "--players", "Ann", "Bob", "-o", b)[0] == 0
    assert run(capsys, "battle", "arc", b, "--side", "Ann", "deploy", "Firebrand")[0] == 0  # the set-up
    assert run(capsys, "battle", "arc", b, "--side", "Ann", "charge", "Firebrand")[0] == 0  # turn 1.1, Ann's
    assert run(capsys, "battle", "arc", b, "--side", "Bob", "charge", "1") == (
        2,
        "",
        "warbench: not recorded: it is not Bob's turn\n",
    )


def test_deploying_through_a_gate_clears_its_dc_and_more_than_the_gate_holds_is_refused(battle, capsys):
    b = str(battle)
    run(capsys, "battle", "arc", b, "--side", "us", "gate", "--arc", "2")
    code, _, err = run(capsys, "battle", "arc", b, "--side", "us", "deploy", "Firebrand", "--gate", "1")
    assert (code, err) == (
        2,
        "warbench: not recorded: deploying belongs to the Deployment Phase, but this turn has reached placing a "
        "void gate (steps go in order)\n",
    )
    run(capsys, "battle", "turn", b)
    run(capsys, "battle", "turn", b)
    assert run(capsys, "battle", "arc", b, "--side", "us", "deploy", "Firebrand", "--gate", "1")[0] == 0
    assert resources(battle, capsys)["summary"] == "Arc 7 · gates none · on units 0 · hand 5 · Pulse 1.2"
    # Firebrand's DC 2 cleared the gate's 2 Arc back to the well: it collapsed


def test_a_resource_event_is_undone_and_redone_like_any_change(battle, tmp_path):
    session = BattleSession(battle, Store(tmp_path / "data"))
    session.spend(0, {"kind": "deploy", "units": [0]}, "deploy Firebrand")
    session.spend(0, {"kind": "charge", "unit": 0}, "charge Firebrand")
    assert session.result.spending.summary(0) == "Arc 6 · gates none · on units 1 · hand 5 · Pulse 1.1"
    assert session.undo() is not None
    assert session.result.spending.summary(0) == "Arc 7 · gates none · on units 0 · hand 5 · Pulse set-up"
    assert len(session.ledger.spent) == 1
    with pytest.raises(LedgerError, match=r"not recorded: Firebrand holds 3 Arc at most \(0 on it, 4 more asked\)"):
        session.spend(0, {"kind": "charge", "unit": 0, "rule": "Overcharge", "amount": 4}, "charge")
    session.redo()
    assert session.result.spending.summary(0) == "Arc 6 · gates none · on units 1 · hand 5 · Pulse 1.1"


def test_the_battle_code_carries_the_seed_and_the_events_and_the_other_side_deals_the_same(battle, capsys, tmp_path):
    b = str(battle)
    run(capsys, "battle", "arc", b, "--side", "us", "deploy", "Firebrand", "Paladin Weaver")  # a Fury's Arc Relay
    hand = resources(battle, capsys)["cyphers"]["hand"]
    run(capsys, "battle", "arc", b, "--side", "us", "charge", "1")
    run(capsys, "battle", "cypher", b, "--side", "us", "play", hand[0], "--when", "before", "--lasts", "resolved")
    run(capsys, "battle", "activate", b, "--side", "us", "Firebrand")
    code = battle_code(battle)
    assert open_code(code, BATTLE_FORMATS).version == 0
    (tmp_path / "theirs").mkdir()
    imported = battle_from_code(code, tmp_path / "theirs" / "battle.toml")
    assert (imported.seed, imported.spent) == (read_battle(battle).seed, read_battle(battle).spent)
    ours = [resources(battle, capsys, side) for side in (0, 1)]
    theirs = [resources(tmp_path / "theirs" / "battle.toml", capsys, side) for side in (0, 1)]
    assert theirs == ours
    assert ours[0]["cyphers"]["discard"] == [hand[0]] and ours[0]["tokens"] == [0]
    assert battle_code(tmp_path / "theirs" / "battle.toml") == code


def test_the_report_shows_each_sides_line_and_a_battle_without_a_seed_reports_as_before(battle, capsys):
    _, out, _ = run(capsys, "battle", str(battle))
    assert out.count("Arc 7 · gates none · on units 0 · hand 5 · Pulse set-up") == 2
    battle.write_text(
        "\n".join(line for line in battle.read_text(encoding="utf-8").splitlines() if not line.startswith("seed")),
        encoding="utf-8",
    )
    _, out, _ = run(capsys, "battle", str(battle))
    assert "Arc" not in out
    assert "resources" not in json.loads(run(capsys, "battle", str(battle), "--json")[1])["sides"][0]


def test_each_subcommand_has_its_own_help(capsys):
    with pytest.raises(SystemExit):
        main(["battle", "cypher", "--help"])
    out = capsys.readouterr().out
    assert "Warcaster: a Cypher played, discarded, drawn up." in out and "play" in out and "hand-size" in out


def test_the_pulse_tracker_and_the_scenarios_pulse_rounds_are_the_same_rounds(tmp_path, capsys):
    """A Pulse round is five turns of each player (the tracker's five boxes, moved by the first player's): the
    battle's round is the Pulse round the scenario scores, so both end together after the third."""
    shutil.copy(EXAMPLES / "warcaster-firebrand.toml", tmp_path / "warcaster-firebrand.toml")
    path = tmp_path / "bp.toml"
    roster = tmp_path / "warcaster-firebrand.toml"
    opponent = str(roster)  # Boiling Point is played with skirmish forces
    new_battle(roster, opponent, path, scenario="boiling-point")
    session = BattleSession(path, Store(tmp_path / "data"))
    for _ in range(1 + 2 * 5 + 2):  # the set-up's end, Pulse round 1's ten player turns, round 2's second box
        session.next_turn()
    assert session.result.turn()["round"] == 2 and session.result.turn()["of_round"] == 2
    assert session.result.spending.summary(0).endswith("Pulse 2.2")
    for _ in range(2 * 5 * 2 - 3):  # to the last turn of Pulse round 3
        session.next_turn()
    said = session.result.turn()
    assert (said["round"], said["of_round"]) == (3, 5)
    assert session.result.spending.summary(0).endswith("Pulse 3.5")
    assert session.result.judged.outcome.scenario.win.rounds == 3 and not session.result.judged.outcome.over


def test_deploy_and_recall_from_the_command_line_move_the_units_as_the_report_shows_them(battle, capsys):
    b = str(battle)
    where = lambda: [u["status"] for u in json.loads(run(capsys, "battle", b, "--json")[1])["sides"][0]["units"][:3]]
    # a unit marked into play first (`battle mark --deploy`) stays there when its deployment is recorded
    assert run(capsys, "battle", "mark", b, "--side", "us", "--unit", "3", "--deploy")[0] == 0
    assert run(capsys, "battle", "arc", b, "--side", "us", "deploy", "1", "3")[0] == 0
    assert where() == ["play", "reserve", "play"]
    assert resources(battle, capsys)["arc"]["in_play"] == [0, 2]
    assert run(capsys, "battle", "arc", b, "--side", "us", "recall", "Paladin Defenders")[0] == 0
    assert where() == ["play", "reserve", "reserve"]
    assert resources(battle, capsys)["arc"]["in_play"] == [0]


def test_a_unit_destroyed_on_the_tracker_clears_its_arc_back_to_the_well_in_the_same_change(battle, capsys):
    """Destroyed and recalled units clear their Arc: damage that destroys a unit in play records its `destroyed`
    event with the mark, undone together."""
    b = str(battle)
    assert run(capsys, "battle", "arc", b, "--side", "us", "deploy", "1")[0] == 0
    session = BattleSession(battle, Store(battle.parent / "data"))
    session.next_turn()  # the set-up is over: turn 1.1, ours
    session.spend(0, {"kind": "charge", "unit": 0}, "charge")
    assert session.result.spending.as_dict(0)["arc"]["in_play"] == [0]
    before = session.result.spending.as_dict(0)["arc"]
    session.take(0, 0, 99)  # the first unit's every box
    arc = session.result.spending.as_dict(0)["arc"]
    assert arc["in_play"] == [] and arc["well"] == before["well"] + 1
    assert [s.event["kind"] for s in session.ledger.spent][-1] == "destroyed"
    session.undo()
    assert session.result.spending.as_dict(0)["arc"] == before


def test_a_first_player_who_is_not_at_the_table_is_one_line_and_exit_2(battle, capsys):
    """`[play] first` past the sides (a hand-edited file, a damaged code) left every player turn no one's: the Arc
    replay stopped on an assertion ("unexpected error … please report it")."""
    assert run(capsys, "battle", "arc", str(battle), "--side", "us", "deploy", "Firebrand")[0] == 0
    assert run(capsys, "battle", "arc", str(battle), "--side", "us", "charge", "Firebrand")[0] == 0  # Pulse 1.1
    battle.write_text(battle.read_text(encoding="utf-8") + "\n[play]\nfirst = 2\n", encoding="utf-8")
    code, out, err = run(capsys, "battle", str(battle))
    assert (code, out) == (2, "")
    assert err == f"warbench: {battle}: (top level): play.first: no side 2 (the battle seats 2: 0 to 1)\n"


def test_the_report_keeps_each_hand_private_unless_a_side_is_named(battle, capsys):
    hands = [resources(battle, capsys, side)["cyphers"]["hand"] for side in (0, 1)]
    _, out, _ = run(capsys, "battle", str(battle))
    assert "Hand:" not in out
    code, out, _ = run(capsys, "battle", str(battle), "--side", "opponent")
    lines = out.splitlines()
    at = lines.index("Will's Marcher force in full:")
    assert code == 0 and lines[at + 1] == "  Set-up: nothing spent yet"
    assert lines[at + 2].startswith("  Hand: ") and lines[at + 2].count(", ") == 4
    assert "Matt's Alliance skirmish in full:" not in lines and len(hands[1]) == 5
    assert run(capsys, "battle", str(battle), "--side", "nobody")[::2] == (
        2,
        "warbench: no player 'nobody' (players: Matt's Alliance skirmish, Will's Marcher force; "
        "or the side's number, 1 to 2; or us, opponent)\n",
    )


def test_a_units_detail_names_its_arc_of_its_limit_and_its_activation_token(battle, capsys):
    """The battle screen's unit detail: which unit holds the Arc the line only totals, and whether it activated."""
    b = str(battle)
    assert run(capsys, "battle", "arc", b, "--side", "us", "deploy", "Firebrand", "Paladin Weaver")[0] == 0
    assert run(capsys, "battle", "arc", b, "--side", "us", "charge", "Firebrand")[0] == 0
    assert run(capsys, "battle", "activate", b, "--side", "us", "Paladin Weaver")[0] == 0
    state = BattleSession(battle, Store(battle.parent / "store")).result.spending.state
    assert offers.unit_words(state, 0, 0) == "Arc 1 of 3"
    assert offers.unit_words(state, 0, 3) == "Arc 0 of 1 · activated"
    assert offers.unit_words(state, 0, 1) == "", "in reserve: holds nothing"
