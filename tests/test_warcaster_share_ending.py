"""A battle's code carries a Warcaster battle waiting at its last Pulse round's end for that round's scoring
(`[play] ending`): the opponent's Warbench opens it waiting ("LAST SCORING …"), not as a game over. The flag is an
optional last part of the scenario trailer, so every code written before decodes exactly as it did, and a battle
that is not waiting has the code it always had."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.battles import battle_code, battle_from_code, read_battle, replay_battle_file
from builder.cli import main
from builder.tui.widgets.scenario_bar import second_line
from exports.share import battle_play
from exports.share.battle import decode_battle_code
from exports.share.errors import ShareCodeError
from tests.conftest import EXAMPLES, FIXTURES

SHARE = FIXTURES / "share"
CORPUS = FIXTURES / "corpus"
WAITING_CODE = (
    "TDQV7NQEU73EQLBCDHYUGP5EA2NFDEPKEEGQ2KY2CHGWFRWYAN27DUYSJUWZINH6ZECYIQZ6FBT7JAGTJIZD2RBBUGSWGQRZVRMNWADOXY5GESNFWK"
    "DRP45RFL3PN6A7RQZYKDSEGEIUUQ4FSDAAMNEE2QGEMTUXOJ3K42GEGCEGKCCE"
)
"""The code of tests/fixtures/share/warcaster-last-scoring.toml: Ann and Bob under Orders of Magnitude, Pulse round 3
over and waiting for its scoring, Ann's 3 VP for it recorded."""
OLD_CODE = (SHARE / "warcaster-last-scoring.code").read_text().strip()
"""The same battle's code as Warbench wrote it before (commit 0b29c7a), without the flag: the code every battle of
that moment had, and the code a battle not waiting still has."""
PLAY = {"players": ["Ann", "Bob"], "events": [{"side": 0, "round": 3, "vp": 3, "turn": 1}]}
LAST_SCORING = "LAST SCORING the end of Pulse round 3 (v); then n ends the game"


@pytest.fixture
def waiting(tmp_path) -> Path:
    """The battle waiting at the end of Pulse round 3, beside its roster (Matt's Alliance skirmish, both sides)."""
    shutil.copy(EXAMPLES / "warcaster-firebrand.toml", tmp_path / "f.toml")
    shutil.copy(SHARE / "warcaster-last-scoring.toml", tmp_path / "b.toml")
    return tmp_path / "b.toml"


def test_a_battle_waiting_for_its_last_scoring_opens_waiting_from_its_code(waiting, tmp_path, capsys):
    assert battle_code(waiting) == WAITING_CODE
    assert decode_battle_code(WAITING_CODE)[2] == {
        "seed": "8macx25t6s",
        "spent": [],
        "scenario": "orders-of-magnitude",
        "play": {**PLAY, "ending": True},
    }
    (tmp_path / "theirs").mkdir()
    imported = tmp_path / "theirs" / "b.toml"
    assert main(["battle", "import", WAITING_CODE, "-o", str(imported)]) == 0
    ours, theirs = read_battle(waiting), read_battle(imported)
    assert theirs.play is not None and theirs.play.ending is True
    keep = {"turn", "step", "seed", "scenario", "play", "spent", "units", "opponent_units"}
    assert theirs.model_dump(include=keep) == ours.model_dump(include=keep)  # battle → code → battle
    assert battle_code(imported) == WAITING_CODE
    judged = replay_battle_file(imported).judged
    assert judged is not None and not judged.outcome.over
    assert second_line(judged).plain == LAST_SCORING
    capsys.readouterr()
    assert main(["battle", "turn", str(imported)]) == 0  # the opponent goes on: the game ends as it does here
    assert capsys.readouterr().out.splitlines()[0] == "Matt's Alliance skirmish, game over after Pulse round 3"


def test_the_flag_alone_travels_with_the_empty_parts_before_it(waiting):
    """No VP, no moment, nothing agreed: the parts before the flag are written empty and read back as nothing."""
    text = waiting.read_text()
    waiting.write_text(text[: text.index("[[play.events]]")])
    code = battle_code(waiting)
    assert decode_battle_code(code)[2]["play"] == {"players": ["Ann", "Bob"], "ending": True}


def test_a_code_written_before_decodes_as_it_did(waiting, tmp_path):
    """The old Warbench's code of the waiting battle holds no flag (it opens as the game over, as it did); a battle
    that is not waiting still gets exactly that code."""
    assert decode_battle_code(OLD_CODE)[2] == {
        "seed": "8macx25t6s",
        "spent": [],
        "scenario": "orders-of-magnitude",
        "play": PLAY,
    }
    imported = battle_from_code(OLD_CODE, tmp_path / "old.toml")
    assert imported.play is not None and imported.play.ending is False
    waiting.write_text(waiting.read_text().replace("ending = true\n", ""))
    assert battle_code(waiting) == OLD_CODE


@pytest.mark.parametrize(
    ("game", "turn", "marks", "scenario"),
    [
        ("warcaster", 1, [[{"index": 0, "damage": [1], "status": "play"}], []], {}),
        ("warmachine", 1, [[{"index": 1, "damage": [4]}], []], {"scenario": "first-blood", "play": {"attacker": 0}}),
        ("warsurge", 1, [[], [{"index": 0, "models": 1, "hp": 2}]], {"scenario": "deathmatch", "play": {}}),
        ("mcwarrior", 1, [[], [{"index": 0, "heat": 2}]], {}),
    ],
)
def test_the_corpus_battle_codes_decode_as_they_did(game, turn, marks, scenario):
    """What the corpus's codes (commit 5e8c9d5) decoded to before the flag was added, field for field."""
    found_turn, sides, found = decode_battle_code((CORPUS / f"{game}-battle.code").read_text().strip())
    assert (found_turn, [side[2] for side in sides], found) == (turn, marks, scenario)


def test_a_flag_this_warbench_does_not_know_is_refused_in_one_line(waiting, monkeypatch):
    """A newer Warbench's flag (here: one after those this one names) is not read as damage, nor dropped unsaid."""
    monkeypatch.setattr(battle_play, "FLAGS", ("over", "no_mercy", "length_rolls", "ending"))  # `ending` 3 bits up
    code = battle_code(waiting)
    monkeypatch.undo()
    with pytest.raises(ShareCodeError) as caught:
        decode_battle_code(code)
    assert str(caught.value) == "the battle's code holds a state this Warbench does not know (made by a newer one)"


@pytest.mark.parametrize(
    ("code", "said"),
    [(OLD_CODE, "game over after Pulse round 3"), (WAITING_CODE, "end of Pulse round 3 (scoring)")],
)
def test_import_says_the_battles_turn_as_battle_new_does(code, said, waiting, tmp_path, capsys):
    """Not 'turn 4', which nobody plays: the game ended after turn 3 (or waits at its end for the scoring)."""
    imported = tmp_path / "got.toml"
    capsys.readouterr()
    assert main(["battle", "import", code, "-o", str(imported)]) == 0
    assert capsys.readouterr().out == f"wrote {imported}: Matt's Alliance skirmish, {said}, 0 units marked\n"
