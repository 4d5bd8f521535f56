"""A Warsurge transport deploys with its passengers embarked: placing (or deploying) a transport in reserve on the
battlefield places the units its roster embarks in it, still in reserve, embarked in it, in the same change. They
stayed in reserve before (counted lost under Deathmatch, unsaid); a battle written so reads as it did."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from builder.battles import read_battle, replay_battle_file
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.game import game
from builder.games.warsurge import spending
from builder.games.warsurge.command_points import Action, Place
from builder.games.warsurge.transport import Carrier
from builder.resources import Seating
from builder.roster.files import read_roster
from builder.turns import Moment
from tests.conftest import EXAMPLES, examples_in

PLACED = "Placed Ursus APC on the battlefield, with Troopers and Sniper Troopers embarked (free).\n"


@pytest.fixture
def battle(tmp_path, capsys) -> str:
    """Ann's Fantasy Army against Bob's Ursus strike force (the APC, unit 1, carries units 2 and 3) in Deathmatch."""
    examples_in(tmp_path)
    path = str(tmp_path / "d1.toml")
    ours, theirs = str(tmp_path / "warsurge-499.toml"), str(tmp_path / "warsurge-apc.toml")
    args = ["battle", "new", ours, "--opponent", theirs, "--scenario", "deathmatch", "--players", "Ann", "Bob"]
    assert main([*args, "-o", path]) == 0
    capsys.readouterr()
    return path


def cp(path: str, capsys, *words: str) -> str:
    assert main(["battle", "cp", path, "--side", "Bob", *words]) == 0
    return capsys.readouterr().out


def places(path: str) -> list[str | None]:
    result = replay_battle_file(path)
    return [result.spending.book.place_words(result.spending.state, 1, n) for n in range(4)]


def test_placing_the_transport_places_its_passengers_embarked_and_says_so(battle, capsys):
    assert (
        cp(battle, capsys, "place", "1", "battlefield") == PLACED + "Bob: CP 0 · game turn 1: CP dice not rolled yet\n"
    )
    assert places(battle) == ["on the battlefield", "embarked in Ursus APC", "embarked in Ursus APC", "in reserve"]
    ledger = read_battle(battle)
    assert [(mark.side, mark.event) for mark in ledger.spent] == [
        (1, {"kind": "place", "unit": 0, "where": "battlefield"}),
        (1, {"kind": "place", "unit": 1, "where": "embarked"}),
        (1, {"kind": "place", "unit": 2, "where": "embarked"}),
    ]
    assert ledger.play.reserves == [[], [3]]  # the Biker alone counts as lost
    assert replay_battle_file(battle).judged.table.points_left[1] == pytest.approx(338.3)


def test_one_change_undoes_the_transport_and_its_passengers(battle, tmp_path):
    session = BattleSession(battle, Store(tmp_path / "store"))
    session.spend(1, {"kind": "place", "unit": 0, "where": "battlefield"}, "placed: battlefield")
    assert len(session.ledger.spent) == 3
    session.undo()
    assert session.ledger.spent == []


def test_deploying_the_transport_takes_them_along_too_and_a_passenger_placed_before_stays(battle, capsys):
    cp(battle, capsys, "place", "Troopers", "battlefield")  # out on foot before the transport comes
    cp(battle, capsys, "roll", "3")
    assert cp(battle, capsys, "action", "1", "deploy").splitlines()[0] == (
        "Ursus APC deployed, with Sniper Troopers embarked (free)."
    )
    assert places(battle) == ["on the battlefield", "on the battlefield", "embarked in Ursus APC", "in reserve"]
    assert cp(battle, capsys, "place", "1", "battlefield").splitlines()[0] == (
        "Placed Ursus APC on the battlefield, with Sniper Troopers embarked (free)."  # on it already: nothing more
    )
    assert len(read_battle(battle).spent) == 5


def test_a_battle_written_before_with_the_transport_alone_placed_reads_as_it_did(battle, capsys):
    with open(battle, "a", encoding="utf-8") as file:
        file.write('\n[[spent]]\nside = 1\nround = 1\nevent = { kind = "place", unit = 0, where = "battlefield" }\n')
    assert places(battle) == ["on the battlefield", "in reserve", "in reserve", "in reserve"]
    assert replay_battle_file(battle).findings == ()


def test_a_transport_in_a_transport_takes_its_own_passengers_along():
    """Units 1 and 2 ride in unit 0; unit 3 rides in unit 2 (the Biker, for the test, in the Sniper Troopers)."""
    loaded = read_roster(EXAMPLES / "warsurge-apc.toml")
    spend = spending.start(Seating((loaded,), "s", game("warsurge").turns, playstyle="advanced"))
    side = spend.sides[0]
    carriers = {**side.carriers, 3: Carrier("Sniper Troopers", False, 2)}
    spend = replace(spend, sides=(replace(side, carriers=MappingProxyType(carriers)),))
    onto = Place(unit=0, where="battlefield")
    assert [event["unit"] for event in spending.along(spend, 0, onto)] == [1, 2, 3]
    assert spending.along(spend, 0, Action(unit=0, action="deploy")) == spending.along(spend, 0, onto)
    assert spending.along(spend, 0, Place(unit=0, where="reserve")) == []
    assert spending.along(spend, None, onto) == [] and spending.along(spend, 0, Place(unit=3, where="embarked")) == []
    moved = spending.apply(spend, 0, Moment(1), onto)
    assert spending.along(moved, 0, onto) == []  # on the battlefield already


def test_any_unit_but_the_transport_itself_is_offered_embarked_while_its_side_has_one(battle):
    """The place dialog: the book lets any unit board a friendly transport by contact, so the Biker (4), in none by
    its roster, is offered "embarked" as the APC's passengers (2, 3) are; the Ursus APC (1), the side's one transport,
    has none to board; Ann's army, with no transport, has nobody to embark."""
    spend = replay_battle_file(battle).spending.state
    everywhere, ashore = spending.PLACES, ("battlefield", "reserve", "casualty")
    assert [spending.place_choices(spend, 1, n) for n in range(4)] == [ashore, everywhere, everywhere, everywhere]
    assert spending.place_choices(spend, 0, 0) == ashore


