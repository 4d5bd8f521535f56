"""A narrative's director rolls fresh dice in each new play: the seed is made at random as the play starts and kept
in its file (and its code), so a saved play rolls as it did; a play written before seeds rolls from its party, as
it always did."""

from __future__ import annotations

import json
import random
import tomllib

import pytest

from builder.cli import main
from builder.games.warsurge.narrative import code as narrative_code
from builder.games.warsurge.narrative import play_commands
from builder.games.warsurge.narrative.at_table import orders
from builder.games.warsurge.narrative.directing import play_dice
from builder.games.warsurge.narrative.play import Entry
from tests.conftest import REPO
from tests.test_warsurge_narrative_orders import random_story
from tests.test_warsurge_narrative_play import CAPTAIN, play_file, session


@pytest.fixture
def fixed_random(monkeypatch):
    """The table's randomness as a seeded generator: every play started draws its seed from it in turn."""
    source = random.Random(7)
    monkeypatch.setattr(play_commands.secrets, "SystemRandom", lambda: source)
    return random.Random(7)  # the same draws, to say which seed each play gets


def rolls(tmp_path):
    """The seed of a new play of the random story by the same player and roster, and its first turn's rolls (the
    Lookouts alerted: each rolls its tactic, and the Patrol its Roam)."""
    tmp_path.mkdir()
    path = play_file(tmp_path, CAPTAIN, narrative=random_story(), seeded=True)
    s = session(path, tmp_path)
    for lookout in ("L1", "L2"):
        s.log(Entry(what="alert", unit=lookout), f"{lookout} alerted")
    s.save()
    return s.ledger.seed, {o.enemy: o.rolls for o in orders(s.result, path)[0].orders}


def test_two_new_plays_by_the_same_players_roll_apart(tmp_path, fixed_random):
    first, second = rolls(tmp_path / "one"), rolls(tmp_path / "two")
    assert (first[0], second[0]) == (fixed_random.getrandbits(32), fixed_random.getrandbits(32))
    assert first[1] == {
        "L1": ["D3 = 1 (Random: Aggressive, Coward, Point Value (highest))"],
        "L2": ["D3 = 2 (Random: Aggressive, Coward, Point Value (highest))"],
        "P1": ["D2 = 1 (Roam: H4, E7)"],
    }
    assert second[1] == {**first[1], "P1": ["D2 = 2 (Roam: H4, E7)"]}  # the Patrol roams elsewhere


def test_a_saved_play_rolls_as_it_did_read_again_and_where_its_code_is_opened(tmp_path, fixed_random, capsys):
    seed, rolled = rolls(tmp_path / "one")
    path = tmp_path / "one" / "play.toml"
    assert tomllib.loads(path.read_text())["seed"] == seed
    assert play_dice(session(path, tmp_path).result).key == f"The Saltmarsh Beacon|play {seed}|stage 1|turn 1"
    again = session(path, tmp_path)
    assert {o.enemy: o.rolls for o in orders(again.result, path)[0].orders} == rolled
    capsys.readouterr()
    assert main(["narrative", "code", str(path)]) == 0
    code = capsys.readouterr().out.strip()
    assert main(["narrative", "import", code, "-o", str(tmp_path / "there.toml")]) == 0
    there = session(tmp_path / "there.toml", tmp_path)
    assert there.ledger.seed == seed
    assert {o.enemy: o.rolls for o in orders(there.result, tmp_path / "there.toml")[0].orders} == rolled


def test_a_play_written_before_seeds_rolls_from_its_party_as_before(tmp_path):
    path = play_file(tmp_path, CAPTAIN, narrative=random_story())  # the seed taken out
    s = session(path, tmp_path)
    party = json.dumps([["Player 1"], [["Captain", "Human Knights"]]])
    assert (s.ledger.seed, play_dice(s.result).key) == (None, f"The Saltmarsh Beacon|{party}|stage 1|turn 1")
    corpus = (REPO / "tests" / "fixtures" / "corpus" / "warsurge-narrative-play.code").read_text().strip()
    assert "seed" not in narrative_code.decode_play(corpus)[0]  # a code made before seeds ends at its log
