"""`warbench import`: BattleScribe Warcaster rosters (.ros, .rosz) come in matched, named, bounded and checked."""

from __future__ import annotations

import zipfile

import pytest

from builder.battlescribe.reading import MAX_ROSTER_BYTES, parse_roster_xml
from builder.catalogues import load_catalogue
from builder.cli import main
from builder.games.warcaster.battlescribe import import_warcaster
from builder.roster.errors import RosterFileError
from builder.roster.files import read_roster
from builder.rules import validate
from catalog.paths import BUNDLED_DIR, installed_catalogue_dir
from tests.conftest import EXAMPLES, FIXTURES

BS = FIXTURES / "battlescribe"
STRIKE = BS / "marcher-strike.ros"
RACK = [
    "cryo-lock",
    "instability-equation",
    "malediction-rubric",
    "displacement-index",
    "force-barrier",
    "mortality-destabilizer",
    "aggression-theorem",
    "arcane-synthesis",
    "divination-algorithm",
    "annihilation-vector",
    "ascension-catalyst",
    "impulse-inducer",
]


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(["import", *map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_force_comes_in_whole_and_legal(tmp_path, capsys):
    out = tmp_path / "strike.toml"
    code, stdout, stderr = run(capsys, STRIKE, "-o", out)
    assert code == 0
    assert stdout == f"wrote {out}: Strike at dawn — 3 units, 12 Cyphers on 'warcaster-nm'; legal\n"
    assert stderr == (
        "note: Warder joined Ranger Fire Team (unit 3), the nearest squad before it that it may join; "
        "it may also join: Ranger Infiltrators, Ranger Heavy Support\n"
    )
    loaded = read_roster(out)
    roster = loaded.roster
    assert (roster.name, roster.faction, roster.format, roster.rack) == (
        "Strike at dawn",
        "marcher-worlds",
        "standard",
        RACK,
    )
    assert [u.model_dump() for u in roster.units] == [
        {
            "id": "dusk-wolf",
            "cortex": "neural-net-cortex",
            "attachments": [],
            "hardpoints": {"left-arm": "battle-rifle", "right-arm": "flame-thrower", "shoulder": "talon-rocket-pod"},
        },
        {
            "id": "strike-raptor",
            "cortex": "ace-cortex",
            "attachments": [],
            "hardpoints": {
                "left-arm": "particle-accelerator",
                "right-arm": "rock-buster",
                "left-shoulder": "blazer",
                "right-shoulder": "vortex-missile",
            },
        },
        {"id": "ranger-fire-team", "cortex": None, "hardpoints": {}, "attachments": ["warder"]},
    ]
    report = validate(roster, loaded.catalogue)
    assert report.valid and report.findings == ()
    assert report.totals.as_dict()["weapon_points"] == [
        {"unit": 0, "used": 5, "total": 5},
        {"unit": 1, "used": 8, "total": 8},
    ]


def test_the_zipped_roster_reads_the_same(tmp_path, capsys):
    rosz = tmp_path / "strike.rosz"
    with zipfile.ZipFile(rosz, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Strike at dawn.ros", STRIKE.read_bytes())
    assert run(capsys, rosz, "-o", tmp_path / "a.toml")[0] == 0
    assert run(capsys, STRIKE, "-o", tmp_path / "b.toml")[0] == 0
    assert (tmp_path / "a.toml").read_text(encoding="utf-8") == (tmp_path / "b.toml").read_text(encoding="utf-8")


ODDS_SAID = [
    "not imported: force 'Skirmish' (Empyreans): a Warbench force is one faction; only the first force was imported",
    "not imported: Dusk Wolf > Banana Cannon: not an option of Dusk Wolf in 'warcaster-nm'",
    "not imported: Mystery Walker: not in catalogue 'warcaster-nm'",
    "not imported: Warder: no squad in the force it may join (Ranger Infiltrators, Ranger Fire Team, "
    "Ranger Heavy Support); left out",
    "warning: unit 1 (Dusk Wolf): the file counts 3 weapon points, Warbench 1",
]
"""What reading odds-and-ends.ros says, a line each: the command prints it, the builder's import shows it."""


def test_everything_left_out_is_named_and_weapon_points_are_compared(tmp_path, capsys):
    code, _stdout, stderr = run(capsys, BS / "odds-and-ends.ros", "-o", tmp_path / "odds.toml", "--partial")
    assert code == 0
    assert stderr.splitlines() == ODDS_SAID
    roster = read_roster(tmp_path / "odds.toml").roster
    assert roster.format == "skirmish"
    assert [u.model_dump() for u in roster.units] == [  # matched by its id although renamed; cortex by name
        {"id": "dusk-wolf", "cortex": "scout-cortex", "hardpoints": {"left-arm": "battle-rifle"}, "attachments": []}
    ]
    assert roster.notes == "Not imported from odds-and-ends.ros:\n" + "\n".join(  # kept where the player finds it
        f"- {line.removeprefix('not imported: ')}" for line in ODDS_SAID if line.startswith("not imported: ")
    )


def test_what_an_import_left_out_goes_at_the_end_of_the_notes_as_far_as_they_have_room_and_shown_safely():
    from builder.battlescribe.imported import NOTES_ROOM, noted_left_out

    assert noted_left_out("mine", "x.ros", []) == "mine"
    assert (
        noted_left_out("mine\n", "a/x.ros", ["A", "B\x1b[2J"]) == "mine\n\nNot imported from x.ros:\n- A\n- B\\x1b[2J"
    )
    many = noted_left_out("", "x.ros", [f"unit {n:04}" + "." * 90 for n in range(100)])
    assert len(many) <= NOTES_ROOM and many.endswith("\n- … and 62 more") and many.count("\n- unit") == 38
    assert noted_left_out("n" * NOTES_ROOM, "x.ros", ["A"]) == "n" * NOTES_ROOM  # no room: the notes as they were


@pytest.mark.parametrize(
    "name, message",
    [
        (
            "other-game.ros",
            "the roster is for Warhammer 40,000 9th Edition (28ec-711c-d87f-3aeb), not Warcaster: Neo-Mechanika",
        ),
        ("malformed.ros", "malformed XML at line 7, column 7"),
        ("entity-bomb.ros", "refused: the XML declares a DOCTYPE or ENTITY (BattleScribe files never do)"),
    ],
)
def test_refused_files_are_one_line_and_write_nothing(tmp_path, capsys, name, message):
    out = tmp_path / "x.toml"
    assert run(capsys, BS / name, "-o", out) == (2, "", f"warbench: {BS / name}: {message}\n")
    assert not out.exists()


def zipped(path, members: dict[str, bytes]):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


@pytest.mark.parametrize(
    "members, message",
    [
        ({"notes.txt": b"hello"}, "not a BattleScribe roster (the zip holds no .ros files)"),
        ({"a.ros": b"<roster/>", "b.ros": b"<roster/>"}, "not a BattleScribe roster (the zip holds 2 .ros files)"),
        (
            {"bomb.ros": b"\0" * (MAX_ROSTER_BYTES + 1)},
            f"refused: the BattleScribe roster inside the zip unpacks to over {MAX_ROSTER_BYTES // 1024} KB",
        ),
    ],
)
def test_zips_that_are_not_rosters_or_are_bombs_are_refused(tmp_path, capsys, members, message):
    rosz = zipped(tmp_path / "in.rosz", members)
    assert run(capsys, rosz, "-o", tmp_path / "x.toml") == (2, "", f"warbench: {rosz}: {message}\n")


def test_a_damaged_zip_and_a_non_roster_xml_are_refused(tmp_path, capsys):
    broken = tmp_path / "broken.rosz"
    broken.write_bytes(zipped(tmp_path / "ok.rosz", {"a.ros": STRIKE.read_bytes()}).read_bytes()[:200])
    code, _, err = run(capsys, broken, "-o", tmp_path / "x.toml")
    assert code == 2 and err.startswith(f"warbench: {broken}: not a BattleScribe roster (a damaged or unsupported zip")
    with pytest.raises(RosterFileError, match=r"its root element is <catalogue>, not <roster>"):
        parse_roster_xml(b'<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema"/>', "x")


def test_an_oversized_file_is_refused_before_parsing(tmp_path, capsys):
    big = tmp_path / "big.ros"
    big.write_bytes(b"<roster>" + b" " * MAX_ROSTER_BYTES + b"</roster>")
    code, _, err = run(capsys, big, "-o", tmp_path / "x.toml")
    assert code == 2 and "too large for a BattleScribe roster" in err


def test_an_existing_roster_file_is_never_overwritten_unasked(tmp_path, capsys):
    out = tmp_path / "mine.toml"
    out.write_text("mine", encoding="utf-8")
    assert run(capsys, STRIKE, "-o", out) == (
        2,
        "",
        f"warbench: {out}: already exists (use --overwrite to replace it)\n",
    )
    assert out.read_text(encoding="utf-8") == "mine"
    assert run(capsys, STRIKE, "-o", out, "--overwrite")[0] == 0


def test_a_cyphers_id_wins_over_a_unit_of_the_same_name():
    xml = (
        b'<roster gameSystemId="6e64-0ab9-a430-a976"><forces><force name="Skirmish" catalogueName="Marcher Worlds">'
        b'<selections><selection name="Force Barrier" entryId="x::0c15-8387-c4c1-ffd6"/></selections>'
        b"</force></forces></roster>"
    )
    imported = import_warcaster(parse_roster_xml(xml, "x"), load_catalogue("warcaster-nm"), "x")
    assert (imported.roster.rack, imported.roster.units, imported.unmatched) == (["force-barrier"], [], [])


def installed_copy(name: str, bs_id: str) -> None:
    """The bundled catalogue installed as 'warcaster-bsdata' with Dusk Wolf renamed `name` under another `bs_id`."""
    text = (BUNDLED_DIR / "warcaster-nm.toml").read_text(encoding="utf-8")
    text = text.replace('id = "warcaster-nm"', 'id = "warcaster-bsdata"', 1)
    text = text.replace(
        'id = "dusk-wolf"\nname = "Dusk Wolf"\nbs_id = "c9ff-4d93-b27c-d56b"',
        f'id = "dusk-wolf"\nname = "{name}"\nbs_id = "{bs_id}"',
    )
    folder = installed_catalogue_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "warcaster-bsdata.toml").write_text(text, encoding="utf-8")


def test_an_exported_roster_comes_back_on_the_catalogue_it_was_written_from(tmp_path, capsys):
    installed_copy("Dusk Wolf Mk II", "aaaa-bbbb-cccc-dddd")
    roster = tmp_path / "mine.toml"
    roster.write_text(
        (EXAMPLES / "warcaster-marcher-worlds.toml")
        .read_text(encoding="utf-8")
        .replace('catalogue = "warcaster-nm"', 'catalogue = "warcaster-bsdata"'),
        encoding="utf-8",
    )
    ros, back = tmp_path / "mine.ros", tmp_path / "back.toml"
    assert main(["export", "battlescribe", str(roster), "-o", str(ros)]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, ros, "-o", back)
    assert (code, err) == (0, "")
    assert out == f"wrote {back}: Will's Marcher force — 14 units, 12 Cyphers on 'warcaster-bsdata'; legal\n"
    assert read_roster(back).roster.units == read_roster(roster).roster.units


def test_a_roster_battlescribe_wrote_comes_in_on_the_installed_catalogue_that_has_all_it_names(tmp_path, capsys):
    installed_copy("Dusk Wolf Mk II", "aaaa-bbbb-cccc-dddd")
    ros = tmp_path / "made-elsewhere.ros"
    ros.write_text(
        STRIKE.read_text(encoding="utf-8").replace(
            'name="Dusk Wolf" entryId="c9ff-4d93-b27c-d56b"', 'name="Dusk Wolf Mk II" entryId="aaaa-bbbb-cccc-dddd"'
        ),
        encoding="utf-8",
    )
    code, out, _ = run(capsys, ros, "-o", tmp_path / "x.toml")
    assert code == 0 and "on 'warcaster-bsdata'; legal" in out
    code, out, _ = run(capsys, STRIKE, "-o", tmp_path / "y.toml")
    assert code == 0 and "on 'warcaster-nm'; legal" in out  # a tie goes to the game's own catalogue


def test_a_unit_that_cannot_be_matched_fails_the_import_unless_partial_is_asked(tmp_path, capsys):
    out = tmp_path / "odds.toml"
    code, stdout, stderr = run(capsys, BS / "odds-and-ends.ros", "-o", out)
    assert (code, stdout) == (2, "") and not out.exists()
    assert stderr.splitlines()[-1] == (
        f"warbench: {BS / 'odds-and-ends.ros'}: 4 parts of the roster not imported (named above); nothing written "
        "(--partial writes the rest, --catalogue ID reads it on another catalogue)"
    )
    code, stdout, _ = run(capsys, BS / "odds-and-ends.ros", "-o", out, "--partial")
    assert code == 0 and stdout.endswith(
        "(warcaster/rack-size, warcaster/rack-types), without the 4 parts not imported\n"
    )
    code, _, stderr = run(capsys, STRIKE, "-o", tmp_path / "nm.toml", "--catalogue", "mcwarrior")
    assert (code, stderr) == (
        2,
        "warbench: catalogue 'mcwarrior' is for mcwarrior; BattleScribe rosters are Warcaster\n",
    )