def test_a_unit_the_one_standing_transport_alone_can_take_boards_it_without_naming_it(battle, capsys):
    """The Biker, in no transport by its roster: `place 4 embarked` boards the Ursus APC, the side's one transport,
    with no --in (it said "name the transport … with --in"), and the battle file names it; the dialog asks none."""
    spend = replay_battle_file(battle).spending.state
    assert [spending.only_transport(spend, 1, n) for n in range(4)] == [None, None, None, 0]
    assert cp(battle, capsys, "place", "4", "embarked").splitlines()[0] == (
        "Placed Revenge Wing Biker embarked in Ursus APC, in reserve with it (free)."
    )
    assert read_battle(battle).spent[-1].event == {"kind": "place", "unit": 3, "where": "embarked", "transport": 0}
    assert places(battle)[3] == "embarked in Ursus APC (in reserve)"


def test_a_transport_with_no_room_left_is_not_offered_and_boarding_it_is_refused(battle, capsys):
    """The Ursus APC (Transport 300) out with its Troopers and Sniper Troopers aboard (228.3 points): the Biker (96)
    does not fit, so it is offered no "embarked" and `place 4 embarked --in 1` is refused, the file untouched."""
    cp(battle, capsys, "place", "1", "battlefield")
    spend = replay_battle_file(battle).spending.state
    assert spending.place_choices(spend, 1, 3) == ("battlefield", "reserve", "casualty")
    assert spending.only_transport(spend, 1, 3) is None
    before = open(battle, "rb").read()
    assert main(["battle", "cp", battle, "--side", "Bob", "place", "4", "embarked", "--in", "1"]) == 2
    assert capsys.readouterr().err == (
        "warbench: not recorded: Ursus APC has no room for Revenge Wing Biker (96 points): it carries 228.3 of its "
        "300\n"
    )
    assert open(battle, "rb").read() == before
