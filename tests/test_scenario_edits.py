"""What the battle screen's scenario keys do, in plain Python: the scorings offered and each edit."""

from __future__ import annotations

from builder.battles.model import BattleFile
from builder.game import game
from builder.scenarios import edits, find_scenario
from builder.scenarios.battle import Judged
from builder.scenarios.table import Event, Table
from builder.scenarios.victory import decide


def judged(scenario_id: str, table: Table) -> Judged:
    scenario = find_scenario(scenario_id)
    book = game(scenario.game).scenarios
    return Judged(table, decide(scenario, book, table), book.round_word)


def offered(scenario_id: str, table: Table, side: int) -> list[tuple[int, str | None]]:
    scenario = find_scenario(scenario_id)
    return [(s.vp, s.mission) for s in edits.scorings(judged(scenario_id, table), game(scenario.game).scenarios, side)]


def test_the_scorings_offered_follow_the_scenario():
    recon = Table(("Anna", "Ben"), round=2, secondaries=(("recon",), ()))
    assert offered("strange-matter", recon, 0) == [(vp, None) for vp in range(15)] + [(3, "recon")]
    assert offered("boiling-point", Table(("Anna", "Ben"), round=3), 1) == [(3, None)]
    attacker = Table(("Anna", "Ben"), round=3, attacker=0)
    assert (offered("key-positions", attacker, 0), offered("key-positions", attacker, 1)) == ([(2, None)], [])
    assert offered("first-blood", Table(("Anna", "Ben"), round=1), 0) == []
    assert offered("first-blood", Table(("Anna", "Ben"), round=2), 0)[-2:] == [(2, "cache"), (2, "kill-box")]
    assert offered("capture-objectives", Table(("Anna", "Ben"), round=4), 0)[-1] == (27, None)


def test_each_edit_records_one_event_in_the_current_round():
    battle = BattleFile(warbench=1, kind="battle", game="warmachine", roster="a.toml", turn=3, scenario="first-blood")
    battle = edits.leader(edits.score(battle, 1, 2, "cache"), 0, "other")
    battle = edits.declare(edits.knocked_out(battle, 0), 1, "the opponent conceded")
    assert [(e.side, e.round, e.vp, e.mission, e.leader, e.out) for e in battle.play.events] == [
        (1, 3, 2, "cache", None, False),
        (0, 3, None, None, "other", False),
        (0, 3, None, None, None, True),
    ]
    assert battle.play.declared.reason == "the opponent conceded"
    assert edits.end_game(battle).play.over and not edits.end_game(edits.end_game(battle), False).play.over
    assert edits.declare(battle, None).play.declared is None


def test_a_unit_goes_into_the_reserves_and_back():
    battle = BattleFile(warbench=1, kind="battle", game="warsurge", roster="a.toml", scenario="deathmatch")
    theirs = edits.toggle_reserve(battle, 1, 3)
    assert theirs.play.reserves == [[], [3]]
    assert edits.toggle_reserve(edits.toggle_reserve(theirs, 1, 0), 1, 3).play.reserves == [[], [0]]
    assert edits.toggle_reserve(theirs, 1, 3).play.reserves == []


def test_extras_are_offered_by_name_and_said_used_when_nothing_is_left_to_score():
    """First Blood, the attacker's (Anna's) second turn: Ben may score the Kill Box, by its name; once he has,
    nothing scores until the defender's turn, and `v` says the Kill Box was scored rather than only that."""
    table = Table(("Anna", "Ben"), round=2, attacker=0, order=(0, 1))
    book = game("warmachine").scenarios
    assert [s.label for s in edits.scorings(judged("first-blood", table), book, 1)] == ["2 VP: Kill Box"]
    assert edits.extra_name(book, "cache") == "Cache"
    assert edits.nothing_to_score(judged("first-blood", Table(("Anna", "Ben"), round=1)), book) == (
        "First Blood gives no VP now."
    )
    boxed = Table(("Anna", "Ben"), (), (Event(1, 2, 2, mission="kill-box", turn=0),), round=2, attacker=0, order=(0, 1))
    verdict = judged("first-blood", boxed)
    assert not any(edits.scorings(verdict, book, side) for side in (0, 1))
    assert edits.nothing_to_score(verdict, book) == (
        "Kill Box scores once a player turn: Ben scored it in Anna's turn 2 already"
    )


def test_boiling_point_scores_in_each_players_own_turn():
    """The book: an objective scores 'when a unit ends its activation while securing the objective', which it does
    in its own player's turn; Noor scored in Mia's turn (the player-tester's), now offered nothing and told why."""
    mias_turn = Table(("Mia", "Noor"), round=2, order=(0, 1), step=0)
    assert (offered("boiling-point", mias_turn, 0), offered("boiling-point", mias_turn, 1)) == ([(2, None)], [])
    book = game("warcaster").scenarios
    assert edits.cannot_score(judged("boiling-point", mias_turn), book, 1) == (
        "Noor scores only in their own turn; this is Mia's turn"
    )


def test_a_scenario_that_scores_no_vp_is_told_apart():
    """A Deathmatch (points left decide) and McWarrior's Theft (the table declares) give no VP, where the battle
    screen offered 'v Score VP' and then said 'Deathmatch gives no VP now.'"""
    assert [edits.gives_vp(find_scenario(s)) for s in ("deathmatch", "theft", "boiling-point", "first-blood")] == [
        False,
        False,
        True,
        True,
    ]
