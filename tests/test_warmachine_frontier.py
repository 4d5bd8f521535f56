"""The frontier campaign: claim grids, resources, operations, scenarios, recon dice, victory and every rule code."""

from __future__ import annotations

import json

import pytest

from builder.cli import main
from builder.games.warmachine.frontier import Grid, legal_moves, operation, recon_dice, scenario_for
from builder.ledgers import replay_file
from builder.roster.toml_output import dumps
from tests.conftest import EXAMPLES

FRONTIER = EXAMPLES / "campaigns" / "warmachine-frontier.toml"
WIN = {"players": ["A", "B"], "winner": "A"}


def campaign(tmp_path, rounds, players=("A", "B")):
    path = tmp_path / "frontier.toml"
    path.write_text(
        dumps(
            {
                "warbench": 1,
                "kind": "frontier-campaign",
                "game": "warmachine",
                "players": list(players),
                "rounds": rounds,
            }
        ),
        encoding="utf-8",
    )
    return replay_file(path)


def codes(result):
    return [f.code for f in result.findings]


def test_the_example_campaign_ends_in_a_major_victory_in_round_five():
    result = replay_file(FRONTIER)
    assert result.valid
    assert (result.winner.name, result.winner.victory) == ("Anna", "major")
    anna, bram = result.grids
    assert sorted(anna.controls) == ["a2", "a3", "a4", "b3", "c3"] and anna.key_territories == 3
    assert anna.resources == {"intel": 1, "supply": 0, "morale": 4}
    assert sorted(bram.controls) == ["c2", "c3"] and bram.resources == {"intel": 2, "supply": 1, "morale": 4}
    assert [g.scenario for games in result.rounds for g in games] == [
        "Key Positions",
        "Crossroads",
        "Crossroads",
        "Major Battle",
        "Major Battle",
    ]


