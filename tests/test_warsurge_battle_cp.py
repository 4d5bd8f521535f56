"""Warsurge Advanced command points in a battle, through `warbench battle cp` and the session: the book's own
examples (800 points, 5 units, a roll of 3 and 4 → 17 CP; Move three times → 7 CP), refusals with the sum, the
Turn Master's roll for every player, the ledger in `--json`."""

from __future__ import annotations

import json

import pytest

from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.games.warsurge import spending
from tests.fixtures.warsurge_cp import cp, set_up, strike_battle


@pytest.fixture
def battle(tmp_path):
    return strike_battle(tmp_path)


def test_800_points_5_units_and_a_roll_of_3_and_4_give_17_cp_to_every_player(battle, capsys):
    set_up(capsys, battle)
    code, out, _ = cp(capsys, battle, "roll", "3", "4")
    assert code == 0
    assert out.splitlines() == [
        "Game turn 1 begins: rolled 3 4: +7 CP each, and 2 for each unit on the battlefield.",
        "Ursus strike force: CP 17 · spent 0 · game turn 1",
        f"{out.splitlines()[2].split(':')[0]}: CP 7 · spent 0 · game turn 1",  # nothing placed: the roll alone
    ]


def test_move_three_times_costs_7_and_one_more_than_the_player_has_is_refused_with_the_sum(battle, capsys):
    set_up(capsys, battle)
    cp(capsys, battle, "roll", "3", "4")
    for _ in range(3):
        code, out, _ = cp(capsys, battle, "--side", "us", "action", "Revenge", "move")
    assert (code, out) == (
        0,
        "Revenge Wing Biker moved (4 CP: its 3rd Move this game turn).\n"
        "Ursus strike force: CP 10 · spent 7 · game turn 1\n",
    )
    assert cp(capsys, battle, "--side", "us", "action", "Revenge", "move")[1].startswith(
        "Revenge Wing Biker moved (8 CP: its 4th Move this game turn).\nUrsus strike force: CP 2 · spent 15"
    )
    code, out, err = cp(capsys, battle, "--side", "us", "action", "Revenge", "move")
    assert (code, out) == (2, "")
    assert err == (
        "warbench: not recorded: Revenge Wing Biker's 5th Move this game turn costs 16 CP "
        "(1 + 2 + 4 + 8 + 16 = 31 in all) — the player has 2\n"
    )


def test_an_action_before_the_roll_or_a_second_roll_is_refused_and_the_dice_count_is_the_books(battle, capsys):
    set_up(capsys, battle)
    err = cp(capsys, battle, "--side", "us", "action", "Revenge", "move")[2]
    assert "game turn 1 has no CP yet: roll the Turn Master's dice first" in err
    assert cp(capsys, battle, "roll", "3")[2] == "warbench: not recorded: a 800-point game rolls 2 D6 for CP, not 1\n"
    assert cp(capsys, battle, "roll")[0] == 0  # rolled here, from the battle's seed
    assert cp(capsys, battle, "roll", "1", "1")[2] == "warbench: not recorded: game turn 1's CP were rolled already\n"


def test_the_ledger_carries_over_to_the_next_game_turn_and_shows_in_json(battle, capsys, tmp_path):
    set_up(capsys, battle)
    cp(capsys, battle, "roll", "3", "4")
    cp(capsys, battle, "--side", "us", "action", "Ursus", "support")
    cp(capsys, battle, "--side", "us", "action", "Troopers", "attack", "--counter")
    cp(capsys, battle, "--side", "us", "overrun")
    assert main(["battle", "turn", str(battle)]) == 0
    capsys.readouterr()
    cp(capsys, battle, "--side", "us", "place", "Troopers", "casualty")
    code, out, _ = cp(capsys, battle, "roll", "6", "6")
    assert code == 0
    assert out.splitlines()[:2] == [
        "Game turn 2 begins: rolled 6 6: +12 CP each, and 2 for each unit on the battlefield.",
        "Ursus strike force: CP 36 · spent 0 · game turn 2",  # 16 left + 4 units × 2 + 12
    ]
    main(["battle", str(battle), "--json"])
    found = json.loads(capsys.readouterr().out)["sides"][0]["resources"]
    assert found["ledger"] == [
        {"game_turn": 1, "unit": "Ursus APC", "action": "support", "cost": -1},
        {"game_turn": 1, "unit": "Troopers", "action": "counter attack", "cost": 1},
        {"game_turn": 1, "unit": "", "action": "overrun", "cost": 1},
    ]
    session = BattleSession(battle, Store(tmp_path / "data"))
    assert session.result.spending.details(0)[-5:] == [
        "turn 1  +17 CP: 10 for 5 units, 7 rolled (3 4), 0 carried over",
        "turn 1  Ursus APC  support  +1 CP",
        "turn 1  Troopers  counter attack  1 CP",
        "turn 1  (timer)  overrun  1 CP",
        "turn 2  +20 CP: 8 for 4 units, 12 rolled (6 6), 16 carried over",
    ]


