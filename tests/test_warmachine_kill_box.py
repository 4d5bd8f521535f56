"""Warmachine's Kill Box scores from the attacker's second turn (Tales from the Frontlines), while a scenario's own
scoring and its caches wait for the defender's second turn."""

from __future__ import annotations

import pytest

from builder.battles import new_battle
from builder.battles.session import BattleSession
from builder.campaigns.ledger import LedgerError
from builder.cli import main
from builder.editing.storage import Store
from builder.game import game
from builder.scenarios import edits, find_scenario
from builder.scenarios.record import ScenarioPlay
from builder.scenarios.scoring import nth_turn
from builder.scenarios.table import Event, Table
from builder.scenarios.victory import decide
from tests.test_scenario_edits import offered

ANNA, BEN = 0, 1


def session_at(table, scenario: str, turns: int) -> BattleSession:
    path = table / "kb.toml"
    roster = table / "warmachine-example.toml"
    new_battle(roster, str(roster), path, scenario=scenario, play=ScenarioPlay(players=["Anna", "Ben"], attacker=ANNA))
    session = BattleSession(path, Store(table / "data"))
    for _ in range(turns):
        session.next_turn()
    return session


def test_the_kill_box_scores_in_the_attackers_second_turn_and_the_cache_does_not(table):
    session = session_at(table, "first-blood", 2)
    assert session.result.turn() == {"round": 2, "player": "Anna", "phase": None}
    session.play("Ben: Kill Box", edits.score, BEN, 2, "kill-box")
    with pytest.raises(LedgerError) as cache:
        session.play("Ben claims a cache", edits.score, BEN, 2, "cache")
    assert str(cache.value) == (
        "not recorded: First Blood's Cache scores from the defender's second turn; this is the attacker's second turn"
    )
    with pytest.raises(LedgerError) as own:
        session.play("Anna scores", edits.score, ANNA, 1)
    assert str(own.value) == (
        "not recorded: First Blood scores from the defender's second turn; this is the attacker's second turn"
    )
    session.next_turn()
    session.play("Ben claims a cache", edits.score, BEN, 2, "cache")
    session.play("Ben scores", edits.score, BEN, 1)
    play = session.ledger.play
    assert play is not None
    assert [(e.side, e.round, e.turn, e.vp, e.mission) for e in play.events] == [
        (BEN, 2, ANNA, 2, "kill-box"),
        (BEN, 2, BEN, 2, "cache"),
        (BEN, 2, BEN, 1, None),
    ]
    assert [v["vp"] for v in session.result.as_dict()["vp"]] == [0, 5]


def test_a_mission_the_scenario_has_not_is_refused_as_such_even_before_the_defenders_turn(table):
    """In the attacker's second turn, where First Blood's own scoring and its cache wait for the defender's, a
    mission neither the book nor the scenario has is refused as one it has not, never told to wait as if it were
    one of its extras."""
    session = session_at(table, "first-blood", 2)
    with pytest.raises(LedgerError) as unknown:
        session.play("Ben: a bogus mission", edits.score, BEN, 2, "bogus-thing")
    assert str(unknown.value) == (
        "not recorded: First Blood has no 'bogus-thing' scoring (extras: cache, kill-box; or a chosen secondary "
        "mission)"
    )


def test_the_kill_box_waits_for_turn_two(table):
    session = session_at(table, "first-blood", 1)
    with pytest.raises(LedgerError) as early:
        session.play("Anna: Kill Box", edits.score, ANNA, 2, "kill-box")
    assert str(early.value) == (
        "not recorded: First Blood's Kill Box scores from the attacker's second turn; this is turn 1"
    )  # said as the second turn's attacker's refusal says it, where it said "Kill Box scores from turn 2"
    with pytest.raises(LedgerError) as early:
        session.play("Ben: a cache", edits.score, BEN, 2, "cache")
    assert (
        str(early.value) == "not recorded: First Blood's Cache scores from the defender's second turn; this is turn 1"
    )


def test_battle_score_records_the_kill_box_in_the_attackers_second_turn(table, capsys):
    session_at(table, "contested-ground", 0)
    for _ in range(2):
        assert main(["battle", "turn", str(table / "kb.toml")]) == 0
    capsys.readouterr()
    assert main(["battle", "score", str(table / "kb.toml"), "--side", "Ben", "--vp", "2", "--mission", "kill-box"]) == 0
    assert "VP: Anna 0, Ben 2" in capsys.readouterr().out


def test_the_attackers_second_turn_offers_only_the_kill_box():
    attackers_turn = Table(("Anna", "Ben"), round=2, attacker=ANNA, order=(ANNA, BEN), step=0)
    assert offered("first-blood", attackers_turn, BEN) == [(2, "kill-box")]
    assert offered("contested-ground", attackers_turn, BEN) == [(2, "kill-box")]
    assert offered("contested-ground", attackers_turn, ANNA) == []  # the Kill Box is the opponent's to gain
    defenders_turn = Table(("Anna", "Ben"), round=2, attacker=ANNA, order=(ANNA, BEN), step=1)
    assert offered("first-blood", defenders_turn, BEN)[-1:] == [(2, "cache")]  # claimed in one's own turn
    assert offered("first-blood", defenders_turn, ANNA) == [(2, "kill-box")]


