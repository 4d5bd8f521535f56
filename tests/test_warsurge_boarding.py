"""A Warsurge unit boards a transport other than its roster's (the book: any friendly transport, by contact) with
`battle cp … place UNIT embarked --in TRANSPORT`: it is described as in that one everywhere, is let out when that one
is destroyed (not when its roster's is), and the battle code carries it. Its roster's is the default where it stands;
a casualty or a unit that is no transport is refused in one line; a battle file written before reads as it did."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.battles import new_battle, replay_battle_file
from builder.cli import main
from builder.games.warsurge import spending
from builder.tui.app import make_app
from tests.conftest import EXAMPLES
from tests.fixtures.tui.pilot import paste

TWO_TRANSPORTS = """warbench = 1
game = "warsurge"
catalogue = "warsurge-examples"
name = "Two transports"
point_limit = 500

[[units]]
id = "tank"
key = "tank"
label = "Old Rumbler"

[[units]]
id = "ursus-apc"
key = "ursus"

[[units]]
id = "troopers"
models = 9
weapons = { laser-rifle = 9 }
embarked_in = "tank"

[[units]]
id = "revenge-wing-biker"
weapons = { plasma-gun = 2, bike-slam = 1 }
"""
"""Old Rumbler (a Tank, no Fire Points) carrying the Troopers, the Ursus APC (Fire Points) empty, a Biker."""


def cp(path: Path, capsys, *words: str) -> tuple[int, str, str]:
    try:
        code = main(["battle", "cp", str(path), "--side", "us", *words])
    except SystemExit as exited:
        code = int(exited.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def battle(tmp_path, capsys) -> Path:
    """Both transports on the battlefield, the Troopers along in Old Rumbler, then Old Rumbler made a casualty: the
    Troopers are let out onto the battlefield."""
    (tmp_path / "two.toml").write_text(TWO_TRANSPORTS, encoding="utf-8")
    shutil.copy(EXAMPLES / "warsurge-499.toml", tmp_path / "499.toml")
    path = tmp_path / "battle.toml"
    new_battle(tmp_path / "two.toml", str(tmp_path / "499.toml"), path)
    for unit, where in (("Old", "battlefield"), ("Ursus", "battlefield"), ("Old", "casualty")):
        assert cp(path, capsys, "place", unit, where)[0] == 0
    return path


def words(path: Path) -> list[str]:
    spend = replay_battle_file(path).spending.state
    return [spending.where_words(spend, 0, unit) for unit in range(4)]


def test_a_unit_boarding_another_transport_is_said_to_be_in_that_one(battle, capsys):
    assert words(battle)[2] == "battlefield"
    assert cp(battle, capsys, "place", "Troopers", "embarked", "--in", "Ursus") == (
        0,
        "Placed Troopers embarked in Ursus APC (free).\nTwo transports: CP 0 · game turn 1: CP dice not rolled yet\n",
        "",
    )
    assert words(battle) == ["casualty", "battlefield", "embarked in Ursus APC", "reserve"]
    assert main(["battle", str(battle)]) == 0
    assert capsys.readouterr().out.splitlines()[4].endswith("9/9 HP  embarked in Ursus APC")
    assert main(["battle", str(battle), "--side", "us"]) == 0
    assert "  Troopers: embarked in Ursus APC" in capsys.readouterr().out.splitlines()


def test_the_transport_boarded_lets_it_out_when_destroyed_and_the_code_carries_it(battle, capsys, tmp_path):
    cp(battle, capsys, "place", "Troopers", "embarked", "--in", "2")
    assert main(["battle", "code", str(battle)]) == 0
    code = capsys.readouterr().out.splitlines()[-1]
    (tmp_path / "imported").mkdir()
    assert main(["battle", "import", code, "-o", str(tmp_path / "imported" / "battle.toml")]) == 0
    assert words(tmp_path / "imported" / "battle.toml")[2] == "embarked in Ursus APC"
    assert cp(battle, capsys, "place", "Ursus", "casualty")[0] == 0
    assert words(battle)[:3] == ["casualty", "casualty", "battlefield"]


def test_its_rosters_transport_is_the_default_where_it_stands_else_the_one_standing_and_a_wreck_is_refused(
    battle, capsys
):
    """With its roster's a casualty and the Ursus APC the one transport standing, no --in is needed: it boards that
    one (it said "name the transport Troopers boards with --in (Ursus APC)")."""
    before = battle.read_bytes()
    for given, said in (
        (("--in", "Old"), "Old Rumbler is a casualty: Troopers cannot board it"),
        (("--in", "Revenge"), "Revenge Wing Biker is no transport: Troopers cannot board it"),
        (("--in", "Troopers"), "Troopers cannot board itself"),
    ):
        assert cp(battle, capsys, "place", "Troopers", "embarked", *given) == (
            2,
            "",
            f"warbench: not recorded: {said}\n",
        )
    assert cp(battle, capsys, "place", "Troopers", "reserve", "--in", "Ursus")[2] == (
        "warbench: not recorded: Troopers is placed in reserve, not embarked: it boards no transport\n"
    )
    assert battle.read_bytes() == before
    boarded = cp(battle, capsys, "place", "Troopers", "embarked")  # its roster's a wreck, the Ursus APC alone stands
    assert boarded[1].startswith("Placed Troopers embarked in Ursus APC")
    assert replay_battle_file(battle).battle.spent[-1].event["transport"] == 1
    assert cp(battle, capsys, "place", "Old", "battlefield")[0] == 0  # a mistake corrected: it stands again
    assert cp(battle, capsys, "place", "Troopers", "embarked")[1].startswith("Placed Troopers embarked in Old Rumbler")
    assert replay_battle_file(battle).battle.spent[-1].event == {"kind": "place", "unit": 2, "where": "embarked"}


def test_a_battle_file_written_before_reads_as_it_did(battle):
    """Troopers placed embarked with no transport named, after Old Rumbler fell: in its wreck, as before."""
    aboard = '\n[[spent]]\nside = 0\nround = 1\nevent = { kind = "place", unit = 2, where = "embarked" }\n'
    battle.write_text(battle.read_text(encoding="utf-8") + aboard, encoding="utf-8")
    result = replay_battle_file(battle)
    assert (result.valid, words(battle)[2]) == (True, "embarked in Old Rumbler (destroyed)")


async def test_the_place_dialog_boards_the_one_transport_standing_and_asks_which_where_two_could(battle, tmp_path):
    """Wiring: `u`, embarked: the Troopers' roster's Old Rumbler a wreck, the Ursus APC alone can take them, so it is
    boarded with no question (it asked which, offering the one); with Old Rumbler standing again, the Biker is asked."""
    app = make_app(battle, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        while screen.session.track(*screen.selected()).name != "Troopers":
            await pilot.press("down")
        await pilot.press("u")
        await paste(pilot, "embarked")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert screen.session.ledger.spent[-1].event == {
            "kind": "place",
            "unit": 2,
            "where": "embarked",
            "transport": 1,
        }
        assert spending.where_words(screen.session.result.spending.state, 0, 2) == "embarked in Ursus APC"
        screen.session.spend(0, {"kind": "place", "unit": 0, "where": "battlefield"}, "placed: battlefield")
        await pilot.press("down", "u")
        await paste(pilot, "embarked")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.prompt.title == "Which transport does Revenge Wing Biker board?"


def test_the_transport_boarded_keeps_its_passenger_from_attack_by_its_own_fire_points(battle, capsys):
    """The Biker (no transport in its roster) boards Old Rumbler, standing again, which has no Fire Points."""
    for placed in (("Old", "battlefield"), ("Revenge", "battlefield"), ("Revenge", "embarked", "--in", "Old")):
        assert cp(battle, capsys, "place", *placed)[0] == 0
    assert main(["battle", "mark", str(battle), "--unit", "4", "--damage", "1"]) == 2
    assert capsys.readouterr().err == (
        "warbench: not marked: Revenge Wing Biker is embarked in Old Rumbler, which has no Fire Points: "
        "a passenger cannot be attacked\n"
    )
