"""`warbench catalog import FILE.gst FILE.cat…`: BSData becomes a catalogue; a re-import says what changed."""

from __future__ import annotations

import io
import json
import re
import tomllib
import zipfile
from pathlib import Path

import pytest

from builder.catalogues import read_catalogue_file
from builder.cli import main
from builder.roster.files import read_roster
from builder.rules import validate
from catalog.paths import BUNDLED_DIR, installed_catalogue_dir
from tests.conftest import EXAMPLES, FIXTURES

DATA = FIXTURES / "bsdata" / "warcaster-bsdata.zip"
KINDS = ("formats", "factions", "units", "weapons", "cortexes", "cyphers", "rules")


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(["catalog", "import", *map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def unpacked(tmp_path: Path) -> dict[str, Path]:
    """The fixture's data files as plain files, by name."""
    folder = tmp_path / "bsdata"
    folder.mkdir()
    with zipfile.ZipFile(DATA) as archive:
        archive.extractall(folder)
    return {path.name: path for path in folder.iterdir()}


def edit(path: Path, anchors: str, old: str, new: str) -> None:
    """Replace the first `old` after the `anchors` (found in turn, separated by '|') in a data file."""
    text = path.read_text(encoding="utf-8")
    at = 0
    for anchor in anchors.split("|"):
        at = text.index(anchor, at)
    at = text.index(old, at)
    path.write_text(text[:at] + new + text[at + len(old) :], encoding="utf-8")


def on_catalogue(tmp_path: Path, example: str, catalogue: str) -> Path:
    """A copy of a bundled example roster that names another catalogue."""
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    path = tmp_path / example
    path.write_text(re.sub(r'(?m)^catalogue = ".*"$', f'catalogue = "{catalogue}"', text), encoding="utf-8")
    return path


def remember(*paths: Path) -> None:
    store = installed_catalogue_dir().parent
    store.mkdir(parents=True, exist_ok=True)
    (store / "recent.json").write_text(
        json.dumps([{"path": str(p), "name": p.stem, "game": "warcaster"} for p in paths]), encoding="utf-8"
    )


def test_the_zipped_data_gives_the_bundled_catalogue_entry_for_entry(capsys):
    code, out, err = run(capsys, DATA)
    written = installed_catalogue_dir() / "warcaster-bsdata.toml"
    assert code == 0, err
    assert out.splitlines()[0] == (
        "Warcaster: Neo-Mechanika (BSData import): 58 units from 5 data files; "
        "compared with the bundled 'warcaster-nm': no changes"
    )
    assert out.splitlines()[1].startswith(f"wrote {written}: 'warcaster-bsdata' revision 1 (")
    ours = tomllib.loads(written.read_text(encoding="utf-8"))
    bundled = tomllib.loads((BUNDLED_DIR / "warcaster-nm.toml").read_text(encoding="utf-8"))
    assert all(ours[kind] == bundled[kind] for kind in KINDS)
    assert (ours["id"], ours["revision"], ours.get("changes")) == ("warcaster-bsdata", 1, None)


def test_a_roster_on_the_imported_catalogue_validates_to_the_same_totals(tmp_path, capsys):
    unpacked_files = unpacked(tmp_path)
    assert run(capsys, *unpacked_files.values())[0] == 0  # plain files as well as the zip
    for example in ("warcaster-marcher-worlds.toml", "warcaster-firebrand.toml"):
        bundled = read_roster(EXAMPLES / example)
        imported = read_roster(on_catalogue(tmp_path, example, "warcaster-bsdata"))
        assert imported.catalogue.id == "warcaster-bsdata"
        ours, theirs = validate(imported.roster, imported.catalogue), validate(bundled.roster, bundled.catalogue)
        assert (ours.valid, ours.totals, ours.findings) == (theirs.valid, theirs.totals, theirs.findings)


def test_a_reimport_names_what_changed_and_writes_only_when_told(tmp_path, capsys):
    assert run(capsys, DATA)[0] == 0
    written = installed_catalogue_dir() / "warcaster-bsdata.toml"
    before = written.read_bytes()
    files = unpacked(tmp_path)
    edit(files["Marcher_Worlds.cat"], 'name="Strike Raptor"|name="CST"', ">4</characteristic>", ">5</characteristic>")
    edit(files["Marcher_Worlds.cat"], 'name="Dusk Wolf"', 'name="Dusk Wolf"', 'name="Dusk Wolf Mk II"')
    code, out, err = run(capsys, *files.values())
    assert code == 2 and written.read_bytes() == before
    assert err == (
        f"warbench: {written}: already exists; nothing written (use --overwrite to replace it with the changes above)\n"
    )
    assert out.splitlines()[1:] == [
        "  added unit: Dusk Wolf Mk II",
        "  removed unit: Dusk Wolf",
        "  Strike Raptor: DC 4 → 5",
    ]
    code, out, err = run(capsys, *files.values(), "--overwrite")
    assert code == 0, err
    catalogue = read_catalogue_file(written)
    assert catalogue.revision == 2 and catalogue.unit("strike-raptor").dc == 5
    assert catalogue.changes[-1].note == (
        "re-imported from BattleScribe data: added unit: Dusk Wolf Mk II; "
        "removed unit: Dusk Wolf; Strike Raptor: DC 4 → 5"
    )
    assert run(capsys, *files.values())[1].endswith("already what the data gives (revision 2); nothing to change\n")


def test_a_reimport_names_each_recent_roster_it_makes_illegal(tmp_path, capsys):
    assert run(capsys, DATA)[0] == 0
    marcher = on_catalogue(tmp_path, "warcaster-marcher-worlds.toml", "warcaster-bsdata")
    firebrand = on_catalogue(tmp_path, "warcaster-firebrand.toml", "warcaster-bsdata")
    remember(marcher, firebrand)
    files = unpacked(tmp_path)
    edit(files["Warcaster_Neo-Mechanika.gst"], 'name="Full Battleforce"|name="Units"', 'value="15.0"', 'value="12.0"')
    edit(files["Marcher_Worlds.cat"], 'name="Dusk Wolf"', 'name="Dusk Wolf"', 'name="Dusk Wolf Mk II"')
    code, out, err = run(capsys, *files.values(), "--overwrite")
    assert code == 0, err
    assert "  Standard: max units 15 → 12" in out
    lines = out.splitlines()
    at = lines.index("1 recent roster was legal before this import and no longer is:")
    assert lines[at + 1].startswith(f"  {marcher}: no longer loads: ")
    assert "dusk-wolf" in lines[at + 1]
    assert all(str(firebrand) not in line for line in lines)


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        (
            "doctype.gst",
            b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><gameSystem/>',
            "refused: the XML declares a DOCTYPE or ENTITY (BattleScribe files never do)",
        ),
        (
            "roster.cat",
            b"<roster/>",
            "not a BattleScribe data file (its root element is <roster>, not <gameSystem> or <catalogue>)",
        ),
        ("broken.cat", b"<catalogue><oops></catalogue>", "malformed XML at line 1, column 20"),
    ],
)
def test_hostile_data_files_are_one_line_and_write_nothing(tmp_path, capsys, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    code, out, err = run(capsys, path)
    assert (code, out, err) == (2, "", f"warbench: {path}: {message}\n")
    assert not installed_catalogue_dir().exists()


def test_a_zip_bomb_other_games_and_missing_files_are_refused(tmp_path, capsys):
    bomb = tmp_path / "bomb.zip"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("huge.cat", b"<catalogue>" + b" " * (9 * 1024 * 1024) + b"</catalogue>")
    bomb.write_bytes(buffer.getvalue())
    assert run(capsys, bomb)[2] == (
        f"warbench: {bomb}: refused: the BattleScribe data file inside the zip unpacks to over 8192 KB\n"
    )
    files = unpacked(tmp_path)
    assert run(capsys, files["Marcher_Worlds.cat"])[2] == (
        "warbench: BattleScribe data needs exactly one game system file (.gst); none given\n"
    )
    assert run(capsys, files["Warcaster_Neo-Mechanika.gst"])[2] == (
        "warbench: BattleScribe data needs the faction catalogues (.cat) as well as the game system\n"
    )
    edit(files["Empyreans.cat"], "<catalogue", 'gameSystemId="6e64-0ab9-a430-a976"', 'gameSystemId="aaaa"')
    assert run(capsys, *files.values())[2] == (
        f"warbench: {files['Empyreans.cat']}: a catalogue for another game system (aaaa)\n"
    )
    assert run(capsys, "notes.txt")[2] == "warbench: notes.txt: no such image file (and not a share code)\n"
    assert not installed_catalogue_dir().exists()


def test_a_rule_our_table_does_not_explain_is_named_and_left_without_a_summary(tmp_path, capsys):
    files = unpacked(tmp_path)
    edit(
        files["Warcaster_Neo-Mechanika.gst"],
        '<rule id="17ec-c1b8-c3fb-459f"',
        'name="Compound Armor"',
        'name="Compound Armor Mk II"',
    )
    code, _, err = run(capsys, *files.values())
    assert code == 0
    assert err == (
        "note: 1 entry without a summary in Warbench's table (their cards say so): rules.compound-armor-mk-ii\n"
    )
    catalogue = read_catalogue_file(installed_catalogue_dir() / "warcaster-bsdata.toml")
    assert catalogue.rule("compound-armor-mk-ii").summary == ""
    assert "compound-armor-mk-ii" in catalogue.unit("paladin-defenders").rules
