"""What Warbench wrote before its games became packages reads the same after: the share code and the plain text of
every example, and battle files, their codes and reports, as written by commit 5e8c9d5 (tests/fixtures/corpus); a
narrative in play (its Patrol moved and a Guard alerted by `narrative direct --record`), its code and its view, as
written by commit 39a61e0.

Regenerate nothing here: these are the old program's outputs. A deliberate change of wording is named below.
"""

from __future__ import annotations

import shutil

import pytest

from builder.battles import battle_code, battle_from_code
from builder.cli import main
from builder.roster.files import read_roster
from exports.share import encode_roster
from exports.text import roster_text
from tests.conftest import EXAMPLES, FIXTURES

CORPUS = FIXTURES / "corpus"
EXAMPLE_NAMES = sorted(p.stem for p in CORPUS.glob("*.code") if not p.stem.endswith(("-battle", "-play")))
GAMES = ("warsurge", "mcwarrior", "warmachine", "warcaster")
NEW_LINES = {"level: nobody ahead (VP: 0 against 0)"}
"""Said since (issue #34): who is ahead before any VP is scored."""
TOLD_APART = (" (ours): ", " (the opponent's): ")
"""Said since (issue #34): a mirror match's two sides, which share a roster name, are told apart in each side's
line (the Warmachine battle of the corpus is one), and in the scenario's VP, Leaders and winner lines (this review's)."""
SCENARIO_LINES = ("VP: ", "Leaders: ", "Out of the game: ", "Winner: ")


def as_before(line: str) -> str:
    """A report line as the corpus's Warbench wrote it: without what has been said since."""
    for whose in TOLD_APART:
        line = line.replace(whose, ": ", 1)
    if line.startswith(SCENARIO_LINES):
        line = line.replace(" (ours)", "").replace(" (the opponent's)", "")
    return line


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_every_examples_share_code_and_text_read_as_before(name):
    loaded = read_roster(EXAMPLES / f"{name}.toml")
    assert encode_roster(loaded.roster, loaded.catalogue) == (CORPUS / f"{name}.code").read_text().strip()
    assert roster_text(loaded.roster, loaded.catalogue) == (CORPUS / f"{name}.txt").read_text()


@pytest.fixture
def battles(tmp_path):
    """The old battle files beside the rosters they name."""
    for path in [*CORPUS.glob("*-battle.toml"), *EXAMPLES.glob("*.toml")]:
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


@pytest.mark.parametrize("game", GAMES)
def test_a_battle_file_written_before_gives_the_same_code_and_report(battles, game, capsys):
    path = battles / f"{game}-battle.toml"
    old_code = (CORPUS / f"{game}-battle.code").read_text().strip()
    assert battle_code(path) == old_code
    old_report = (CORPUS / f"{game}-battle.report").read_text().splitlines()
    main(["battle", str(path)])
    said = [as_before(line) for line in capsys.readouterr().out.splitlines() if line not in NEW_LINES]
    assert said == old_report
    (battles / "imported").mkdir()
    again = battle_from_code(old_code, battles / "imported" / f"{game}.toml")
    assert battle_code(battles / "imported" / f"{game}.toml") == old_code and again.game == game


def test_a_battle_codes_attacker_survives_when_it_is_the_first_side():
    """Side 0 as the attacker was dropped when a code was read (0 == False), so the opponent's Warbench judged a
    First Blood battle without the attacker it needs."""
    from exports.share.battle import decode_battle_code

    _turn, _sides, scenario = decode_battle_code((CORPUS / "warmachine-battle.code").read_text().strip())
    assert scenario == {"scenario": "first-blood", "play": {"attacker": 0}}


REWARD_SAID = (
    "Rewards earned: ferry-stores\n",
    "Reward earned: The ferryman's dropped satchel: every limited-use perk may be\n    used once more\n",
)
"""Said since: a reward earned is told in the narrative's words, not by its id."""


def test_a_narrative_in_play_written_before_gives_the_same_view_and_code(tmp_path, capsys):
    """Its log's alerts and moves were kept by `narrative direct --record` (the screen's `o` kept them the same way)."""
    for path in (CORPUS / "warsurge-narrative-play.toml", EXAMPLES / "warsurge-499.toml"):
        shutil.copy(path, tmp_path / path.name)
    play = tmp_path / "warsurge-narrative-play.toml"
    old_code = (CORPUS / "warsurge-narrative-play.code").read_text().strip()
    old_view = (CORPUS / "warsurge-narrative-play.report").read_text()
    assert REWARD_SAID[0] in old_view
    old_view = old_view.replace(*REWARD_SAID)
    assert main(["narrative", "show", str(play)]) == 0
    assert main(["narrative", "code", str(play)]) == 0
    assert capsys.readouterr().out == old_view + old_code + "\n"
    (tmp_path / "imported").mkdir()
    imported = tmp_path / "imported" / "play.toml"
    assert main(["narrative", "import", old_code, "-o", str(imported)]) == 0
    capsys.readouterr()
    assert main(["narrative", "show", str(imported)]) == 0
    assert capsys.readouterr().out == old_view
