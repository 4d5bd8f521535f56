"""The director's orders as a player sees them: made again from the play as it stands after every change (never the
orders for a unit since killed or a tactic since changed), the same however often asked (the play's own dice), and
changing nothing; the Guards' steps carried out only when asked for, as one change of the log."""

from __future__ import annotations

from builder.cli import main
from builder.games.warsurge.narrative.at_table import ORDERS_HINT, ShownOrders, guards_act, orders
from builder.games.warsurge.narrative.directing import direct_turn, play_dice
from builder.games.warsurge.narrative.play import Entry
from builder.games.warsurge.narrative.session import logged
from tests.test_warsurge_narrative_play import CAPTAIN, beacon, play_file, session

FORM = """warbench = 1
kind = "narrative-turn"
[[enemies]]
id = "P1"
distance = { "Captain" = 8, "Human Knights" = 14 }
sight = ["Captain", "Human Knights"]
"""
"""The turn form beside the play: the Patrol sees both player units, the Captain closer."""


def numbered(lines: list[str]) -> list[str]:
    """The orders' own lines, without their reasons."""
    return [line for line in lines if line[:1].isdigit()]


def random_story() -> dict:
    """The Saltmarsh Beacon with Lookouts of Random tactics and a Roam for the Patrol: every order rolls."""
    data = beacon()
    lookouts = data["stages"][0]["enemies"][0]
    lookouts["tactic"], lookouts["random"] = "random", ["aggressive", "coward", "point-value-high"]
    data["stages"][0]["enemies"][1]["guard"] = {"role": "roam", "detection": 12, "route": ["E1", "H4", "E7"]}
    return data


def test_the_orders_shown_follow_every_kill_hurt_and_tactic_change(tmp_path):
    """The screen kept the orders of the moment `o` was pressed: a Lookout killed since was still ordered to shoot."""
    path = play_file(tmp_path, CAPTAIN)
    (tmp_path / "play.turn.toml").write_text(FORM)
    s, shown = session(path, tmp_path), ShownOrders()
    assert shown.lines(s.result, path) == [ORDERS_HINT]
    shown.ask(s.result)
    assert numbered(shown.lines(s.result, path)) == [
        "1. P1 Dyke Patrol (Guard (Patrol)): patrols to H4",
        "2. L1 Wrecker Lookouts (Guard (Lookout)): stays at its post",
        "3. L2 Wrecker Lookouts (Guard (Lookout)): stays at its post",
    ]
    s.log(Entry(what="alert", unit="P1"), "P1 alerted")
    s.log(Entry(what="alert", unit="L1"), "L1 alerted")
    assert numbered(shown.lines(s.result, path))[:2] == [
        "1. P1 Dyke Patrol (Threat): attack Captain",
        "2. L1 Wrecker Lookouts (Aggressive): pursue Captain",
    ]
    s.log(Entry(what="damage", unit="P1", amount=2, by="1:2"), "P1 hurt by the knights")
    assert numbered(shown.lines(s.result, path))[0] == "1. P1 Dyke Patrol (Threat): attack Human Knights"
    s.log(Entry(what="choose", event="ferryman", choice="refuse"), "refused")
    assert numbered(shown.lines(s.result, path))[0] == "1. P1 Dyke Patrol (Aggressive): attack Captain"
    for _ in range(3):
        s.log(Entry(what="casualty", unit="L1"), "a Lookout down")
    assert numbered(shown.lines(s.result, path)) == [
        "1. P1 Dyke Patrol (Aggressive): attack Captain",
        "2. L2 Wrecker Lookouts (Guard (Lookout)): stays at its post",
    ]
    s.undo()
    assert numbered(shown.lines(s.result, path))[1] == "2. L1 Wrecker Lookouts (Aggressive): pursue Captain"
    s.log(Entry(what="turn"), "turn 2")  # a new turn wants a new turn form
    assert shown.lines(s.result, path) == [ORDERS_HINT]


def test_orders_asked_twice_are_the_same_and_change_nothing(tmp_path):
    """`o` moved the Patrol and rolled fresh dice: a second look ordered it to stay, a Roam to another square."""
    path = play_file(tmp_path, CAPTAIN, narrative=random_story())
    s = session(path, tmp_path)
    log, text = s.ledger.log, path.read_text()
    first, _ = orders(s.result, path)
    second, _ = orders(s.result, path)
    assert first.lines() == second.lines()
    assert [(o.line(), o.rolls) for o in first.orders][2] == (
        "P1 Dyke Patrol (Guard (Roam)): roams to E7",
        ["D2 = 2 (Roam: H4, E7)"],
    )
    assert (s.ledger.log, s.dirty, s.result.positions, path.read_text()) == (log, False, {}, text)


