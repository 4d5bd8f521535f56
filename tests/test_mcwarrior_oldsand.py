"""Battle for Port Oldsand: claims, sieges, encounters, warband budgets, the winner and every rule code."""

from __future__ import annotations

import json

import pytest

from builder.cli import main
from builder.games.mcwarrior.oldsand import legal_picks, roll_scenario, scenario_for
from builder.ledgers import replay_file
from builder.roster.toml_output import dumps
from tests.conftest import EXAMPLES, FIXTURES

OLDSAND = EXAMPLES / "campaigns" / "mcwarrior-port-oldsand.toml"
COSTLY = str(FIXTURES / "campaigns" / "costly-warband.toml")  # 169 bolts
CHEAP = str(EXAMPLES / "mcwarrior-warband.toml")  # 145 bolts
MAP = ["Gate", "Port", "Market", "Foundry", "Skyline", "Docks", "Salt", "Light", "Canal"]
PLAYERS = [{"name": "A", "start": "Gate"}, {"name": "B", "start": "Port"}]


def campaign(tmp_path, rounds, **extra):
    path = tmp_path / "oldsand.toml"
    path.write_text(
        dumps(
            {
                "warbench": 1,
                "kind": "port-oldsand",
                "game": "mcwarrior",
                "districts": MAP,
                **extra,
                "players": PLAYERS,
                "rounds": rounds,
            }
        ),
        encoding="utf-8",
    )
    return replay_file(path)


def codes(result):
    return [f.code for f in result.findings]


def test_the_example_campaign_is_won_by_ada_with_six_districts():
    result = replay_file(OLDSAND)
    assert result.valid and result.winner == "Ada"
    owned = {p.name: (p.districts, p.bolts) for p in result.players}
    assert owned == {
        "Ada": (("Harbour Gate", "Dockyards", "Foundry Row", "Lighthouse Point", "Salt Quarter", "Skyline"), 200),
        "Ben": (("Spaceport",), 150),
        "Cleo": (("Old Market", "Canal District", "Refinery"), 170),
    }
    first, second = result.rounds[:2]
    assert first.claims == (("Ada", "Foundry Row"),)
    assert [(s.district, s.players, s.winner) for s in first.sieges] == [("Skyline", ("Ben", "Cleo"), "Ben")]
    assert second.claims == (("Ada", "Dockyards"), ("Cleo", "Salt Quarter"))
    assert [(s.district, s.players, s.winner) for s in second.sieges] == [("Foundry Row", ("Ben", "Ada"), "Ada")]