def test_another_games_word_on_a_warsurge_battle_is_refused_naming_its_own(battle, capsys):
    before = battle.read_text(encoding="utf-8")
    assert main(["battle", "arc", str(battle), "--side", "us", "charge", "1"]) == 2
    assert capsys.readouterr().err == "warbench: `battle arc` is not a Warsurge command (its own: battle cp)\n"
    assert main(["battle", "focus", str(battle), "--side", "us", "spend", "1"]) == 2
    assert capsys.readouterr().err == "warbench: `battle focus` is not a Warsurge command (its own: battle cp)\n"
    assert battle.read_text(encoding="utf-8") == before


def test_a_unit_destroyed_on_the_tracker_is_a_casualty_that_gives_no_more_cp(battle, capsys):
    """Marking a unit's last HP records it a casualty at that moment, which then cannot act; the Ursus's passengers
    are let out onto the battlefield in the same change ("Survivors of a destroyed Transport will occupy where the
    Transport model once was")."""
    from builder.battles.session import BattleSession
    from builder.editing.storage import Store

    set_up(capsys, battle)
    session = BattleSession(battle, Store(battle.parent / "data"))
    session.take(0, 0, 10_000)  # the Ursus, every HP
    assert [spent.event for spent in session.ledger.spent[-3:]] == [
        {"kind": "place", "unit": 0, "where": "casualty"},
        {"kind": "place", "unit": 1, "where": "battlefield"},
        {"kind": "place", "unit": 2, "where": "battlefield"},
    ]
    session.save()
    assert cp(capsys, battle, "roll", "3", "4")[0] == 0
    code, _, err = cp(capsys, battle, "--side", "us", "action", "Ursus", "move")
    assert code == 2 and "is a casualty: it cannot act" in err


def test_the_action_key_offers_counter_actions_at_the_cost_they_double_with(battle, capsys, tmp_path):
    set_up(capsys, battle)
    cp(capsys, battle, "roll", "3", "4")
    session = BattleSession(battle, Store(tmp_path / "data"))
    troopers = next(s.track.index for s in session.result.sides[0].states if s.track.name == "Troopers")
    offered = lambda: spending.actions(session.result.spending.state, 0, troopers, session.ledger.moment())
    assert offered()[-3:] == [
        ("counter:attack", "Counter Attack", "1 CP", ""),
        ("counter:guard", "Counter Guard", "1 CP", ""),
        ("counter:use-perks", "Counter Perk", "1 CP", ""),
    ]
    embarked = "Troopers is not in reserve: only a unit in reserve is deployed"
    assert ("deploy", "Deploy", "free", embarked) in offered()  # refused in the chooser, not after it
    session.spend(0, {"kind": "action", "unit": troopers, "action": "attack", "counter": True}, "counter attack")
    assert ("attack", "Attack", "2 CP", "") in offered() and (
        "counter:attack",
        "Counter Attack",
        "2 CP",
        "",
    ) in offered()


def test_until_the_turn_master_rolls_the_line_says_the_dice_are_still_to_roll(battle, capsys, tmp_path):
    set_up(capsys, battle)
    summary = lambda: BattleSession(battle, Store(tmp_path / "data")).result.spending.summary(0)
    assert summary() == "CP 0 · game turn 1: CP dice not rolled yet"
    cp(capsys, battle, "roll", "3", "4")
    assert summary() == "CP 17 · spent 0 · game turn 1"
    cp(capsys, battle, "--side", "us", "action", "Ursus", "support")
    details = lambda: BattleSession(battle, Store(tmp_path / "data")).result.spending.details(0)
    assert details()[:2] == [
        "CP 18 · spent -1 · game turn 1 · 2 D6 a game turn (800 points)",
        "Ursus APC: battlefield · acted",
    ]
    assert main(["battle", "turn", str(battle)]) == 0
    assert summary() == "CP 18 · game turn 2: CP dice not rolled yet"  # what is left carries over
    assert details()[:2] == [  # the full view, too: not game turn 1's line, nor who acted in it
        "CP 18 · game turn 2: CP dice not rolled yet · 2 D6 a game turn (800 points)",
        "Ursus APC: battlefield",
    ]


def test_a_game_turn_passed_without_a_roll_keeps_its_number_and_the_next_roll_is_the_battles_turn(battle, capsys):
    set_up(capsys, battle)
    cp(capsys, battle, "roll", "3", "4")
    said = []
    for _ in range(2):
        assert main(["battle", "turn", str(battle)]) == 0
        said.append(capsys.readouterr().err)
    assert said == ["", "warning: game turn 2's CP dice were not rolled; the turn passed all the same\n"]
    code, out, _ = cp(capsys, battle, "roll", "1", "1")
    assert (code, out.splitlines()[:2]) == (
        0,
        [
            "Game turn 3 begins: rolled 1 1: +2 CP each, and 2 for each unit on the battlefield.",
            "Ursus strike force: CP 29 · spent 0 · game turn 3",  # 17 + 10 + 2
        ],
    )
    main(["battle", str(battle), "--json"])
    ledger = json.loads(capsys.readouterr().out)["sides"][0]["resources"]
    assert ledger["game_turn"] == 3


