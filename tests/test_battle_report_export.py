"""The battle report to keep: Markdown (`battle report BATTLE --markdown`, `-o FILE.md`) and a one-page PDF."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.scenarios import edits
from tests.conftest import EXAMPLES, examples_in


@pytest.fixture
def played(tmp_path, capsys):
    """A Warcaster Strange Matter battle under hostile names, a unit damaged, VP at the end of Pulse round 1 (Anna's scored once round 2 had begun, nothing done in it yet), then over."""
    examples_in(tmp_path)
    path = str(tmp_path / "sm.toml")
    args = ["battle", "new", str(tmp_path / "warcaster-marcher-worlds.toml"), "--opponent"]
    args += [str(tmp_path / "warcaster-firebrand.toml"), "--scenario", "strange-matter"]
    assert main([*args, "--players", "An|na <b>*", "Ben", "-o", path]) == 0
    for step in (["score", path, "--side", "Ben", "--vp", "2"], ["turn", path], ["turn", path, "--round"]):
        assert main(["battle", *step]) == 0  # Ben's turn, then the next Pulse round
    assert main(["battle", "score", path, "--side", "An|na <b>*", "--vp", "4"]) == 0  # round 1's end: nothing since
    assert main(["battle", "mark", path, "--unit", "1", "--theirs", "--deploy"]) == 0
    assert main(["battle", "mark", path, "--unit", "1", "--theirs", "--damage", "2"]) == 0
    assert main(["battle", "turn", path, "--over", "--notes", "played at <Club> *Friday*"]) == 0
    capsys.readouterr()
    return tmp_path, path


def test_the_markdown_report_has_sides_scenario_vp_by_round_result_and_units(played, capsys):
    folder, path = played
    assert main(["battle", "report", path, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# ")
    assert "- **Scenario:** Strange Matter" in out
    assert "- **Result:** An\\|na \\<b\\>\\* wins: 4 VP to 2, the most VP" in out, "user text escaped, on one line"
    assert "- **Notes:** played at \\<Club\\> \\*Friday\\*" in out, "the journal entry's notes"
    assert "| Player | Roster | VP | Points left |" in out
    assert "| An\\|na \\<b\\>\\* | Will's Marcher force | 4 |" in out
    assert "## VP by round" in out and "| Pulse round 1 | 4 | 2 |\n| Pulse round 2 | 0 | 0 |\n| Total | 4 | 2 |" in out
    assert "## Ben: " in out
    assert "2/" in out.split("## Ben: ")[1], "what the damaged unit has left"
    assert main(["battle", "report", path, "-o", str(folder / "report.md")]) == 0
    assert (folder / "report.md").read_text(encoding="utf-8") == out
    assert main(["battle", "report", path, "-o", str(folder / "report.md")]) == 2
    assert "already exists (use --overwrite" in capsys.readouterr().err
    assert main(["battle", "report", path, "-o", str(folder / "report.txt")]) == 2
    assert "a battle report is FILE.md or FILE.pdf" in capsys.readouterr().err
    assert main(["battle", "report", path, "-o", path, "--overwrite"]) == 2, "never over the battle file"


def test_the_pdf_report_is_one_page_in_embedded_fonts_with_the_text_as_typed(played, capsys):
    from pypdf import PdfReader

    folder, path = played
    assert main(["battle", "report", path, "-o", str(folder / "report.pdf")]) == 0
    assert capsys.readouterr().out == f"wrote {folder / 'report.pdf'}\n"
    reader = PdfReader(io.BytesIO((folder / "report.pdf").read_bytes()))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    for said in (
        "Strange Matter",
        "An|na <b>* wins: 4 VP to 2, the most VP",
        "VP by round",
        "Will's Marcher force",
        "played at <Club> *Friday*",
    ):
        assert said in text
    fonts = reader.pages[0]["/Resources"]["/Font"]
    for ref in fonts.values():
        font = ref.get_object()
        assert "DejaVuSans" in font["/BaseFont"] and "/FontFile2" in font["/FontDescriptor"], "every font embedded"


def test_a_deathmatchs_report_has_no_vp_column(tmp_path, capsys):
    """A scenario that scores no VP (Warsurge's Deathmatch) reports the points each side has left, not a row of 0 VP."""
    examples_in(tmp_path)
    path = str(tmp_path / "dm.toml")
    argv = ["battle", "new", str(tmp_path / "warsurge-499.toml"), "--opponent", str(tmp_path / "warsurge-apc.toml")]
    assert main([*argv, "--scenario", "deathmatch", "-o", path]) == 0
    capsys.readouterr()
    assert main(["battle", "report", path, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "| Player | Roster | Points left |" in out and "| Fantasy Army | Fantasy Army | 499 of 499 (100%) |" in out


def test_a_mirror_matchs_report_and_text_tell_the_two_sides_apart(tmp_path, capsys):
    """Two copies of one roster share its name: the report says whose each is, in every place it names a side."""
    shutil.copy(EXAMPLES / "warsurge-499.toml", tmp_path / "a.toml")
    path = str(tmp_path / "b.toml")
    assert main(["battle", "new", str(tmp_path / "a.toml"), "--opponent", str(tmp_path / "a.toml"), "-o", path]) == 0
    capsys.readouterr()
    assert main(["battle", "report", path, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "| Fantasy Army (ours) | Fantasy Army (ours) | 499 of 499 (100%) |" in out  # no scenario: no VP column
    assert "| Fantasy Army (the opponent's) | Fantasy Army (the opponent's) |" in out
    assert out.count("\n## Fantasy Army (ours)\n") == 1 and out.count("\n## Fantasy Army (the opponent's)\n") == 1
    ours = out.split("## Fantasy Army (ours)\n")[1].split("\n\n## ")[0].strip().splitlines()
    assert ours == [  # numbered as battle mark --unit N counts them
        "| No. | Unit | Points | Left | What it has left | State |",
        "|---|---|---|---|---|---|",
        "| 1 | Catapult | 269 | 269 | 10/10 HP |  |",
        "| 2 | Dwarven Berserkers | 180 | 180 | 10/10 models, 20/20 HP |  |",
        "| 3 | Human Knights | 50 | 50 | 2/2 models, 4/4 HP |  |",
    ]
    assert main(["battle", path]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines if "points left (" in line] == [
        "Fantasy Army (ours)",
        "Fantasy Army (the opponent's)",
    ]


def test_told_apart_names_only_a_shared_name_and_a_third_side_by_its_number():
    from builder.scenarios.side_names import told_apart

    assert told_apart(["A", "B"]) == ["A", "B"]
    assert told_apart(["A", "A"]) == ["A (ours)", "A (the opponent's)"]
    assert told_apart(["A", "A", "A", "B"]) == ["A (side 1)", "A (side 2)", "A (side 3)", "B"]  # teammates too


def eve_against_finn(tmp_path, game_type: str, turns: int) -> str:
    """A Warsurge battle of Eve's Fantasy Army against Finn's Ursus strike force, set up to last `turns` game turns."""
    examples_in(tmp_path)
    setup, path = str(tmp_path / "setup.toml"), str(tmp_path / "battle.toml")
    agreed = ["--game-type", game_type, "--length", "set", "--turns", str(turns), "--playstyle", "standard"]
    assert main(["scenario", "setup", "warsurge", *agreed, "-o", setup]) == 0
    argv = ["battle", "new", str(tmp_path / "warsurge-499.toml"), "--opponent", str(tmp_path / "warsurge-apc.toml")]
    assert main([*argv, "--setup", setup, "--players", "Eve", "Finn", "-o", path]) == 0
    return path


def test_a_game_over_reports_its_last_turn_and_deathmatch_points_with_reserves_lost(tmp_path, capsys):
    """Over after its last game turn: the report says so, as `battle FILE` does (not the turn after it, which nobody
    plays), lists no VP round after it, and Deathmatch's points left also say what the verdict counts."""
    path = eve_against_finn(tmp_path, "deathmatch", turns=2)
    session = BattleSession(Path(path), Store(tmp_path / "data"))
    session.play("Knights in reserve", edits.toggle_reserve, 0, 2)  # Eve's Human Knights, 50 points, never deployed
    session.save()
    for _ in range(2):
        assert main(["battle", "turn", path]) == 0
    capsys.readouterr()
    assert main(["battle", "report", path, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "- **Turn:** game over after game turn 2\n" in out
    assert "| Eve | Fantasy Army | 499 of 499 (100%); 449 with reserves lost |" in out
    assert "- **Result:** Eve wins: 449 points left to 434.3 (reserves count as lost)" in out


def test_a_game_over_after_its_last_turn_lists_no_vp_round_after_it(tmp_path, capsys):
    path = eve_against_finn(tmp_path, "capture-objectives", turns=1)
    assert main(["battle", "score", path, "--side", "Finn", "--vp", "2"]) == 0
    assert main(["battle", "turn", path]) == 0  # to the last game turn's end, for its scoring
    assert main(["battle", "turn", path]) == 0  # the game ends
    capsys.readouterr()
    assert main(["battle", "report", path, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "- **Turn:** game over after game turn 1\n" in out
    assert "| Game turn 1 | 0 | 2 |\n| Total | 0 | 2 |" in out


def test_a_battle_without_a_scenario_reports_its_players_by_name(tmp_path, capsys):
    """Players named at `battle new` with no scenario head the Sides table and each side's units, as `battle FILE`
    names them ("Cat: Fantasy Army"); the report said the roster twice."""
    examples_in(tmp_path)
    path = str(tmp_path / "b.toml")
    argv = ["battle", "new", str(tmp_path / "warsurge-499.toml"), "--opponent", str(tmp_path / "warsurge-apc.toml")]
    assert main([*argv, "--players", "Cat", "Dan", "-o", path]) == 0
    capsys.readouterr()
    assert main(["battle", "report", path, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "| Cat | Fantasy Army | 499 of 499 (100%) |" in out
    assert "| Dan | Ursus strike force | 434.3 of 434.3 (100%) |" in out
    assert "\n## Cat: Fantasy Army\n" in out and "\n## Dan: Ursus strike force\n" in out
