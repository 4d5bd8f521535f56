"""A Patrol or a Roam relocating while unaware: the director's square and reason, the move kept in the play (the
map drawn with it moved, undone with undo), and moves the map refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.cli import main
from builder.games.warsurge.narrative.directing import direct_turn
from builder.games.warsurge.narrative.play import Entry
from builder.games.warsurge.narrative.play_text import play_lines
from builder.games.warsurge.narrative.reading import NarrativeError
from builder.games.warsurge.narrative.table import FixedDice
from tests.test_warsurge_narrative_play import CAPTAIN, beacon, play_file, session


def patrol_order(s):
    return next(o for o in direct_turn(s.result, None, FixedDice()).orders if o.enemy == "P1")


def map_row(lines: list[str], number: int) -> str:
    return next(line for line in lines if line.startswith(f"{number:>2}  "))


def test_the_patrol_walks_its_route_turn_by_turn_and_the_map_shows_it(tmp_path):
    """The director said 'patrols to E1' on turn 1 (where the map put it) and nothing kept where it went."""
    s = session(play_file(tmp_path, CAPTAIN), tmp_path)
    order = patrol_order(s)
    assert (order.line(), order.reasons[0]) == (
        "P1 Dyke Patrol (Guard (Patrol)): patrols to H4",
        "Patrol: at E1; the next square of its route (E1 > H4 > E7) is H4, step 2 of 3",
    )
    s.log(Entry(what="move", unit="P1", square="H4"), "P1 to H4")
    lines = play_lines(s.result, 80, 24)
    assert (map_row(lines, 1)[:35], map_row(lines, 4)[:35]) == (
        " 1  ... ... ... ... ... ... ... ...",
        " 4  ... ... ... .1. ~~~ ~~~ ... .P.",
    )
    assert '  P1  Dyke Patrol  8/8 HP  Guard (Patrol, 12") / Threat  at H4' in lines
    assert patrol_order(s).line() == "P1 Dyke Patrol (Guard (Patrol)): stays at H4"
    with pytest.raises(NarrativeError, match=r"^P1 has already moved this game turn \(to H4\) \[narrative/stage\]$"):
        s.log(Entry(what="move", unit="P1", square="E7"), "twice")
    s.log(Entry(what="turn"), "turn 2")
    assert patrol_order(s).target == "E7"
    s.log(Entry(what="move", unit="P1", square="E7"), "P1 to E7")
    s.log(Entry(what="turn"), "turn 3")
    assert patrol_order(s).target == "E1"  # round again
    s.undo()
    s.undo()
    assert (s.result.square_of("P1"), map_row(play_lines(s.result, 80, 24), 4)[:35]) == (
        "H4",
        " 4  ... ... ... .1. ~~~ ~~~ ... .P.",
    )
    s.undo()
    s.undo()
    assert s.result.square_of("P1") == "E1" and map_row(play_lines(s.result, 80, 24), 1)[:35] == (
        " 1  ... ... ... ... .P. ... ... ..."
    )


def test_a_roam_relocates_at_random_and_a_new_stage_starts_from_the_map(tmp_path):
    data = beacon()
    data["stages"][0]["enemies"][1]["guard"] = {"role": "roam", "detection": 12, "route": ["E1", "H4", "E7"]}
    s = session(play_file(tmp_path, CAPTAIN, narrative=data), tmp_path)
    order = next(o for o in direct_turn(s.result, None, FixedDice(2)).orders if o.enemy == "P1")
    assert (order.action, order.target, order.rolls) == ("roams to", "E7", ["D2 = 2 (Roam: H4, E7)"])
    s.log(Entry(what="move", unit="P1", square="E7"), "P1 to E7")
    s.log(Entry(what="next"), "stage 2")
    assert (s.result.positions, s.result.square_of("B1")) == ({}, "C2")


def test_direct_record_keeps_the_move_and_bad_moves_are_one_line(tmp_path, capsys):
    path = play_file(tmp_path, CAPTAIN)
    capsys.readouterr()
    assert main(["narrative", "direct", str(path), "--record"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "recorded: P1 moved to H4"
    assert session(path, tmp_path).result.positions == {"P1": "H4"}
    for square, message in (("B2", "square B2 is impassable"), ("Z9", "square Z9 is off the map (8x8)")):
        assert main(["narrative", "move", str(path), "L1", square]) == 2
        assert capsys.readouterr().err == f"warbench: L1 cannot move there: {message} [narrative/stage]\n"
    assert main(["narrative", "move", str(path), "L1", "a1"]) == 0
    assert session(path, tmp_path).result.positions == {"P1": "H4", "L1": "A1"}
    assert main(["narrative", "move", str(path), "Q1", "A1"]) == 2
    assert capsys.readouterr().err == "warbench: no enemy unit Q1 in this stage [narrative/stage]\n"
    assert main(["narrative", "move", str(path), "L1", "A0"]) == 2
    assert capsys.readouterr().err.startswith("warbench: square: String should match pattern")


def test_old_play_files_without_moves_replay_as_before(tmp_path):
    path = play_file(tmp_path, CAPTAIN)
    assert Path(path).read_text().count("square") == 0
    assert session(path, tmp_path).result.findings == ()


def test_a_tactic_an_event_sets_keeps_the_guard_role_in_view(tmp_path):
    """The play view said 'Coward' alone once the ferryman was paid, while the Patrol still walked unaware."""
    s = session(play_file(tmp_path, CAPTAIN), tmp_path)
    s.log(Entry(what="choose", event="ferryman", choice="pay"), "pay")
    assert '  P1  Dyke Patrol  8/8 HP  Guard (Patrol, 12") / Coward  at E1' in play_lines(s.result, brief=True)