def test_the_game_turn_not_rolled_is_said_while_the_game_goes_on_and_never_once_it_is_over(tmp_path, capsys):
    """`n` asks before a game turn's CP are given up (`not_rolled`); after the scenario's last game turn the line
    shows the last one rolled, not "game turn 3: CP dice not rolled yet" for a game turn nobody plays."""
    from builder.battles import new_battle
    from builder.scenarios.record import ScenarioPlay
    from tests.conftest import EXAMPLES

    (tmp_path / "ours.toml").write_text((EXAMPLES / "warsurge-499.toml").read_text(encoding="utf-8"))
    (tmp_path / "theirs.toml").write_text((EXAMPLES / "warsurge-apc.toml").read_text(encoding="utf-8"))
    battle = tmp_path / "battle.toml"
    play = ScenarioPlay(length="set", rounds=2, playstyle="advanced", point_limit=500)
    new_battle(tmp_path / "ours.toml", str(tmp_path / "theirs.toml"), battle, scenario="deathmatch", play=play)
    session = lambda: BattleSession(battle, Store(tmp_path / "data"))
    state = lambda: session().result.spending.state
    assert spending.not_rolled(state()) == 1
    cp(capsys, battle, "roll", "4")
    assert spending.not_rolled(state()) is None
    assert main(["battle", "turn", str(battle)]) == 0
    assert (spending.not_rolled(state()), session().result.spending.summary(0)) == (
        2,
        "CP 4 · game turn 2: CP dice not rolled yet",
    )
    cp(capsys, battle, "roll", "1")
    assert main(["battle", "turn", str(battle)]) == 0  # past game turn 2: the game is over
    capsys.readouterr()
    assert session().result.turn_words() == "game over after game turn 2"
    assert spending.not_rolled(state()) is None
    assert [session().result.spending.summary(n) for n in (0, 1)] == ["CP 5 · spent 0 · game turn 2"] * 2


def test_where_each_unit_is_as_its_row_says_it_short(battle, capsys, tmp_path):
    """The unit list's tag beside each unit (at 80 columns a pane has 38): a unit never placed is in reserve."""
    set_up(capsys, battle)
    state = BattleSession(battle, Store(tmp_path / "data")).result.spending.state
    ours = [spending.PLACE_TAGS[spending.place_of(state, 0, n)] for n in range(5)]
    assert ours == ["on field", "embarked", "embarked", "on field", "on field"]
    assert (spending.place_of(state, 1, 0), spending.place_of(state, 2, 0)) == ("reserve", None)
    assert max(len(tag) for tag in spending.PLACE_TAGS.values()) == 8


def test_a_first_roll_with_no_unit_on_the_battlefield_says_none_gave_cp_and_how_units_deploy_before_it(battle, capsys):
    """A player who rolled before placing anything got the die alone and no word of why."""
    code, out, _ = cp(capsys, battle, "roll", "3", "4")
    assert code == 0
    assert out.splitlines()[0] == (
        "Game turn 1 begins: rolled 3 4: +7 CP each, and 2 for each unit on the battlefield. No unit was on the "
        "battlefield, so none gave CP: the book has players deploy before this roll (`battle cp BATTLE --side NAME "
        "place UNIT battlefield`); from now on a unit deploys with the Deploy action."
    )
    assert out.splitlines()[1] == "Ursus strike force: CP 7 · spent 0 · game turn 1"
    assert main(["battle", "turn", str(battle)]) == 0
    capsys.readouterr()
    assert cp(capsys, battle, "roll", "1", "1")[1].splitlines()[0] == (
        "Game turn 2 begins: rolled 1 1: +2 CP each, and 2 for each unit on the battlefield."
    )


def test_rolled_undeployed_is_a_first_roll_with_no_unit_of_anyones_on_the_battlefield_only(battle, capsys):
    """What the command line and the battle screen both ask before they say how units deploy before the roll."""
    assert cp(capsys, battle, "roll", "3", "4")[0] == 0
    state = BattleSession(battle, Store(battle.parent / "data")).result.spending.state
    assert spending.rolled_undeployed(state) is True
    assert main(["battle", "turn", str(battle)]) == 0
    assert cp(capsys, battle, "roll", "1", "1")[0] == 0
    state = BattleSession(battle, Store(battle.parent / "data")).result.spending.state
    assert spending.rolled_undeployed(state) is False  # game turn 2: the Deploy action's, said no more


def test_a_first_roll_with_a_unit_placed_is_not_rolled_undeployed(battle, capsys):
    set_up(capsys, battle)
    assert cp(capsys, battle, "roll", "3", "4")[0] == 0
    state = BattleSession(battle, Store(battle.parent / "data")).result.spending.state
    assert spending.rolled_undeployed(state) is False