def test_every_warmachine_scenario_starts_its_kill_box_at_the_attackers_turn_and_its_cache_at_the_defenders():
    book = game("warmachine").scenarios
    starts = {
        s.id: {extra: s.count.extras_from.get(extra, s.count.from_player) for extra in s.count.extras}
        for s in book.scenarios
        if s.count.extras
    }
    casual = {"cache": "defender", "kill-box": "attacker"}
    assert starts == {
        "first-blood": casual,
        "lines-drawn": casual,
        "close-quarters": casual,
        "seize-the-initiative": casual,
        "breakthrough": casual,
        "point-of-no-return": casual,
        "contested-ground": {"kill-box": "attacker"},
    }
    assert {s.count.from_round for s in book.scenarios if s.count.extras} == {2}
    assert find_scenario("key-positions").count.from_round == 3  # the attacker's caches, from its third turn


def test_a_cache_is_claimed_in_ones_own_turn_and_the_kill_box_gained_in_the_opponents(table):
    """Tales from the Frontlines: a player claims a cache by forfeiting a model's combat action (their own turn); the
    Kill Box gives the opponent 2 VP when a player ends their turn with their Leader near their own edge."""
    session = session_at(table, "first-blood", 3)
    assert session.result.turn() == {"round": 2, "player": "Ben", "phase": None}
    with pytest.raises(LedgerError) as kill_box:
        session.play("Ben: Kill Box", edits.score, BEN, 2, "kill-box")
    assert str(kill_box.value) == (
        "not recorded: Ben scores Kill Box only at the end of an opponent's turn; this is Ben's own turn"
    )
    with pytest.raises(LedgerError) as cache:
        session.play("Anna claims a cache", edits.score, ANNA, 2, "cache")
    assert str(cache.value) == "not recorded: Anna scores Cache only in their own turn; this is Ben's turn"
    session.play("Anna: Kill Box", edits.score, ANNA, 2, "kill-box")
    session.play("Ben claims a cache", edits.score, BEN, 2, "cache")
    assert [v["vp"] for v in session.result.as_dict()["vp"]] == [2, 2]


def test_the_kill_box_pays_the_other_player_once_a_turn_and_a_cache_once_a_game(table):
    """Tales from the Frontlines: a player ending their turn in the Kill Box gives their opponent 2 VP (so once for
    that turn, never to themselves); a cache is claimed by a model giving up its combat action (in the claimer's own
    turn) and First Blood has one cache each."""
    session = session_at(table, "first-blood", 2)  # Anna's (the attacker's) second turn
    session.play("Ben: Kill Box", edits.score, BEN, 2, "kill-box")
    refusals = []
    for label, side, mission in (("Ben again", BEN, "kill-box"), ("Anna: Kill Box", ANNA, "kill-box")):
        with pytest.raises(LedgerError) as refused:
            session.play(label, edits.score, side, 2, mission)
        refusals.append(str(refused.value))
    session.next_turn()  # Ben's turn: Anna may have the Kill Box now, Ben a cache
    session.play("Anna: Kill Box", edits.score, ANNA, 2, "kill-box")
    session.play("Ben claims a cache", edits.score, BEN, 2, "cache")
    for label, side, mission in (("Ben's second cache", BEN, "cache"), ("Anna's cache", ANNA, "cache")):
        with pytest.raises(LedgerError) as refused:
            session.play(label, edits.score, side, 2, mission)
        refusals.append(str(refused.value))
    assert refusals == [
        "not recorded: Kill Box scores once a player turn: Ben scored it in Anna's turn 2 already",
        "not recorded: Anna scores Kill Box only at the end of an opponent's turn; this is Anna's own turn",
        "not recorded: Cache scores once a game for each player in First Blood: Ben scored it already",
        "not recorded: Anna scores Cache only in their own turn; this is Ben's turn",
    ]
    session.next_turn()  # Anna's third turn: the Kill Box is Ben's to score again
    session.play("Ben: Kill Box", edits.score, BEN, 2, "kill-box")
    assert [v["vp"] for v in session.result.as_dict()["vp"]] == [2, 6]
    assert session.result.findings == ()


def test_battle_score_refuses_a_second_kill_box_in_one_line_and_writes_nothing(table, capsys):
    session_at(table, "first-blood", 2).save()
    path = table / "kb.toml"
    score = ["battle", "score", str(path), "--side", "Ben", "--vp", "2", "--mission", "kill-box"]
    assert main(score) == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert main(score) == 2
    said = capsys.readouterr()
    assert (said.out, said.err) == (
        "",
        "warbench: not recorded: Kill Box scores once a player turn: Ben scored it in Anna's turn 2 already\n",
    )
    assert path.read_bytes() == before