def test_a_unit_killed_after_looking_changes_no_other_units_die(tmp_path):
    """Each enemy unit rolls from its own dice (the play, the stage, the turn and its id), so L1 falling does not hand
    its D3 to L2 (one stream for all rolled L2's tactic again)."""
    path = play_file(tmp_path, CAPTAIN, narrative=random_story())
    s = session(path, tmp_path)
    s.log(Entry(what="alert", unit="L1"), "L1 alerted")
    s.log(Entry(what="alert", unit="L2"), "L2 alerted")
    s.log(Entry(what="turn"), "turn 2")
    rolls = {o.enemy: o.rolls for o in orders(s.result, path)[0].orders}
    assert rolls == {
        "L1": ["D3 = 1 (Random: Aggressive, Coward, Point Value (highest))"],
        "L2": ["D3 = 2 (Random: Aggressive, Coward, Point Value (highest))"],
        "P1": ["D2 = 1 (Roam: H4, E7)"],
    }
    for _ in range(3):
        s.log(Entry(what="casualty", unit="L1"), "a Lookout down")
    assert {o.enemy: o.rolls for o in orders(s.result, path)[0].orders} == {"L2": rolls["L2"], "P1": rolls["P1"]}
    other = direct_turn(s.result, None, play_dice(s.result, seed=9))  # `direct --seed 9`: other dice, as fixed
    assert [o.rolls[0][:6] for o in other.orders] == ["D3 = 1", "D2 = 2"]


def test_the_guards_step_is_one_change_undone_and_replayed_from_the_file(tmp_path):
    path = play_file(tmp_path, CAPTAIN, narrative=random_story())
    s = session(path, tmp_path)
    entries, label = guards_act(s.result, path)
    assert (entries, label) == ([Entry(what="move", unit="P1", square="E7")], "P1 moved to E7")
    assert s.change(label, logged, *entries) is None and s.result.positions == {"P1": "E7"}
    assert guards_act(s.result, path) == ([], "")  # carried out: the Roam stays this turn
    assert numbered(orders(s.result, path)[0].lines())[2] == "3. P1 Dyke Patrol (Guard (Roam)): stays at E7"
    s.save()
    assert session(path, tmp_path).result.positions == {"P1": "E7"}
    assert s.undo() == "P1 moved to E7" and s.result.positions == {}


def test_the_command_line_shows_without_writing_and_carries_out_with_guards(tmp_path, capsys):
    path = play_file(tmp_path, CAPTAIN, narrative=random_story())
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    capsys.readouterr()
    for command in (["direct", str(path)], ["direct", str(path)], ["show", str(path)], ["code", str(path)]):
        assert main(["narrative", *command]) == 0
    looked = capsys.readouterr().out
    orders_once = looked[: looked.index("The Saltmarsh Beacon — ")]
    assert orders_once == orders_once[: len(orders_once) // 2] * 2  # direct twice: the same orders
    assert "3. P1 Dyke Patrol (Guard (Roam)): roams to E7" in orders_once
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert main(["narrative", "guards", str(path)]) == 0
    assert capsys.readouterr().out == "recorded: P1 moved to E7\n"
    assert main(["narrative", "guards", str(path)]) == 0
    assert capsys.readouterr().out == "Stage 1, turn 1: no Guard is activated or relocates\n"
    assert session(path, tmp_path).result.positions == {"P1": "E7"}


def test_a_play_shared_as_a_code_gives_the_same_orders_where_it_is_opened(tmp_path, capsys):
    """The director's dice are drawn from what the code carries (the narrative, the party, the log's stage and turn)."""
    path = play_file(tmp_path, CAPTAIN, narrative=random_story())
    assert main(["narrative", "mark", str(path), "L2", "--damage", "1"]) == 0
    capsys.readouterr()
    assert main(["narrative", "code", str(path)]) == 0
    code = capsys.readouterr().out.strip()
    (tmp_path / "there").mkdir()
    assert main(["narrative", "import", code, "-o", str(tmp_path / "there" / "play.toml")]) == 0
    capsys.readouterr()
    said = []
    for play in (path, tmp_path / "there" / "play.toml"):
        assert main(["narrative", "direct", str(play)]) == 0
        said.append(capsys.readouterr().out)
    assert said[0] == said[1] and "rolled D2 = 2 (Roam: H4, E7)" in said[0]
