"""Victory rules worked by hand from the books: VP totals, the winner and the reason, findings."""

from __future__ import annotations

from types import SimpleNamespace

from builder.game import game
from builder.scenarios import find_scenario
from builder.scenarios.battle import default_mode
from builder.scenarios.table import Event, Table
from builder.scenarios.victory import decide


def outcome(scenario_id: str, table: Table):
    scenario = find_scenario(scenario_id)
    return decide(scenario, game(scenario.game).scenarios, table)


def codes(result) -> list[tuple[str, str]]:
    return [(f.code, f.path) for f in result.findings]


def vp(side: int, round_: int, amount: int, mission: str | None = None) -> Event:
    return Event(side, round_, vp=amount, mission=mission)


def test_warcaster_strange_matter_over_three_pulse_rounds():
    # Anna: round 1 two processors (1 each) = 2; round 2 three processors (2 each) and one with ore (+2) = 8;
    # round 3 two processors (3 each) = 6, and Recon once = 3: 19. Ben: 2, then 4, then two processors with ore
    # (3 + 2 each) = 10: 16.
    events = (vp(0, 1, 2), vp(1, 1, 2), vp(0, 2, 8), vp(1, 2, 4), vp(0, 3, 6), vp(0, 3, 3, "recon"), vp(1, 3, 10))
    table = Table(("Anna", "Ben"), events=events, round=3, secondaries=(("recon",), ()))
    during = outcome("strange-matter", table)
    assert (during.vp, during.by_round, during.winner, during.over) == ((19, 16), ((2, 8, 9), (2, 4, 10)), None, False)
    after = outcome("strange-matter", Table(("Anna", "Ben"), events=events, round=4, secondaries=(("recon",), ())))
    assert after.winner.reason == "Anna: 19 VP to 16, the most VP" and after.over
    assert after.findings == ()


def test_warcaster_vp_the_mission_cannot_give():
    events = (vp(0, 1, 11), vp(0, 1, 3, "recon"), vp(1, 1, 3, "recon"), vp(1, 1, 3, "recon"), vp(1, 4, 1))
    result = outcome(
        "strange-matter",
        Table(("Anna", "Ben"), events=events, round=3, secondaries=((), ("recon",)), paths={"events": "play.events"}),
    )
    assert codes(result) == [
        ("battle/vp", "play.events[0]"),
        ("battle/vp", "play.events[1]"),
        ("battle/vp", "play.events[3]"),
        ("battle/after-end", "play.events[4].round"),
    ]
    assert result.findings[0].message == (
        "at most 10 VP a side in Strange Matter for a Pulse round 1; Anna would have 11"
    )
    assert result.findings[1].message == "Anna did not choose the secondary mission Recon"
    assert result.findings[2].message == "Recon scores once a game"
    assert result.vp == (0, 3)


def test_warcaster_mercy_rule_ends_the_game():
    result = outcome("boiling-point", Table(("Anna", "Ben"), events=(vp(1, 1, 1), Event(1, 2, out=True)), round=2))
    assert result.winner.reason == "Anna: the opponent has no models in play (mercy rule)"


