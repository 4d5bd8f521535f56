"""Scenario data and victory rules checked against the rulebooks' own text (issue #35's scenario items)."""

from __future__ import annotations

from builder.game import game
from builder.scenarios import find_scenario
from builder.scenarios.table import Event, Table
from builder.scenarios.victory import decide
from tests.conftest import examples_in


def outcome(scenario_id: str, table: Table):
    scenario = find_scenario(scenario_id)
    return decide(scenario, game(scenario.game).scenarios, table)


def vp(side: int, round_: int, amount: int) -> Event:
    return Event(side, round_, vp=amount)


def test_capture_the_flag_teams_of_two_still_play_to_two_flags():
    # McWarrior: the single centre flag (first home wins) is Port Oldsand's rule for three or four players each
    # alone; two teams of two keep the scenario's own target of 2 VP.
    teams = Table(("Anna", "Ben", "Cai", "Dee"), teams=((0, 1), (2, 3)), events=(vp(0, 1, 1),), round=1)
    assert outcome("capture-the-flag", teams).winner is None
    second = Table(("Anna", "Ben", "Cai", "Dee"), teams=((0, 1), (2, 3)), events=(vp(0, 1, 1), vp(1, 2, 1)), round=2)
    assert outcome("capture-the-flag", second).winner.reason == "Anna and Ben: 2 VP, first to 2"
    alone = Table(("Anna", "Ben", "Cai"), events=(vp(2, 1, 1),), round=1)
    assert outcome("capture-the-flag", alone).winner.reason == "Cai: 1 VP, first to 1"


def test_boiling_point_places_the_two_objectives_off_the_right_edge_too():
    # Warcaster's map: one objective 6" from the left edge mid-table; the other two 6" from the north and south
    # edges and 6" from the right edge.
    setup = find_scenario("boiling-point").setup
    assert '6" from the left' in setup and '6" from the right' in setup


def test_warsurge_three_markers_are_placed_on_a_d3():
    # Step 6: three markers roll a D3: red and black, blue and black, or black and a D2 for yellow or purple.
    chart = next(c for c in game("warsurge").scenarios.charts if c.id == "objective-markers")
    three = next(r for r in chart.rows if r.roll == [3]).text
    assert "D3" in three and "D2 pick" not in three
    assert all(colour in three for colour in ("red and black", "blue and black", "yellow", "purple"))


def test_the_kill_box_is_printed_only_on_the_casual_scenarios_that_play_it():
    # The Kill Box is one of the casual play scenarios' universal rules; the frontier scenarios have their own
    # rules (Contested Ground its own Leader-near-the-edge rule, not optional).
    from builder.scenarios.text import show_lines

    book = game("warmachine").scenarios
    card = "\n".join(show_lines(find_scenario("first-blood"), book))
    assert "Kill Box:" in card and "Assassination Mode:" in card
    for frontier in (s for s in book.scenarios if s.group == "frontier campaign"):
        assert "Kill Box" not in "\n".join(show_lines(frontier, book)), frontier.id


def test_contested_ground_sixth_turn_goes_to_the_most_vp_not_a_lead_of_three():
    # After the defender's fifth turn Anna leads 1-0: not 3 ahead, so a sixth turn is played. A lead of 3 reached
    # during that turn decides nothing: the game ends after it, and then the most VP wins.
    events = (vp(0, 2, 1), vp(1, 2, 0), vp(0, 6, 3))
    during = outcome("contested-ground", Table(("Anna", "Ben"), events=events, round=6))
    assert (during.winner, during.over) == (None, False)
    after = outcome("contested-ground", Table(("Anna", "Ben"), events=events + (vp(1, 6, 1),), round=7))
    assert after.winner.reason == "Anna: 4 VP to 1, the most VP"


def test_contested_ground_three_ahead_after_turn_five_ends_the_game_then():
    events = (vp(0, 2, 3), vp(1, 2, 0), vp(1, 6, 5))
    result = outcome("contested-ground", Table(("Anna", "Ben"), events=events, round=6))
    assert result.winner.reason == "Anna: 3 VP to 0, 3 ahead after turn 5"
    assert [(f.code, f.path) for f in result.findings] == [("battle/after-end", "events[2]")]
    assert result.vp == (3, 0)


def test_crossroads_a_declared_attacker_win_at_the_end_of_turn_five_stands():
    # The attacker reveals the objective in their fifth turn and still holds it when the defender's fifth turn
    # ends: the attacker wins, though the game is past turn 5. Only with nothing declared does the defender win.
    held = (0, "held the revealed objective to the end of the defender's fifth turn")
    result = outcome("crossroads", Table(("Anna", "Ben"), round=6, attacker=0, declared=held))
    assert result.winner.reason == "Anna: held the revealed objective to the end of the defender's fifth turn"
    assert result.findings == ()
    silent = outcome("crossroads", Table(("Anna", "Ben"), round=6, attacker=0))
    assert silent.winner.reason == "Ben: the attacker did not win by the end of turn 5"


