"""A recall in the Warcaster set-up takes that set-up deployment back: its DC counts no more against the 5, and the
set-up goes on for both players (it began turn 1.1 before, and the opponent lost their set-up deployment). A battle
recorded before, whose set-up recall began turn 1.1, reads as it did; the take-back is a kind of its own, so that a
recall in a battle's code written before reads as it did."""

from __future__ import annotations

import pytest

from builder.battles import battle_code, battle_from_code, replay_battle_file
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.games.warcaster import spending
from builder.games.warcaster.arc import ArcUnit, apply_arc, new_arc
from builder.games.warcaster.arc_events import Deploy, Recall, TakeBack
from builder.resources import Refused
from tests.conftest import examples_in

RAPTOR = "Strike Raptor"


@pytest.fixture
def battle(tmp_path, capsys) -> str:
    """Ann's Marcher force against Ben's Alliance skirmish force, in the set-up."""
    examples_in(tmp_path)
    path = str(tmp_path / "battle.toml")
    ours, theirs = str(tmp_path / "warcaster-marcher-worlds.toml"), str(tmp_path / "warcaster-firebrand.toml")
    assert main(["battle", "new", ours, "--opponent", theirs, "--players", "Ann", "Ben", "-o", path]) == 0
    capsys.readouterr()
    return path


def arc(path: str, capsys, *words: str) -> tuple[int, str, str]:
    code = main(["battle", "arc", path, *words])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_set_up_recall_takes_the_deployment_back_and_the_set_up_goes_on(battle, capsys):
    assert arc(battle, capsys, "--side", "Ann", "deploy", "3")[0] == 0  # the Strike Raptor, 4 DC
    assert arc(battle, capsys, "--side", "Ann", "recall", "3") == (
        0,
        f"{RAPTOR} taken back: the set-up goes on (5 of 5 DC left)\n"
        "Ann: Arc 7 · gates none · on units 0 · hand 5 · Pulse set-up\n",
        "",
    )
    assert replay_battle_file(battle).turn_words() == "set-up, then turn 1.1, Ann's turn"
    assert arc(battle, capsys, "--side", "Ben", "deploy", "1")[0] == 0  # Ben's set-up deployment is still his
    assert arc(battle, capsys, "--side", "Ann", "deploy", "1", "5")[0] == 0  # 2 + 2 DC: the 4 are free again
    session = BattleSession(battle, Store(battle + ".store"))
    assert session.ledger.spent[1].event == {"kind": "take-back", "unit": 2}
    assert session.result.spending.details(0)[0] == (
        f"Set-up: {RAPTOR} deployed · {RAPTOR} taken back from the set-up · Dusk Wolf, Ranger Fire Team deployed"
    )
    assert [(mark.index, mark.status) for mark in session.ledger.units] == [(0, "play"), (2, "reserve"), (4, "play")]
    assert session.result.findings == ()


def test_the_set_up_still_holds_5_dc_after_a_take_back(battle, capsys):
    arc(battle, capsys, "--side", "Ann", "deploy", "1")
    arc(battle, capsys, "--side", "Ann", "recall", "1")
    arc(battle, capsys, "--side", "Ann", "deploy", "3")
    assert arc(battle, capsys, "--side", "Ann", "deploy", "1")[2] == (
        "warbench: not recorded: the set-up deploys up to 5 DC: 4 + 2 is more\n"
    )


def test_a_recall_once_turn_1_1_has_begun_is_the_turns_own(battle, capsys):
    arc(battle, capsys, "--side", "Ann", "deploy", "1")
    assert main(["battle", "turn", battle]) == 0  # the set-up is over: Ann's turn 1.1
    capsys.readouterr()
    assert arc(battle, capsys, "--side", "Ann", "recall", "1")[1] == (
        "Ann: Arc 7 · gates none · on units 0 · hand 5 · Pulse 1.1\n"
    )
    assert BattleSession(battle, Store(battle + ".store")).ledger.spent[-1].event == {"kind": "recall", "unit": 0}


def test_a_recall_recorded_before_in_the_set_up_still_begins_turn_1_1(battle, capsys):
    """The file as the set-up recall wrote it before: its replay (turn 1.1 begun, Ann's recall its Deployment
    Phase's, so that Ben's set-up deployment is refused) is unchanged."""
    arc(battle, capsys, "--side", "Ann", "deploy", "3")
    with open(battle, "a", encoding="utf-8") as file:
        file.write('\n[[spent]]\nside = 0\nround = 1\nturn = 0\nstep = 0\nevent = { kind = "recall", unit = 2 }\n')
    result = replay_battle_file(battle)
    assert result.spending.summary(0) == "Arc 7 · gates none · on units 0 · hand 5 · Pulse 1.1"
    assert arc(battle, capsys, "--side", "Ben", "deploy", "1")[2] == "warbench: not recorded: it is not Ben's turn\n"


UNITS = (ArcUnit("Strike Raptor", "warjack", 4), ArcUnit("Dusk Wolf", "warjack", 2))


def test_the_arc_of_a_take_back_and_its_refusals():
    deployed = apply_arc(new_arc(UNITS), Deploy(units=[0]))
    taken = apply_arc(deployed, TakeBack(unit=0))
    assert (taken.in_play, taken.setup_dc, taken.well, taken.step) == ({}, 0, 7, 0)
    with pytest.raises(Refused, match="Dusk Wolf is not in play"):
        apply_arc(deployed, TakeBack(unit=1))


def test_a_take_back_after_the_set_up_is_refused(battle, capsys):
    arc(battle, capsys, "--side", "Ann", "deploy", "1")
    assert main(["battle", "turn", battle]) == 0
    state = BattleSession(battle, Store(battle + ".store")).result.spending.state
    assert spending.recall_event(state, 0) == {"kind": "recall", "unit": 0}
    with pytest.raises(Refused, match="the set-up is over: a unit is recalled in its player's Deployment Phase"):
        spending.apply(state, 0, state.upto, TakeBack(unit=0))  # Ann's turn 1.1, begun by the set-up's end


def test_the_take_back_travels_in_the_battle_code_and_a_recall_reads_as_before(battle, capsys, tmp_path):
    """`take-back` came last, so every kind before it keeps its place (and `recall` its one field); `set-up-over`
    came after it."""
    kinds = [kind.model_fields["kind"].default for kind in spending.KINDS][-3:]
    assert kinds == ["expire", "take-back", "set-up-over"]
    assert list(Recall.model_fields) == ["kind", "unit"]
    arc(battle, capsys, "--side", "Ann", "deploy", "3")
    arc(battle, capsys, "--side", "Ann", "recall", "3")
    (tmp_path / "theirs").mkdir()
    theirs = battle_from_code(battle_code(battle), tmp_path / "theirs" / "b.toml")
    assert [mark.event for mark in theirs.spent] == [
        {"kind": "deploy", "units": [2]},
        {"kind": "take-back", "unit": 2},
    ]