def test_the_campaign_json_has_the_design_shape(capsys):
    assert main(["campaign", str(OLDSAND), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"valid", "players", "rounds", "winner", "findings"}
    assert data["players"][1] == {"name": "Ben", "districts": ["Spaceport"], "bolts": 150}
    assert data["rounds"][0] == {
        "claims": [{"player": "Ada", "district": "Foundry Row"}],
        "sieges": [{"district": "Skyline", "players": ["Ben", "Cleo"], "winner": "Ben"}],
    }
    assert data["winner"] == "Ada"


def test_picking_from_the_owner_is_a_siege_the_owner_defends(tmp_path):
    result = campaign(
        tmp_path,
        [{"picks": {"A": "Docks"}}, {"picks": {"B": "Docks"}, "encounters": [{"district": "Docks", "winner": "B"}]}],
    )
    assert result.valid
    assert [(s.players, s.winner) for s in result.rounds[1].sieges] == [(("B", "A"), "B")]
    assert [p.districts for p in result.players] == [("Gate",), ("Port", "Docks")]


def test_picking_ones_own_district_again_changes_nothing(tmp_path):
    result = campaign(tmp_path, [{"picks": {"A": "Docks"}}, {"picks": {"A": "Docks"}}])
    assert result.valid and result.rounds[1].claims == () and result.rounds[1].sieges == ()


def test_another_players_starting_district_cannot_be_picked(tmp_path):
    result = campaign(tmp_path, [{"picks": {"A": "Port"}}])
    assert codes(result) == ["oldsand/starting-district"] and result.findings[0].path == "rounds[0].picks.A"
    assert result.players[0].districts == ("Gate",)


def test_picking_ones_own_starting_district_is_flagged_not_ignored(tmp_path):
    # the book: a move claims "any one of the other districts that is not another player's starting district";
    # A's own start (Gate) is not one of the others: the round claims nothing for A, and says why
    result = campaign(tmp_path, [{"picks": {"A": "Gate", "B": "Docks"}}])
    assert codes(result) == ["oldsand/starting-district"] and result.findings[0].path == "rounds[0].picks.A"
    assert result.findings[0].message == (
        "round 1: A picks Gate, their own starting district (already theirs: a pick is one of the other districts)"
    )
    assert result.rounds[0].claims == (("B", "Docks"),) and result.rounds[0].sieges == ()


def test_picks_and_encounters_name_districts_of_the_map(tmp_path):
    result = campaign(tmp_path, [{"picks": {"A": "Moon"}, "encounters": [{"district": "Mars", "winner": "A"}]}])
    assert codes(result) == ["oldsand/district", "oldsand/district", "oldsand/encounter"]


def test_every_siege_needs_one_encounter_won_by_a_besieger(tmp_path):
    picks = {"A": "Docks", "B": "Docks"}
    assert codes(campaign(tmp_path, [{"picks": picks}])) == ["oldsand/encounter"]
    wrong = campaign(
        tmp_path,
        [
            {
                "picks": {**picks},
                "encounters": [{"district": "Docks", "winner": "A"}, {"district": "Docks", "winner": "B"}],
            }
        ],
    )
    assert codes(wrong) == ["oldsand/encounter"] and "second encounter" in wrong.findings[0].message
    assert wrong.players[0].districts == ("Gate", "Docks")


def test_warband_budget_is_150_plus_10_per_claimed_district(tmp_path):
    two_claims = [{"picks": {"A": "Docks"}}, {"picks": {"A": "Salt"}}]
    assert campaign(tmp_path, [*two_claims, {"warbands": {"A": COSTLY}}]).valid
    result = campaign(tmp_path, [two_claims[0], {"warbands": {"A": COSTLY}}])
    assert codes(result) == ["oldsand/warband-budget"]
    assert result.findings[0].path == "rounds[1].warbands.A"
    assert "9 over its 160-bolt budget" in result.findings[0].message
    assert campaign(tmp_path, [], warbands={"B": CHEAP}).valid


def test_six_districts_win_and_no_round_comes_after(tmp_path):
    rounds = [{"picks": {"A": district}} for district in ("Market", "Foundry", "Skyline", "Docks", "Salt")]
    result = campaign(tmp_path, rounds)
    assert result.valid and result.winner == "A" and result.players[0].bolts == 200
    late = campaign(tmp_path, [*rounds, {"picks": {"B": "Light"}}])
    assert codes(late) == ["oldsand/after-end"] and late.findings[0].path == "rounds[5]"


def test_legal_picks_leave_out_starts_and_owned_districts(tmp_path):
    result = campaign(tmp_path, [{"picks": {"A": "Docks"}}])
    assert legal_picks(result, "A") == ["Market", "Foundry", "Skyline", "Salt", "Light", "Canal"]
    assert "Docks" in legal_picks(result, "B")


def test_the_encounter_scenario_table():
    assert [scenario_for(n) for n in range(1, 7)] == [
        "Capture the Flag",
        "King of the Hill",
        "Mass Carnage",
        "Rampage",
        "Tug of War",
        "the district's owner chooses",
    ]
    with pytest.raises(ValueError):
        scenario_for(7)


def test_a_seeded_roll_is_repeatable_and_never_six_in_an_unclaimed_district():
    assert roll_scenario(True, seed=3) == roll_scenario(True, seed=3)
    assert all(roll_scenario(False, seed=seed)[0] != 6 for seed in range(60))
    assert any(roll_scenario(True, seed=seed)[0] == 6 for seed in range(60))