def test_assassination_mode_a_leader_marked_destroyed_on_the_tracker_ends_the_game(tmp_path, capsys):
    # 75 points: Assassination Mode. Ben's Leader (the Cogmire commander, 16 boxes) has every box filled on the
    # tracker: destroying the opponent's Leader wins at once, whatever the VP, with no Leader event recorded.
    import json
    import shutil

    from builder.cli import main
    from tests.conftest import EXAMPLES

    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "army.toml")
    battle = tmp_path / "battle.toml"
    assert main(["battle", "new", str(tmp_path / "army.toml"), "--opponent", str(tmp_path / "army.toml"),
                 "--scenario", "first-blood", "--players", "Anna", "Ben", "--attacker", "Anna", "-o", str(battle)]) == 0  # fmt: skip
    with battle.open("a", encoding="utf-8") as out:
        out.write("\n[[opponent_units]]\nindex = 0\ndamage = [16]\n")
    capsys.readouterr()
    main(["battle", str(battle), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["mode"] == "assassination" and report["leaders"] == ["in play", "destroyed"]
    assert report["winner"]["reason"] == "Anna: destroyed Ben's Leader (Assassination Mode)"
    assert report["over"]
    execution = Table(("Anna", "Ben"), round=3, mode="execution", leaders_down=(False, True))
    assert outcome("first-blood", execution).winner is None  # Execution Mode: only an enemy Leader destroys it


def test_warcaster_the_table_chooses_how_many_secondary_missions_default_one(tmp_path, capsys):
    # The book gives no number of secondary missions a player: Warbench allows one unless the table agrees more
    # (`secondaries_each`); a skirmish mission still has none.
    import shutil

    from builder.cli import main

    two = (("recon", "salvage"), ())
    default = outcome("strange-matter", Table(("Anna", "Ben"), secondaries=two))
    assert [f.message for f in default.findings] == [
        "Strange Matter allows 1 secondary mission(s) a player, not 2 (the table may agree more: secondaries_each)"
    ]
    assert outcome("strange-matter", Table(("Anna", "Ben"), secondaries=two, secondaries_each=2)).findings == ()
    skirmish = outcome("boiling-point", Table(("Anna", "Ben"), secondaries=(("recon",), ()), secondaries_each=2))
    assert [f.message for f in skirmish.findings] == ["Boiling Point allows no secondary missions"]
    examples_in(tmp_path)
    path = tmp_path / "sm.toml"
    new = ["battle", "new", str(tmp_path / "warcaster-marcher-worlds.toml"), "--opponent",
           str(tmp_path / "warcaster-firebrand.toml"), "--scenario", "strange-matter", "--players", "Anna", "Ben",
           "--secondary", "recon", "--secondary", "salvage", "-o", str(path)]  # fmt: skip
    assert main(new) == 2 and not path.exists()
    assert main([*new, "--secondaries-each", "2"]) == 0
    assert "secondaries_each = 2" in path.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["battle", "score", str(path), "--side", "Anna", "--vp", "2", "--mission", "salvage"]) == 0
    from builder.battles import battle_code, battle_from_code

    shutil.copy(tmp_path / "warcaster-firebrand.toml", tmp_path / "theirs.toml")
    shared = battle_from_code(battle_code(path), tmp_path / "shared.toml")
    assert shared.play is not None and shared.play.secondaries_each == 2
    assert shared.play.secondaries == [["recon", "salvage"], []]


def test_warsurge_elimination_only_at_the_end_of_game_turn_two_or_later():
    # Deathmatch: from game turn 2, a player with no units at the end of a game turn is eliminated. A player left
    # with nothing in game turn 1 is not out then; still nothing when game turn 2 ends, they are.
    out = (Event(1, 1, out=True),)
    assert outcome("deathmatch", Table(("Anna", "Ben"), events=out, round=1)).winner is None
    assert outcome("deathmatch", Table(("Anna", "Ben"), events=out, round=2)).winner is None
    ended = outcome("deathmatch", Table(("Anna", "Ben"), events=out, round=3))
    assert ended.winner.reason == "Anna: the only one left in the game" and ended.over
    wiped = Table(("Anna", "Ben"), round=1, wiped=(False, True))
    assert outcome("deathmatch", wiped).winner is None
    later = Table(("Anna", "Ben"), round=3, wiped=(False, True))
    assert outcome("deathmatch", later).winner.reason == "Anna: the only one left in the game"
