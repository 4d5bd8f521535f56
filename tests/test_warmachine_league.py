"""The journeyman league: league points per goal, standings, achievements and every league rule code."""

from __future__ import annotations

import json

import pytest

from builder.cli import main
from builder.ledgers import replay_file
from builder.roster.toml_output import dumps
from tests.conftest import EXAMPLES

LEAGUE = EXAMPLES / "campaigns" / "warmachine-league.toml"
ARMY = {n: str(EXAMPLES / "campaigns" / "league" / f"cogmire-stage{n}.toml") for n in (1, 2, 3, 4)}


def league(tmp_path, players, **extra):
    """Write a league file with these players and replay it."""
    path = tmp_path / "league.toml"
    path.write_text(
        dumps({"warbench": 1, "kind": "league", "game": "warmachine", **extra, "players": players}), encoding="utf-8"
    )
    return replay_file(path)


def player(name, stages, armies=None, **extra):
    armies = armies if armies is not None else [ARMY[n + 1] for n in range(len(stages))]
    return {"name": name, "armies": armies, **extra, "stages": [{"goals": goals} for goals in stages]}


def codes(result):
    return [f.code for f in result.findings]


def test_the_example_league_replays_to_its_standings_and_achievements():
    result = replay_file(LEAGUE)
    assert result.valid
    table = {p.name: (p.points, [s.league_points for s in p.stages], list(p.achievements)) for p in result.players}
    assert table == {
        "Anna": (
            13,
            [4, 3, 4, 2],
            ["best-strategist", "best-artisan", "seasoned-veteran", "battle-hardened", "apprentice"],
        ),
        "Bram": (10, [2, 2, 3, 3], ["battle-hardened", "apprentice"]),
        "Cato": (6, [3, 3], ["best-commander", "apprentice"]),
    }


def test_the_league_json_has_the_design_shape(capsys):
    assert main(["league", str(LEAGUE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"valid", "players", "findings"}
    assert set(data["players"][0]) == {"name", "points", "stages", "achievements"}
    assert data["players"][0]["stages"][0] == {"stage": 1, "level": 30, "league_points": 4}
    assert [s["level"] for s in data["players"][0]["stages"]] == [30, 50, 75, 100]


def test_the_league_text_report_draws_the_standings(capsys):
    assert main(["league", str(LEAGUE)]) == 0
    out = capsys.readouterr().out
    assert "Cogmire Winter League: valid (stages 30 → 50 → 75 → 100)" in out
    assert "  Anna                     13  4 3 4 2" in out


def test_known_goals_score_one_point_each(tmp_path):
    result = league(tmp_path, [player("A", [["painted-leader", "played-one", "played-five"]])])
    assert result.valid and result.players[0].points == 3


@pytest.mark.parametrize("goals", [["painted-leader", "painted-everything"], ["played-one", "played-one"]])
def test_unknown_or_repeated_goals_are_league_goal_errors(tmp_path, goals):
    result = league(tmp_path, [player("A", [goals])])
    assert codes(result) == ["league/goal"]
    assert result.findings[0].path == "players[0].stages[0].goals"
    assert result.players[0].points == 1


def test_themed_terrain_scores_once_per_league(tmp_path):
    result = league(tmp_path, [player("A", [["themed-terrain"], ["themed-terrain", "played-one"]])])
    assert codes(result) == ["league/goal"]
    assert "stage 2" in result.findings[0].message
    assert [s.league_points for s in result.players[0].stages] == [1, 1]


def test_armies_within_each_level_are_legal_and_one_over_is_not(tmp_path):
    assert league(tmp_path, [player("A", [[], []])]).valid
    result = league(tmp_path, [player("A", [[]], armies=[ARMY[2]])])
    assert codes(result) == ["league/army-points"]
    assert result.findings[0].path == "players[0].armies[0]"
    assert "50 points, over the stage's 30-point level" in result.findings[0].message


def test_a_stage_army_must_contain_the_previous_one(tmp_path):
    result = league(tmp_path, [player("A", [[], []], armies=[ARMY[2], ARMY[1]])], stages=[50, 50])
    assert codes(result) == ["warmachine/league-growth", "warmachine/league-growth"]
    assert {f.path for f in result.findings} == {"players[0].armies[1]"}
    assert all(f.message.startswith("A, stage 2: ") for f in result.findings)


def test_a_swapped_hardpoint_breaks_league_growth(tmp_path):
    swapped = tmp_path / "swapped.toml"
    swapped.write_text(
        open(ARMY[2], encoding="utf-8").read().replace('left-arm = "breach-drill"', 'left-arm = "rivet-hammer"'),
        encoding="utf-8",
    )
    result = league(tmp_path, [player("A", [[], []], armies=[ARMY[1], str(swapped)])])
    assert codes(result) == ["warmachine/league-growth"]
    assert "Bulwark Warjack" in result.findings[0].message


def test_more_stages_than_the_league_or_a_missing_army_is_a_stage_order_error(tmp_path):
    result = league(tmp_path, [player("A", [[], [], []], armies=[ARMY[1], ARMY[2]])], stages=[30, 50])
    assert codes(result) == ["league/stage-order", "league/stage-order"]
    assert [f.path for f in result.findings] == ["players[0].stages", "players[0].armies"]


def test_votes_name_players_once_and_never_oneself(tmp_path):
    good = league(
        tmp_path, [player("A", []), player("B", [])], votes=[{"voter": "A", "artisan": "B", "commander": "B"}]
    )
    assert good.valid
    bad = league(
        tmp_path,
        [player("A", []), player("B", [])],
        votes=[{"voter": "A", "artisan": "A"}, {"voter": "A", "commander": "B"}, {"voter": "Zed", "commander": "Q"}],
    )
    assert codes(bad) == ["league/vote"] * 4
    assert [f.path for f in bad.findings] == [
        "votes[0].artisan",
        "votes[1].voter",
        "votes[2].voter",
        "votes[2].commander",
    ]


def test_best_strategist_ties_are_shared_and_artisan_needs_a_painted_army(tmp_path):
    result = league(
        tmp_path,
        [player("A", [["played-one"]]), player("B", [["painted-unit"]], painted_army=True), player("C", [])],
        votes=[{"voter": "C", "artisan": "A"}, {"voter": "A", "artisan": "B"}],
    )
    won = {p.name: list(p.achievements) for p in result.players}
    assert won == {"A": ["best-strategist"], "B": ["best-strategist", "best-artisan"], "C": []}


def test_a_stage_counts_only_with_a_game_and_a_painted_model(tmp_path):
    stages = [["played-one", "played-five", "played-each"]] * 2 + [["painted-leader", "painted-unit", "painted-cohort"]]
    result = league(tmp_path, [player("A", stages)], stages=[30, 50, 75])
    assert result.players[0].points == 9
    assert result.players[0].achievements == ("best-strategist",)


def test_apprentice_needs_six_points_in_two_counting_stages(tmp_path):
    three = ["painted-unit", "played-one", "played-five"]
    assert league(tmp_path, [player("A", [three, three])]).players[0].achievements == ("best-strategist", "apprentice")
    short = ["painted-unit", "played-one"]
    assert league(tmp_path, [player("A", [three, short])]).players[0].achievements == ("best-strategist",)