def test_a_file_written_before_keeps_its_extra_scorings_warned():
    """Kill Box and cache scorings recorded more often than the book gives them, before Warbench refused them,
    count as they did, each one too many warned."""
    events = (
        Event(BEN, 2, vp=2, mission="kill-box", turn=ANNA),
        Event(BEN, 2, vp=2, mission="kill-box", turn=ANNA),
        Event(BEN, 2, vp=2, mission="cache", turn=BEN),
        Event(BEN, 2, vp=2, mission="cache", turn=BEN),
    )
    table = Table(("Anna", "Ben"), events=events, round=2, attacker=ANNA, order=(ANNA, BEN), step=1)
    result = decide(find_scenario("first-blood"), game("warmachine").scenarios, table)
    assert result.vp == (0, 8)
    assert [(f.severity, f.code, f.path, f.message) for f in result.findings] == [
        (
            "warning",
            "battle/vp",
            "events[1]",
            "Kill Box scores once a player turn: Ben scored it in Anna's turn 2 already",
        ),
        (
            "warning",
            "battle/vp",
            "events[3]",
            "Cache scores once a game for each player in First Blood: Ben scored it already",
        ),
    ]


def test_the_casual_scenarios_with_one_cache_each_say_so():
    book = game("warmachine").scenarios
    assert {s.id: s.count.extras_each_game for s in book.scenarios if s.count.extras_each_game} == {
        "first-blood": {"cache": 1},
        "seize-the-initiative": {"cache": 1},
        "breakthrough": {"cache": 1},
    }
    assert {s.id for s in book.scenarios if s.count.extras_each_turn == {"kill-box": 1}} == {
        s.id for s in book.scenarios if "kill-box" in s.count.extras
    }


def test_a_name_ending_in_s_is_said_as_the_turn_line_says_it(table):
    """ "Gus' turn", as `battle turn` and the report say whose turn it is, never "Gus's"."""
    path, roster = table / "kb.toml", table / "warmachine-example.toml"
    play = ScenarioPlay(players=["Gus", "Hal"], attacker=ANNA)
    new_battle(roster, str(roster), path, scenario="first-blood", play=play)
    session = BattleSession(path, Store(table / "data"))
    for _ in range(2):
        session.next_turn()
    assert session.result.turn_words() == "turn 2, Gus' turn"
    refused = []
    with pytest.raises(LedgerError) as own:
        session.play("Gus: Kill Box", edits.score, ANNA, 2, "kill-box")
    session.play("Hal: Kill Box", edits.score, BEN, 2, "kill-box")
    with pytest.raises(LedgerError) as again:
        session.play("Hal: Kill Box again", edits.score, BEN, 2, "kill-box")
    refused += [str(own.value), str(again.value)]
    for _ in range(2):
        session.next_turn()  # Gus' third turn
    with pytest.raises(LedgerError) as cache:
        session.play("Hal claims a cache", edits.score, BEN, 2, "cache")
    assert [*refused, str(cache.value)] == [
        "not recorded: Gus scores Kill Box only at the end of an opponent's turn; this is Gus' own turn",
        "not recorded: Kill Box scores once a player turn: Hal scored it in Gus' turn 2 already",
        "not recorded: Hal scores Cache only in their own turn; this is Gus' turn",
    ]


def test_which_turn_scoring_starts_from_is_said_as_an_ordinal_past_the_third():
    assert [nth_turn(n) for n in (1, 2, 3, 4, 21, 22, 111)] == [
        "first",
        "second",
        "third",
        "4th",
        "21st",
        "22nd",
        "111th",
    ]


def test_a_side_offered_nothing_to_score_is_told_why_and_when(table):
    """`v` for the attacker in its second turn said only "Anna cannot score now." (the player-tester's): it says
    from whose turn First Blood scores, and in turn 1 that this is turn 1."""
    book = game("warmachine").scenarios
    second = session_at(table, "first-blood", 2).result.judged
    assert second is not None and edits.scorings(second, book, ANNA) == []
    assert edits.cannot_score(second, book, ANNA) == (
        "First Blood scores from the defender's second turn; this is the attacker's second turn"
    )
    (table / "kb.toml").unlink()
    first = session_at(table, "first-blood", 0).result.judged
    assert first is not None and edits.scorings(first, book, BEN) == []
    assert edits.cannot_score(first, book, BEN) == "First Blood scores from the defender's second turn; this is turn 1"


def test_the_tracker_line_says_scoring_starts_at_the_defenders_second_turn():
    """The bar said "VP at the end of each player turn from turn 2", and the attacker's turn 2 then refused."""
    from builder.scenarios.text import tracker_line

    assert tracker_line(find_scenario("first-blood"), "turn") == (
        "VP at the end of each player turn from the defender's second turn; 3 VP ahead after the opponent's turn wins"
    )
