"""No command writes over a file it read, even with --overwrite: its input, and every file named inside it (a
battle's rosters, a ledger's armies and warbands, a roster's catalogue file, a code's installed catalogue)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.cli import main
from catalog.paths import BUNDLED_DIR
from tests.conftest import EXAMPLES, FIXTURES

BEING_READ = "is the file being read; write to another file"


@pytest.fixture
def table(tmp_path):
    """The examples (campaigns too) in a folder, and a Warsurge roster whose catalogue is a file beside it
    (`cards/catalogue.svg`: any name is a path to a catalogue)."""
    shutil.copytree(EXAMPLES, tmp_path / "table")
    table = tmp_path / "table"
    (table / "cards").mkdir()
    shutil.copy(BUNDLED_DIR / "warsurge-examples.toml", table / "cards" / "catalogue.svg")
    (table / "own.toml").write_text(
        (table / "warsurge-499.toml")
        .read_text(encoding="utf-8")
        .replace('catalogue = "warsurge-examples"', 'catalogue = "cards/catalogue.svg"'),
        encoding="utf-8",
    )
    return table


def refused(capsys, target: Path, *argv: str) -> None:
    """The command exits 2 with the one line saying `target` is being read, and `target` is as it was."""
    before = target.read_bytes()
    assert main([*argv, "-o", str(target), "--overwrite"]) == 2
    assert capsys.readouterr().err == f"warbench: {target}: {BEING_READ}\n"
    assert target.read_bytes() == before


def test_battle_new_never_writes_over_the_opponents_roster_or_a_catalogue(table, capsys):
    roster, opponent = str(table / "warsurge-499.toml"), table / "warsurge-apc.toml"
    refused(capsys, opponent, "battle", "new", roster, "--opponent", str(opponent))
    refused(capsys, table / "cards" / "catalogue.svg", "battle", "new", str(table / "own.toml"))
    refused(capsys, table / "cards" / "catalogue.svg", "battle", "new", roster, "--opponent", str(table / "own.toml"))
    assert main(["battle", "new", roster, "--opponent", str(opponent), "-o", str(table / "b.toml")]) == 0


def test_export_pdf_never_writes_over_a_ledgers_armies_or_warbands(table, capsys):
    league = str(table / "campaigns" / "warmachine-league.toml")
    refused(capsys, table / "campaigns" / "league" / "cogmire-stage1.toml", "export", "pdf", league)
    refused(capsys, table / "campaigns" / "league" / "cogmire-stage4.toml", "export", "pdf", league)
    refused(
        capsys,
        table / "mcwarrior-warband.toml",
        "export",
        "pdf",
        str(table / "campaigns" / "mcwarrior-port-oldsand.toml"),
    )
    assert main(["export", "pdf", league, "-o", str(table / "league.pdf")]) == 0


def test_export_pdf_and_share_qr_never_write_over_a_rosters_catalogue(table, capsys):
    refused(capsys, table / "cards" / "catalogue.svg", "export", "pdf", str(table / "own.toml"))
    refused(capsys, table / "cards" / "catalogue.svg", "share", "qr", str(table / "own.toml"))
    assert main(["share", "qr", str(table / "own.toml"), "-o", str(table / "cards" / "own.svg")]) == 0


def test_nor_over_the_catalogue_a_catalogue_builds_on_even_when_it_was_cached(table, capsys):
    from builder.roster.files import read_roster

    (table / "cards" / "more.toml").write_text(
        'id = "more"\ngame = "warsurge"\nname = "More"\nrevision = 1\nextends = "./catalogue.svg"\n', encoding="utf-8"
    )
    (table / "more.toml").write_text(
        (table / "warsurge-499.toml")
        .read_text(encoding="utf-8")
        .replace('catalogue = "warsurge-examples"', 'catalogue = "cards/more.toml"'),
        encoding="utf-8",
    )
    assert read_roster(table / "more.toml").catalogue.id == "more"  # now in the cache of checked catalogues
    refused(capsys, table / "cards" / "catalogue.svg", "export", "pdf", str(table / "more.toml"))
    refused(capsys, table / "cards" / "catalogue.svg", "battle", "new", str(table / "more.toml"))


def test_share_import_never_writes_over_the_installed_catalogue_it_decoded_with(table, capsys, isolated_home):
    installed = isolated_home / "catalogues" / "my-warsurge.toml"
    installed.parent.mkdir()
    installed.write_text(
        (BUNDLED_DIR / "warsurge-examples.toml")
        .read_text(encoding="utf-8")
        .replace('id = "warsurge-examples"', 'id = "my-warsurge"', 1),
        encoding="utf-8",
    )
    mine = table / "mine.toml"
    mine.write_text(
        (table / "warsurge-499.toml")
        .read_text(encoding="utf-8")
        .replace('catalogue = "warsurge-examples"', 'catalogue = "my-warsurge"'),
        encoding="utf-8",
    )
    assert main(["share", "code", str(mine)]) == 0
    code = capsys.readouterr().out.strip()
    refused(capsys, installed, "share", "import", code)


def test_import_never_writes_over_the_catalogue_it_matched_against(tmp_path, capsys, monkeypatch):
    bundled = tmp_path / "bundled"
    shutil.copytree(BUNDLED_DIR, bundled)
    monkeypatch.setattr("catalog.loader.BUNDLED_DIR", bundled)  # so that the test never risks the real one
    refused(capsys, bundled / "warcaster-nm.toml", "import", str(FIXTURES / "battlescribe" / "marcher-strike.ros"))


def test_battle_import_reads_a_battles_qr_picture_and_never_writes_over_it(table, capsys):
    from builder.battles import battle_code
    from exports.share.qr import write_qr

    assert (
        main(
            [
                "battle",
                "new",
                str(table / "warsurge-499.toml"),
                "--opponent",
                str(table / "warsurge-apc.toml"),
                "-o",
                str(table / "b.toml"),
            ]
        )
        == 0
    )
    picture = table / "table.png"
    write_qr(battle_code(table / "b.toml"), picture)
    refused(capsys, picture, "battle", "import", str(picture))
    assert main(["battle", "import", str(picture), "-o", str(table / "theirs.toml")]) == 0  # a battle's QR reads


def test_battle_report_never_writes_over_a_catalogue_its_roster_names(table, capsys):
    (table / "cards" / "catalogue.md").write_bytes((table / "cards" / "catalogue.svg").read_bytes())
    (table / "own-md.toml").write_text(
        (table / "own.toml").read_text(encoding="utf-8").replace("cards/catalogue.svg", "cards/catalogue.md"),
        encoding="utf-8",
    )
    battle = table / "b.toml"
    assert main(["battle", "new", str(table / "own-md.toml"), "-o", str(battle)]) == 0
    capsys.readouterr()
    refused(capsys, table / "cards" / "catalogue.md", "battle", "report", str(battle))