def test_the_campaign_json_has_the_design_shape(capsys):
    assert main(["campaign", str(FRONTIER), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"valid", "players", "rounds", "winner", "findings"}
    assert data["players"][0] == {
        "name": "Anna",
        "controls": ["a2", "a3", "a4", "b3", "c3"],
        "key_territories": 3,
        "resources": {"intel": 1, "supply": 0, "morale": 4},
    }
    assert data["rounds"][0] == {
        "games": [
            {
                "players": ["Anna", "Bram"],
                "operations": ["scout", "resupply"],
                "scenario": "Key Positions",
                "winner": "Anna",
                "scenario_id": "key-positions",
                "attacker": "Anna",
                "defender": "Bram",
                "conditions": [],
                "recon": {},
            }
        ],
        "gained": {},
    }
    text = main(["campaign", str(FRONTIER)]) or capsys.readouterr().out
    for number, games in enumerate(data["rounds"], 1):  # the text says the same winners
        for game in games["games"]:
            assert f"round {number}: " in text and f"won by {game['winner'] or '-'}" in text
    assert data["winner"] == {"name": "Anna", "victory": "major"}


def test_the_text_report_draws_each_claim_grid(capsys):
    assert main(["campaign", str(FRONTIER)]) == 0
    out = capsys.readouterr().out
    assert "  3 [Key   ][Spy   ][HQ    ] Shrine " in out
    assert "winner: Anna (major victory)" in out


def test_operations_come_from_the_square_and_the_matrix_is_symmetric():
    assert [operation(s) for s in ("b2", "c2", "d3", "a1")] == ["scout", "resupply", "rally", "assault"]
    assert scenario_for("rally", "assault") == scenario_for("assault", "rally") == "Street by Street"
    assert scenario_for("scout", "rally") == "Make Haste"


def test_recon_dice_count_at_most_two_intel_and_each_advantage():
    assert recon_dice() == 1
    assert recon_dice(5) == 3
    assert recon_dice(1, ambush=True, advance_deployment=True) == 4


def test_legal_moves_are_neutral_adjacent_squares():
    assert legal_moves(Grid("A", resources={"intel": 0, "supply": 0, "morale": 1})) == ["c2", "b3", "d3", "c4"]
    grid = Grid("A", frozenset({"c3", "b3"}), {"intel": 0, "supply": 0, "morale": 0})
    assert legal_moves(grid) == ["b2", "c2", "d3", "b4", "c4"]
    assert "a3" in legal_moves(Grid("A", frozenset({"c3", "b3"}), {"intel": 1, "supply": 0, "morale": 0}))


def test_resources_come_from_controlled_locations_and_the_loser_gains_by_operation(tmp_path):
    result = campaign(
        tmp_path, [{"moves": {"A": "b3", "B": "d3"}, "games": [WIN]}, {"moves": {"A": "b4", "B": "d3"}, "games": [WIN]}]
    )
    a, b = result.grids
    assert a.resources == {"intel": 1, "supply": 0, "morale": 2}
    assert b.resources == {"intel": 0, "supply": 0, "morale": 4}


def test_a_move_away_from_the_grid_is_not_adjacent(tmp_path):
    result = campaign(tmp_path, [{"moves": {"A": "b4"}}])
    assert codes(result) == ["frontier/not-adjacent"]
    assert result.findings[0].path == "rounds[0].moves.A"
    assert result.findings[0].message == "round 1: A: b4 is not next to a square they control"


def test_a_move_on_a_held_square_is_not_neutral(tmp_path):
    assert codes(campaign(tmp_path, [{"moves": {"A": "c3"}}])) == ["frontier/not-neutral"]


def test_an_assault_must_discard_a_resource_the_player_holds(tmp_path):
    opening = {"moves": {"A": "c2", "B": "c2"}, "games": [WIN]}
    assert campaign(tmp_path, [opening, {"moves": {"A": "c1"}, "assault_cost": {"A": "morale"}}]).valid
    assert codes(campaign(tmp_path, [opening, {"moves": {"A": "c1"}}])) == ["frontier/assault-cost"]
    bad = campaign(tmp_path, [opening, {"moves": {"A": "c1"}, "assault_cost": {"A": "intel"}}])
    assert codes(bad) == ["frontier/assault-cost"] and "no intel" in bad.findings[0].message


def test_nobody_spends_what_they_do_not_hold(tmp_path):
    assert campaign(tmp_path, [{"spent": {"A": {"morale": 1}}}]).valid
    result = campaign(tmp_path, [{"spent": {"A": {"intel": 2}}}])
    assert codes(result) == ["frontier/overspent"] and result.findings[0].path == "rounds[0].spent.A.intel"


def test_each_player_plays_one_game_won_by_one_of_its_players(tmp_path):
    moves = {"A": "c2", "B": "c2", "C": "c2"}
    assert campaign(tmp_path, [{"moves": moves, "games": [WIN]}], ("A", "B", "C")).valid
    twice = campaign(tmp_path, [{"moves": moves, "games": [WIN, {"players": ["A", "C"]}]}], ("A", "B", "C"))
    assert codes(twice) == ["frontier/one-game"]
    stranger = campaign(
        tmp_path, [{"moves": moves, "games": [{"players": ["A", "B"], "winner": "C"}]}], ("A", "B", "C")
    )
    assert codes(stranger) == ["frontier/one-game"] and stranger.findings[0].path == "rounds[0].games[0].winner"


def test_no_round_after_a_major_victory(tmp_path):
    source = FRONTIER.read_text(encoding="utf-8") + '\n[[rounds]]\nmoves = { Bram = "d2" }\n'
    path = tmp_path / "late.toml"
    path.write_text(source, encoding="utf-8")
    result = replay_file(path)
    assert codes(result) == ["frontier/after-end"] and result.findings[0].path == "rounds[5]"


def test_after_round_ten_the_most_key_territories_win_with_morale_breaking_ties(tmp_path):
    quiet = [{"moves": {"A": "c2", "B": "c2"}, "games": [{"players": ["A", "B"], "winner": "A"}]}] + [{}] * 9
    result = campaign(tmp_path, quiet)
    assert result.valid and len(result.rounds) == 10
    # nobody holds key territory and morale ties (the HQ's); A's camp gave supply in rounds 2 to 10, B lost a resupply
    assert (result.winner.name, result.winner.victory) == ("A", "minor")
    assert [g.resources for g in result.grids] == [
        {"intel": 0, "supply": 9, "morale": 10},
        {"intel": 0, "supply": 1, "morale": 10},
    ]
    assert codes(campaign(tmp_path, quiet + [{}])) == ["frontier/after-end"]


def test_a_tie_on_every_resource_is_a_shared_minor_victory(tmp_path):
    result = campaign(tmp_path, [{}] * 10)
    assert (result.winner.name, result.winner.victory) == ("A and B", "minor")


@pytest.mark.parametrize("square", ["e5", "hq"])
def test_a_square_off_the_grid_is_a_bad_file(tmp_path, square, capsys):
    path = tmp_path / "bad.toml"
    path.write_text(
        dumps({"warbench": 1, "kind": "frontier-campaign", "players": ["A"], "rounds": [{"moves": {"A": square}}]}),
        encoding="utf-8",
    )
    assert main(["campaign", str(path)]) == 2
    assert (
        capsys.readouterr().err
        == f"warbench: {path}: rounds[0].moves.A: {square!r} is not a square of the claim grid (a1 to d4)\n"
    )


LOST_SUPPLIES = {
    "moves": {"A": "b3", "B": "c2"},
    "games": [{"players": ["A", "B"], "winner": "B", "conditions": ["lost-supplies"]}],
}


def test_lost_supplies_a_crate_taken_in_the_game_is_spent_in_the_same_game(tmp_path):
    # Round 1: A holds 1 Morale (HQ) and nothing else; A scouts b3, B resupplies c2: Key Positions, A attacks.
    # Lost Supplies drops crates; A takes one (1 Supply) and spends it on a reroll in that game, loses, and
    # gains the scout's 1 Intel.
    crate = {**LOST_SUPPLIES, "gained": {"A": {"supply": 1}}, "spent": {"A": {"supply": 1}}}
    result = campaign(tmp_path, [crate])
    assert result.valid and result.grids[0].resources == {"intel": 1, "supply": 0, "morale": 1}
    assert codes(campaign(tmp_path, [{**LOST_SUPPLIES, "spent": {"A": {"supply": 1}}}])) == ["frontier/overspent"]
    kept = campaign(tmp_path, [{**LOST_SUPPLIES, "gained": {"A": {"supply": 2}}}])
    assert kept.grids[0].resources["supply"] == 2
    report = kept.as_dict()["rounds"][0]
    assert report["gained"] == {"A": {"supply": 2}}
    assert (
        report["games"][0]["scenario_id"],
        report["games"][0]["attacker"],
        report["games"][0]["defender"],
        report["games"][0]["conditions"],
    ) == ("key-positions", "A", "B", ["lost-supplies"])


def test_only_a_condition_of_the_players_game_gives_resources(tmp_path):
    no_crates = {
        **LOST_SUPPLIES,
        "games": [{"players": ["A", "B"], "winner": "B"}],
        "gained": {"A": {"supply": 1}},
        "spent": {"A": {"supply": 1}},
    }
    result = campaign(tmp_path, [no_crates])
    assert codes(result) == ["frontier/gained", "frontier/overspent"]
    assert result.findings[0].path == "rounds[0].gained.A.supply"
    assert codes(campaign(tmp_path, [{**LOST_SUPPLIES, "gained": {"A": {"intel": 1}}}])) == ["frontier/gained"]
    five = campaign(tmp_path, [{**LOST_SUPPLIES, "gained": {"A": {"supply": 3}, "B": {"supply": 2}}}])
    assert codes(five) == ["frontier/gained", "frontier/gained"]
    assert "Lost Supplies drops 4 at most" in five.findings[0].message


def test_each_game_names_its_attacker_and_a_recorded_one_must_agree(tmp_path):
    key_positions = {"moves": {"A": "b3", "B": "c2"}, "games": [{"players": ["A", "B"], "attacker": "B"}]}
    wrong = campaign(tmp_path, [key_positions])
    assert codes(wrong) == ["frontier/attacker"] and wrong.rounds[0][0].attacker == "A"
    clash = {"moves": {"A": "c2", "B": "c2"}, "games": [{"players": ["A", "B"], "attacker": "B"}]}
    game = campaign(tmp_path, [clash]).rounds[0][0]
    assert (game.scenario, game.attacker, game.defender) == ("Patrol Clash", "B", "A")


def test_recon_dice_come_from_the_pool_paid_for_and_give_their_advantages(tmp_path):
    # A spends 1 Intel (from the Spy Network taken in round 1) on an extra die: a pool of 2, one more each for
    # Ambush and Advance Deployment. A 2 gives a Basic Advantage, a 6 a Strategic Strike.
    opening = {"moves": {"A": "b3", "B": "c2"}, "games": [{"players": ["A", "B"], "winner": "A"}]}
    scout = {
        "moves": {"A": "b2", "B": "d3"},
        "spent": {"A": {"intel": 1}},
        "games": [
            {"players": ["A", "B"], "recon": {"A": [2, 6]}, "advantages": {"A": ["forced-march", "reinforcements"]}}
        ],
    }
    result = campaign(tmp_path, [opening, scout])
    assert result.valid
    assert result.as_dict()["rounds"][1]["games"][0]["recon"] == {
        "A": {"dice": [2, 6], "advantages": ["forced-march", "reinforcements"]}
    }
    greedy = {
        **scout,
        "games": [{"players": ["A", "B"], "recon": {"A": [2, 6, 6, 6, 6]}, "advantages": {"A": ["decoy", "nonsense"]}}],
    }
    found = campaign(tmp_path, [opening, greedy]).findings
    assert [(f.code, f.path) for f in found] == [
        ("frontier/recon", "rounds[1].games[0].recon.A"),
        ("frontier/recon", "rounds[1].games[0].advantages.A"),
        ("frontier/recon", "rounds[1].games[0].advantages.A"),
    ]
    assert "their pool is at most 4" in found[0].message
    assert found[1].message == "round 2: A has 1 tactical gambit results but rolled 0 4 or 5"


def test_a_condition_not_on_the_frontier_chart_is_a_finding(tmp_path):
    # The frontier's battlefield conditions are its own 2d6 chart's; "war-torn" is the casual chart's only, and a
    # misspelt one names nothing. Each is one line naming the game and the chart's conditions; the rest counts.
    game = {"players": ["A", "B"], "winner": "B", "conditions": ["lost-supply", "war-torn"]}
    result = campaign(tmp_path, [{**LOST_SUPPLIES, "games": [game]}])
    assert codes(result) == ["frontier/conditions", "frontier/conditions"]
    first = result.findings[0]
    assert first.path == "rounds[0].games[0].conditions[0]"
    assert first.message.startswith("round 1: no battlefield condition 'lost-supply' on the frontier chart (")
    assert "lost-supplies" in first.message and "\n" not in first.message
    assert result.grids[1].controls >= {"c2"}
    assert campaign(tmp_path, [LOST_SUPPLIES]).valid


def test_the_report_counts_one_key_territory_in_the_singular():
    from dataclasses import replace

    from builder.games.warmachine.frontier import KEY_TERRITORIES
    from builder.games.warmachine.frontier_report import frontier_text

    result = replay_file(EXAMPLES / "campaigns" / "warmachine-frontier.toml")
    held = result.grids[0].controls - set(KEY_TERRITORIES) | {sorted(KEY_TERRITORIES)[0]}
    one = replace(result, grids=(replace(result.grids[0], controls=frozenset(held)), *result.grids[1:]))
    text = frontier_text(one)
    assert any(line.startswith("Anna: 1 key territory; ") for line in text)
    assert any(line.startswith("Bram: 0 key territories; ") for line in text)