def test_mcwarrior_rampage_won_at_10_vp_by_a_team_of_two():
    # Anna and Ben (team 0) against Cai and Dee (team 1); every knocked-out mech is 1 VP for the scorer's team.
    players = ("Anna", "Ben", "Cai", "Dee")
    scores = [0, 2, 1, 3, 0, 0, 3, 1, 2, 0, 1, 3, 0, 1, 0]  # Anna 6 and Ben 4: 10 with the last; Cai 2, Dee 3
    events = tuple(vp(s, 1 + n // 4, 1) for n, s in enumerate(scores)) + (vp(2, 4, 1),)
    result = outcome("rampage", Table(players, teams=((0, 1), (2, 3)), events=events, round=5))
    assert result.vp == (6, 4, 2, 3) and result.unit_vp(Table(players, teams=((0, 1), (2, 3)))) == (10, 5)
    assert result.winner.reason == "Anna and Ben: 10 VP, first to 10"
    assert result.winner.sides == (0, 1)
    assert codes(result) == [("battle/after-end", "events[15]")]


def test_mcwarrior_rampage_checks_teams_and_one_vp_a_kill():
    result = outcome("rampage", Table(("Anna", "Ben", "Cai"), teams=((0,), (1,), (2,)), events=(vp(0, 1, 2),)))
    assert codes(result) == [("battle/scenario", "teams"), ("battle/vp", "events[0]")]
    assert result.findings[1].message == "one scoring in Rampage gives 1 VP, not 2"


def test_mcwarrior_last_mech_standing_for_three_players():
    events = (Event(1, 2, out=True), Event(0, 3, out=True))
    result = outcome("last-mech-standing", Table(("Anna", "Ben", "Cai"), events=events, round=3))
    assert result.winner.reason == "Cai: last standing"


def test_warmachine_execution_mode_leader_destroyed_only_by_an_enemy_leader():
    # 50 points or less: Execution Mode. Ben's Leader is struck down by a solo (vulnerable), shrugs off another
    # hit (no effect), recovers at his turn's start, and is finally destroyed by Anna's Leader. First Blood has
    # no Leader victory, so the game goes on, scored in VP.
    events = (
        Event(1, 2, leader="other"),
        Event(1, 2, leader="other"),
        Event(1, 3, leader="recovered"),
        Event(1, 3, leader="other"),
    )
    table = Table(("Anna", "Ben"), events=events, round=3, mode="execution")
    assert outcome("first-blood", table).leaders == ("in play", "vulnerable")
    killed = Table(("Anna", "Ben"), events=events + (Event(1, 3, leader="enemy-leader"),), round=3, mode="execution")
    result = outcome("first-blood", killed)
    assert (result.leaders, result.winner) == (("in play", "destroyed"), None)
    assert [(f.code, f.severity, f.path) for f in result.findings] == [
        ("battle/scenario", "warning", "events[1].leader")
    ]


def test_warmachine_assassination_mode_wins_on_the_leader():
    table = Table(
        ("Anna", "Ben"), events=(vp(1, 2, 2), Event(0, 3, leader="other"), vp(1, 3, 1)), round=3, mode="assassination"
    )
    result = outcome("first-blood", table)
    assert result.winner.reason == "Ben: destroyed Anna's Leader (Assassination Mode)"
    assert codes(result) == [("battle/after-end", "events[2]")]


def test_warmachine_street_by_street_is_always_execution_mode():
    table = Table(
        ("Anna", "Ben"),
        events=(Event(0, 2, leader="other"),),
        round=2,
        mode="assassination",
        declared=(1, "no enemy model in the defender's zone"),
    )
    result = outcome("street-by-street", table)
    assert result.leaders == ("vulnerable", "in play")
    assert result.winner.reason == "Ben: no enemy model in the defender's zone"


def test_warmachine_lead_of_three_wins_only_after_the_opponents_turn():
    events = (vp(0, 2, 2), vp(1, 2, 0), vp(0, 3, 1))  # Anna 3-0 at the end of her own turn: not yet
    table = Table(("Anna", "Ben"), events=events, round=3)
    assert outcome("first-blood", table).winner is None
    won = outcome("first-blood", Table(("Anna", "Ben"), events=events + (vp(1, 3, 0),), round=3))
    assert won.winner.reason == "Anna: 3 VP to 0, 3 ahead after the opponent's turn"
    early = outcome("first-blood", Table(("Anna", "Ben"), events=(vp(0, 1, 1), vp(0, 2, 2, "cache")), round=2))
    assert codes(early) == [("battle/vp", "events[0]")] and early.vp == (2, 0)


def test_warmachine_key_positions_defender_wins_at_the_limit():
    events = (vp(0, 3, 2), vp(1, 3, 2), vp(0, 4, 2))
    table = Table(("Anna", "Ben"), events=events, round=6, attacker=0)
    result = outcome("key-positions", table)
    assert result.vp == (4, 0) and codes(result) == [("battle/vp", "events[1]")]
    assert result.winner.reason == "Ben: the attacker did not win by the end of turn 5"
    assert codes(outcome("key-positions", Table(("Anna", "Ben")))) == [("battle/scenario", "attacker")]


def test_warsurge_deathmatch_on_points_left():
    # Anna has 300 points left of 499 but 120 of them still in reserve at the end: 180. Ben has 250 left.
    table = Table(("Anna", "Ben"), round=5, points_left=(180.0, 250.0))
    assert outcome("deathmatch", table).winner.reason == "Ben: 250 points left to 180 (reserves count as lost)"
    scored = outcome("deathmatch", Table(("Anna", "Ben"), events=(vp(0, 1, 1),), round=2))
    assert scored.findings[0].message.startswith("Deathmatch scores no VP: after four")


def test_contested_ground_lead_after_round_five_and_tiebreak():
    ahead = (vp(0, 2, 3), vp(1, 2, 0), vp(0, 3, 1))
    assert outcome("contested-ground", Table(("Anna", "Ben"), events=ahead, round=6)).winner.reason == (
        "Anna: 4 VP to 0, 4 ahead after turn 5"
    )
    tied = Table(("Anna", "Ben"), events=(vp(0, 2, 1), vp(1, 2, 1)), round=7, points_destroyed=(30.0, 42.0))
    assert outcome("contested-ground", tied).winner.reason == "Ben: tied on 1 VP, destroyed more (42 points)"


def test_teams_that_miss_a_side_are_reported_and_each_side_plays_alone():
    table = Table(("Anna", "Ben", "Cai"), teams=((0,), (1,)), events=(vp(2, 1, 1),), round=1)
    result = outcome("rampage", table)
    assert codes(result) == [("battle/scenario", "teams")] and result.vp == (0, 0, 1)


def test_a_lead_by_winner_is_told_the_lead_it_had_not_the_target():
    events = (vp(0, 2, 2), vp(1, 2, 0), vp(0, 3, 2), vp(1, 3, 0))  # 4-0 after Ben's turn: 3 ahead was enough
    won = outcome("first-blood", Table(("Anna", "Ben"), events=events, round=3))
    assert won.winner.reason == "Anna: 4 VP to 0, 4 ahead after the opponent's turn"


def test_the_leader_mode_by_the_games_size_is_the_books_and_a_game_without_modes_has_none():
    """The scenario book says up to what size Leaders play Execution Mode (Warmachine's 50 points); the engine
    reads that number, and no game's id."""

    def sides(*points: int) -> tuple:
        return tuple(SimpleNamespace(points=p) for p in points)

    book = game("warmachine").scenarios
    assert book.execution_up_to == 50
    assert default_mode(book, sides(50, 44)) == "execution"
    assert default_mode(book, sides(51, 30)) == "assassination"
    assert all(game(g).scenarios.execution_up_to is None for g in ("warcaster", "warsurge", "mcwarrior"))
    assert default_mode(game("warsurge").scenarios, sides(10)) is None
