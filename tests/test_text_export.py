"""`warbench export text`: the plain-text list for chat and forums, for every game, ending with the share code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.catalogues import load_catalogue
from builder.cli import main
from builder.games.warmachine.roster import WarmachineRoster
from builder.roster.files import read_roster
from exports.share import decode_share_code, encode_roster
from exports.text import roster_text
from tests.test_share_codec import mini_roster as reds
from tests.warmachine_attachments import with_foreman

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "builder" / "examples"
MINI = REPO / "tests" / "fixtures" / "share" / "share-mini.toml"


@pytest.fixture
def mini(isolated_home):
    target = isolated_home / "catalogues" / "share-mini.toml"
    target.parent.mkdir(parents=True)
    shutil.copy(MINI, target)
    return load_catalogue("share-mini")


def test_a_legal_warcaster_force_in_full(mini):
    roster = reds()
    code = encode_roster(roster, mini)
    assert (
        roster_text(roster, mini)
        == f"""\
Reds
Warcaster: Neo-Mechanika — catalogue share-mini revision 1
Red, Standard

Force: 2/15 units, 1/3 heroes, DC 8
  1. Red Walker — DC 3, 3/4 WP
     Wild Cortex; Arm: Hammer (1 WP); Back: Rocket (2 WP)
  2. Red Squad + Red Banner — DC 3
  3. Drifter — DC 2

Rack (4 cards; fury 1, geometric 1, harmonic 2, overdrive 0):
  Burn (fury)
  Bend (geometric)
  Hum (harmonic)
  Red Oath (harmonic)

Legal (1 note)
  info warcaster/unused-weapon-points (units[0].hardpoints): Red Walker has 1 of 4 weapon points unspent

Share code: {code}
"""
    )


def test_an_illegal_force_lists_its_error_codes_and_still_shares(mini):
    roster = reds(rack=["burn", "burn"], units=[{"id": "drifter"}, {"id": "drifter"}])
    text = roster_text(roster, mini)
    assert "NOT LEGAL: warcaster/unique, warcaster/rack-size, warcaster/rack-unique\n" in text
    assert "  error warcaster/rack-size (rack): 2 Cyphers in the rack — it holds 3 to 6\n" in text
    code = text.rstrip("\n").rsplit("Share code: ", 1)[1]
    shared = roster.model_copy(update={"catalogue_revision": mini.revision})  # the revision the code names
    assert decode_share_code(code).roster.model_dump() == shared.model_dump()


def test_the_share_code_in_a_text_list_keeps_the_notes_private(mini):
    from exports.share import decode_share_code

    text = roster_text(reds(notes="my secret plan " * 150), mini)
    code = text.rstrip().rsplit("Share code: ", 1)[1]
    assert decode_share_code(code).roster.notes == "" and "secret" not in text.split("Share code")[0] + code


def test_mcwarrior_warband_lines():
    loaded = read_roster(EXAMPLES / "mcwarrior-warband.toml")
    lines = roster_text(loaded.roster, loaded.catalogue).splitlines()
    assert lines[:3] == [
        "Harbour Rats",
        "McWarrior — catalogue mcwarrior revision 1",
        "Warband of 4 mechs, 2 districts: 145/170 bolts",
    ]
    assert lines[4:7] == [
        "  1. Rustbucket — pilot Kai (Sniper) — 36 bolts",
        "     Head 3 (6), Torso 3 (6), Left Arm 2 (3), Right Arm 2 (3), Left Leg 2 (3), Right Leg 2 (3)",
        "     Head: Targeting System (3); Left Arm: Long Range Weapon (2); Right Arm: Energy Shield level 2 (5); "
        "Legs: Jump Jets (2)",
    ]
    assert "Legal" in lines and lines[-1] == f"Share code: {encode_roster(loaded.roster, loaded.catalogue)}"


def test_warsurge_lines():
    loaded = read_roster(EXAMPLES / "warsurge-apc.toml")
    lines = roster_text(loaded.roster, loaded.catalogue).splitlines()
    assert lines[2] == "434/500 points, 4 units (at most 10)"
    assert lines[4:7] == [
        "  1. Ursus APC ×1 — 110 pts",
        "  2. Troopers ×9 — 51 pts",
        "     Laser Rifle ×9; embarked in 1. Ursus APC",
    ]


def test_warmachine_lines():
    loaded = read_roster(EXAMPLES / "warmachine-example.toml")
    lines = roster_text(loaded.roster, loaded.catalogue).splitlines()
    assert lines[2] == "Cogmire Union: 75/75 points"
    assert lines[5:7] == [
        "  2. Bulwark Warjack — 18 pts",
        "     Left Arm: Breach Drill; Right Arm: Steam Cannon; Shoulder: Flare Mortar; "
        "battlegroup of Commander Ysolde Varr",
    ]


def test_warmachine_lines_say_the_unit_an_attachment_joined():
    roster = WarmachineRoster.model_validate(
        {
            "catalogue": "warmachine-example",
            "points": 78,
            "units": [{"id": "rivetgun-squad"}, {"id": "rivetgun-foreman", "attached_to": 0}],
        }
    )
    lines = roster_text(roster, with_foreman()).splitlines()
    at = lines.index("  2. Rivetgun Foreman — 3 pts")
    assert lines[at + 1] == "     joined to 1. Rivetgun Squad"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_export_text_command_prints_the_list(path, capsys):
    assert main(["export", "text", str(path)]) == 0
    loaded = read_roster(path)
    assert capsys.readouterr().out == roster_text(loaded.roster, loaded.catalogue)


def test_export_text_of_a_missing_file_exits_2(tmp_path, capsys):
    assert main(["export", "text", str(tmp_path / "none.toml")]) == 2
    assert capsys.readouterr().err == f"warbench: {tmp_path / 'none.toml'}: no such roster file\n"
