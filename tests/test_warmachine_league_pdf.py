"""`warbench export pdf` of a league or campaign: the noticeboard sheet with standings, grids and the next scenario."""

from __future__ import annotations

from pypdf import PdfReader

from builder.cli import main
from tests.conftest import EXAMPLES

CAMPAIGNS = EXAMPLES / "campaigns"


def export(tmp_path, source, capsys) -> str:
    out = tmp_path / "sheet.pdf"
    assert main(["export", "pdf", str(source), "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}\n"
    return "\n".join(page.extract_text() for page in PdfReader(out).pages)


def test_the_league_sheet_lists_standings_and_achievements(tmp_path, capsys):
    text = export(tmp_path, CAMPAIGNS / "warmachine-league.toml", capsys)
    assert "Standings (30 → 50 → 75 → 100 points)" in text
    assert "Anna: best strategist, best artisan, seasoned veteran, battle hardened, apprentice" in text


def test_an_unfinished_frontier_sheet_shows_grids_moves_and_the_matrix(tmp_path, capsys):
    lines = (CAMPAIGNS / "warmachine-frontier.toml").read_text(encoding="utf-8").splitlines()
    source = tmp_path / "frontier.toml"
    source.write_text("\n".join(lines[:-4]) + "\n", encoding="utf-8")
    text = export(tmp_path, source, capsys)
    assert "Anna: 2 key territories; intel 1, supply 0, morale 3" in text
    assert "Next round may pick: a1 b2 c2 d3 a4 b4 c4" in text
    assert "Round 5: the scenario from both players' operations" in text and "Street by Street" in text


def test_an_unfinished_oldsand_sheet_shows_holdings_and_the_roll_table(tmp_path, capsys):
    lines = (CAMPAIGNS / "mcwarrior-port-oldsand.toml").read_text(encoding="utf-8").splitlines()
    source = tmp_path / "oldsand.toml"
    source.write_text(
        "\n".join(lines[:-4]).replace("../mcwarrior-warband.toml", str(EXAMPLES / "mcwarrior-warband.toml")),
        encoding="utf-8",
    )
    text = export(tmp_path, source, capsys)
    assert "Ben: 1 district, warband budget 150 bolts" in text
    assert "Round 5: roll a d6 for each encounter's scenario" in text and "King of the Hill" in text


def test_a_finished_campaign_sheet_names_the_winner(tmp_path, capsys):
    assert "Winner: Anna (major victory)" in export(tmp_path, CAMPAIGNS / "warmachine-frontier.toml", capsys)


def test_a_ledger_with_errors_is_printed_only_when_forced(tmp_path, capsys):
    source = tmp_path / "league.toml"
    source.write_text(
        'warbench = 1\nkind = "league"\nname = "Broken"\n[[players]]\nname = "A"\n'
        '[[players.stages]]\ngoals = ["won"]\n',
        encoding="utf-8",
    )
    out = tmp_path / "sheet.pdf"
    assert main(["export", "pdf", str(source), "-o", str(out)]) == 1
    assert "NOT VALID, no PDF written" in capsys.readouterr().err and not out.exists()
    assert main(["export", "pdf", str(source), "-o", str(out), "--force"]) == 0
    assert "NOT VALID: 2 errors in the ledger" in PdfReader(out).pages[0].extract_text()
