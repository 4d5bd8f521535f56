"""Who is ahead in a battle: what the game's book counts (Warsurge: points left, reserves lost under Deathmatch),
and never anyone but the scenario's winner once it has one."""

from __future__ import annotations

import pytest

from builder.battles import new_battle
from builder.battles.session import BattleSession
from builder.battles.text import battle_text
from builder.editing.storage import Store
from builder.scenarios import edits
from builder.scenarios.record import ScenarioPlay
from tests.conftest import EXAMPLES, examples_in


@pytest.fixture
def table(tmp_path):
    examples_in(tmp_path)
    example = (EXAMPLES / "warmachine-example.toml").read_text(encoding="utf-8")
    opponent = example.replace('name = "Cogmire vanguard"', 'name = "Second vanguard"')
    (tmp_path / "warmachine-opponent.toml").write_text(opponent, encoding="utf-8")
    return tmp_path


def session_of(table, roster: str, opponent: str, scenario: str | None) -> BattleSession:
    path = table / "battle.toml"
    attacker = ScenarioPlay(attacker=0) if roster.startswith("warmachine") else None  # who takes the first turn
    new_battle(table / roster, str(table / opponent), path, scenario=scenario, play=attacker)
    return BattleSession(path, Store(table / "data"))


def test_warsurge_deathmatch_ahead_by_points_left_agrees_with_the_winner(table):
    session = session_of(table, "warsurge-499.toml", "warsurge-apc.toml", "deathmatch")
    session.take(0, 0, 1)  # the Catapult (269 points, 10 HP) loses 1 HP: 472.1 left, 95% of the army
    result = session.result
    assert [side.percent for side in result.sides] == [95, 100]
    assert result.leader == "Fantasy Army"
    assert "ahead: Fantasy Army (points left: 472.1 against 434.3)" in battle_text(result)
    session.change("game over", edits.end_game)
    result = session.result
    assert result.judged is not None and result.judged.outcome.winner is not None
    assert result.judged.outcome.winner.name == result.leader == "Fantasy Army"
    lines = battle_text(result)
    assert "Game over: Fantasy Army wins: 472.1 points left to 434.3 (reserves count as lost)" in lines
    assert not [line for line in lines if line.startswith("ahead:")]


def test_warsurge_deathmatch_counts_units_in_reserve_as_lost_for_who_is_ahead(table):
    session = session_of(table, "warsurge-499.toml", "warsurge-apc.toml", "deathmatch")
    session.change("Catapult: reserve", edits.toggle_reserve, 0, 0)
    assert session.result.standing == [("Fantasy Army", 230), ("Ursus strike force", pytest.approx(434.3))]
    assert session.result.leader == "Ursus strike force"
    assert "ahead: Ursus strike force (points left: 434.3 against 230)" in battle_text(session.result)


def test_warsurge_without_a_scenario_the_bigger_army_left_is_ahead(table):
    session = session_of(table, "warsurge-499.toml", "warsurge-apc.toml", None)
    assert session.result.leader == "Fantasy Army"
    assert battle_text(session.result)[-1] == "ahead: Fantasy Army (points left: 499 against 434.3)"


def test_a_warmachine_assassination_winner_is_ahead_whatever_share_each_army_has_left(table):
    session = session_of(table, "warmachine-example.toml", "warmachine-opponent.toml", "first-blood")
    session.casualty(0, 1)  # a unit of ours falls: the smaller share of the army left is ours
    assert session.result.sides[0].share < session.result.sides[1].share
    assert session.result.leader is None  # First Blood is won on VP, 0 each: a bigger share left is not ahead
    session.change("their Leader: enemy-leader", edits.leader, 1, "enemy-leader")
    outcome = session.result.judged.outcome
    assert outcome.winner is not None and outcome.winner.sides == (0,)
    assert session.result.leader == outcome.winner.name == "Cogmire vanguard"


def test_under_a_scenario_won_on_vp_nobody_is_ahead_at_level_vp(table):
    session = session_of(table, "warsurge-499.toml", "warsurge-apc.toml", "capture-territory")
    assert session.result.leader is None  # the bigger army is not ahead: VP decide, and both have 0
    assert "level: nobody ahead (VP: 0 against 0)" in battle_text(session.result)
    assert not [line for line in battle_text(session.result) if line.startswith("ahead:")]


def test_the_title_bar_says_who_is_ahead_while_the_game_goes_on_and_who_won_once_over(table):
    session = session_of(table, "warsurge-499.toml", "warsurge-apc.toml", "deathmatch")
    session.take(0, 0, 1)
    assert session.result.progress() == "turn 1 · ahead: Fantasy Army"
    session.change("game over", edits.end_game)
    assert session.result.progress() == "game over in turn 1 · Fantasy Army wins"
