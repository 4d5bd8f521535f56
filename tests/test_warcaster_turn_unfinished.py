"""What every Warcaster turn asks of its player, said as the turn passes undone: a unit activated where the player had
one in play by the Activation Phase (one deployed this turn came after it), and the hand drawn back up to five
where the rack has cards left. `battle turn` passes the turn all the same and warns on stderr."""

from __future__ import annotations

import pytest

from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from tests.conftest import examples_in

NO_ACTIVATION = "Ann activated no unit (a player with a unit in play activates one each turn)"


@pytest.fixture
def battle(tmp_path, capsys) -> str:
    """Ann's Firebrand force against Bob's Marcher force, the Firebrand and the Paladin Weaver (whose Arc Relay
    channels a Fury) deployed in the set-up."""
    examples_in(tmp_path)
    path = str(tmp_path / "battle.toml")
    ours, theirs = str(tmp_path / "warcaster-firebrand.toml"), str(tmp_path / "warcaster-marcher-worlds.toml")
    assert main(["battle", "new", ours, "--opponent", theirs, "--players", "Ann", "Bob", "-o", path]) == 0
    assert main(["battle", "arc", path, "--side", "Ann", "deploy", "Firebrand", "Paladin Weaver"]) == 0
    capsys.readouterr()
    return path


def turn(path: str, capsys) -> str:
    """`battle turn`'s warning (empty: none); the turn passes either way."""
    assert main(["battle", "turn", path]) == 0
    return capsys.readouterr().err


def unfinished(path: str) -> str | None:
    return BattleSession(path, Store(str(path) + ".store")).result.spending.unfinished


def test_a_turn_passed_without_activating_a_unit_in_play_is_said_and_passes(battle, capsys):
    assert main(["battle", "arc", battle, "--side", "Ann", "charge", "Firebrand"]) == 0  # turn 1.1, Ann's
    assert unfinished(battle) == NO_ACTIVATION
    assert turn(battle, capsys) == f"warning: {NO_ACTIVATION}; the turn passed all the same\n"
    assert unfinished(battle) is None  # Bob's turn: nothing of his is in play, so he has nothing to activate
    assert turn(battle, capsys) == ""


def test_the_set_up_asks_nothing_and_its_end_begins_ann_s_turn_1_1_which_then_asks(battle, capsys):
    """The set-up's end passes nobody's turn (it passed Ann's turn 1.1 before): her unit deployed in the set-up is
    asked for at the end of her turn 1.1."""
    assert unfinished(battle) is None
    assert turn(battle, capsys) == ""
    assert unfinished(battle) == NO_ACTIVATION
    assert turn(battle, capsys) == f"warning: {NO_ACTIVATION}; the turn passed all the same\n"


def test_an_activation_and_a_full_hand_leave_nothing_undone(battle, capsys):
    assert main(["battle", "activate", battle, "--side", "Ann", "Firebrand"]) == 0
    assert unfinished(battle) is None
    capsys.readouterr()
    assert main(["battle", "turn", battle]) == 0
    assert capsys.readouterr() == ("Matt's Alliance skirmish, turn 1.1, Bob's turn\n", "")  # where the battle is


def test_a_cypher_played_and_no_draw_says_the_hand_was_not_drawn_up_until_it_is(battle, capsys):
    session = BattleSession(battle, Store(battle + ".store"))
    card = session.result.spending.as_dict(0)["cyphers"]["hand"][0]
    capsys.readouterr()
    assert main(["battle", "cypher", battle, "--side", "Ann", "play", card, "--when", "before"]) == 0
    assert main(["battle", "activate", battle, "--side", "Ann", "Firebrand"]) == 0
    assert unfinished(battle) == "Ann did not draw back up to 5 Cyphers"
    assert main(["battle", "cypher", battle, "--side", "Ann", "draw"]) == 0
    assert unfinished(battle) is None


def test_both_undone_are_said_in_one_line(battle, capsys):
    session = BattleSession(battle, Store(battle + ".store"))
    card = session.result.spending.as_dict(0)["cyphers"]["hand"][0]
    assert main(["battle", "cypher", battle, "--side", "Ann", "play", card, "--when", "before"]) == 0
    capsys.readouterr()
    assert turn(battle, capsys) == (
        f"warning: {NO_ACTIVATION} and did not draw back up to 5 Cyphers; the turn passed all the same\n"
    )


def test_a_unit_deployed_this_turn_came_after_the_activation_phase_and_asks_for_none(battle, capsys):
    """Bob's first turn places a gate; his second deploys through it, and he had nothing in play to activate."""
    assert main(["battle", "activate", battle, "--side", "Ann", "Firebrand"]) == 0
    assert turn(battle, capsys) == ""
    assert main(["battle", "arc", battle, "--side", "Bob", "gate", "--arc", "3"]) == 0
    assert turn(battle, capsys) == ""
    assert main(["battle", "activate", battle, "--side", "Ann", "Paladin Weaver"]) == 0  # each once a Pulse round
    assert turn(battle, capsys) == ""
    assert main(["battle", "arc", battle, "--side", "Bob", "deploy", "Ranger Infiltrators", "--gate", "1"]) == 0
    assert unfinished(battle) is None


def test_a_round_passed_at_once_warns_of_every_turn_it_passes_unfinished(battle, capsys):
    """From the set-up to Pulse round 2: ten player turns, Ann's five with her Firebrand and Weaver unactivated (Bob
    has nothing in play to activate)."""
    assert main(["battle", "turn", battle, "--round"]) == 0
    out, err = capsys.readouterr()
    assert err == f"warning: 5 turns passed unfinished, all the same:\n  5 turns: {NO_ACTIVATION}\n"
    assert out.splitlines()[0] == "Matt's Alliance skirmish, turn 2.1, Ann's turn"
    assert main(["battle", "activate", battle, "--side", "Ann", "Firebrand"]) == 0
    assert main(["battle", "turn", battle, "--round"]) == 0
    assert capsys.readouterr().err == f"warning: 4 turns passed unfinished, all the same:\n  4 turns: {NO_ACTIVATION}\n"


def test_a_second_cypher_before_any_activation_is_refused_naming_the_choice(battle, capsys):
    """A play with no `--when` after the card before activating would pass the Activation Phase by unseen: refused,
    naming `--when after`; said when chosen."""
    hand = BattleSession(battle, Store(battle + ".store")).result.spending.state.table.sides[0].cyphers.hand
    play = ["battle", "cypher", battle, "--side", "Ann", "play"]
    assert main([*play, hand[0]]) == 0
    capsys.readouterr()
    assert main([*play, hand[1]]) == 2
    assert capsys.readouterr().err == (
        "warbench: not recorded: a Cypher was played before activating already and no unit has activated: activate "
        "one first, or play this card as the one after activating (--when after), passing the Activation Phase by\n"
    )
    assert main([*play, hand[1], "--when", "after"]) == 0
    assert capsys.readouterr().out.startswith(
        "Played after activating: the Activation Phase passed with no unit activated.\nAnn: "
    )
    assert main(["battle", "activate", battle, "--side", "Ann", "Firebrand"]) == 2  # as the player chose
