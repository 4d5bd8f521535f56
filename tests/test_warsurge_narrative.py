"""The Warsurge narrative file: `narrative check` on the bundled narrative and on broken ones, located findings,
exit codes, hostile input."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from builder.cli import main
from builder.games.warsurge.narrative.check import narrative_findings
from builder.games.warsurge.narrative.model import NarrativeFile
from builder.games.warsurge.narrative.reading import NarrativeError, bundled_narratives, read_narrative
from builder.roster.toml_output import dumps

BEACON = bundled_narratives()["saltmarsh-beacon"]


def beacon_data() -> dict:
    return tomllib.loads(BEACON.read_text())


def written(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "story.toml"
    path.write_text(dumps(data))
    return path


def findings_of(data: dict) -> list[tuple[str, str]]:
    return [(f.path, f.message) for f in narrative_findings(NarrativeFile.model_validate(data))]


def test_the_bundled_narrative_checks_clean(capsys):
    assert main(["narrative", "check", "saltmarsh-beacon"]) == 0
    out = capsys.readouterr().out
    assert out.endswith("ok — The Saltmarsh Beacon (solo), 2 stages, 3 enemy profiles\n")
    assert narrative_findings(read_narrative(BEACON)) == []


def test_an_enemy_letter_missing_from_the_map_and_a_map_letter_of_no_enemy():
    data = beacon_data()
    data["stages"][1]["map"]["rows"][1] = "..Q....."
    assert findings_of(data) == [
        ("stages[1].map.rows[1] (C2)", "enemy letter Q is none of the stage's enemies"),
        ("stages[1].enemies[0].letter", "enemy B is not placed on the stage's map"),
    ]


def test_varies_needs_each_enemy_tactic_and_a_dialogue_needs_an_event():
    data = beacon_data()
    del data["stages"][0]["enemies"][0]["tactic"]
    data["stages"][1]["enemies"][0]["tactic"] = "dialogue"
    assert findings_of(data) == [
        ("stages[0].enemies[0].tactic", "the stage's tactic varies: enemy L needs a tactic of its own"),
        ("stages[1].enemies[0].tactic", "no event choice sets enemy B's tactic"),
    ]


def test_guard_routes_random_lists_and_references():
    data = beacon_data()
    patrol = data["stages"][0]["enemies"][1]
    patrol["guard"]["route"] = ["E1", "B2", "Z9"]
    patrol["tactic"] = "random"
    patrol["random"] = ["aggressive", "coward"]
    data["stages"][0]["events"][0]["choices"][1]["reward"] = "nothing-here"
    data["stages"][0]["events"][0]["choices"][0]["tactics"] = {"X": "coward"}
    assert findings_of(data) == [
        ("stages[0].enemies[1].random", "a random tactic rolls a D3 or a D6: list 3 or 6 tactics, not 2"),
        ("stages[0].enemies[1].guard.route[1]", "square B2 is impassable"),
        ("stages[0].enemies[1].guard.route[2]", "square Z9 is off the map (8x8)"),
        ("stages[0].events[0].choices[0].tactics.X", "enemy letter X is none of the stage's enemies"),
        ("stages[0].events[0].choices[1].reward", "reward 'nothing-here' is none of the stage's rewards"),
    ]


def test_findings_exit_1_with_their_places(tmp_path, capsys):
    data = beacon_data()
    data["stages"][1]["id"] = "reed-road"
    path = written(tmp_path, data)
    assert main(["narrative", "check", str(path)]) == 1
    assert capsys.readouterr().out == (
        f"{path}: 1 finding\n  stages: stage id 'reed-road' is used more than once [narrative/stage]\n"
    )


def test_a_file_that_is_no_narrative_exits_2_listing_every_problem(tmp_path, capsys):
    data = beacon_data()
    data["stages"][0]["enemies"][0]["unit"]["hp"] = 0
    data["stages"][1]["tactic"] = "berserk"
    path = written(tmp_path, data)
    assert main(["narrative", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}: 2 problems\n")
    assert "  stages[0].enemies[0].unit.hp: at least 1, not 0\n" in err
    assert "  stages[1].tactic: Input should be 'aggressive'," in err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the narrative file is empty"),
        ("kind = 'narrative'\ntitle = [", "not valid TOML"),
        ("warbench = 1\nkind = 'battle'\ngame = 'warsurge'\n", "this is a battle file, not a narrative"),
        ("warbench = 1\nkind = 'narrative'\ngame = 'warsurge'\ntitle = \"a\\u001b[2Jb\"", "control character"),
        ("x = " + "[" * 40 + "]" * 40, "nested more than 20 levels"),
    ],
)
def test_hostile_files_are_one_line_errors(tmp_path, capsys, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    assert main(["narrative", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_a_huge_file_is_refused_unread(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text("# " + "x" * 600_000)
    with pytest.raises(NarrativeError, match="too large for a narrative file"):
        read_narrative(path)


def test_an_unknown_name_is_neither_file_nor_bundled(capsys):
    assert main(["narrative", "check", "no-such-story"]) == 2
    assert "'no-such-story': no such file, nor a bundled narrative" in capsys.readouterr().err


def test_a_patrol_route_that_does_not_relocate_or_has_no_map():
    data = beacon_data()
    data["stages"][0]["enemies"][1]["guard"]["route"] = ["E1", "H4", "H4", "E1"]
    roam = data["stages"][1]["enemies"][0]
    roam["guard"] = {"role": "roam", "detection": 10, "route": ["A1", "B2", "A1"]}
    assert findings_of(data) == [
        (
            "stages[0].enemies[1].guard.route[0]",
            "E1 follows the route's last square, E1: a Patrol relocates to another square each turn",
        ),
        ("stages[0].enemies[1].guard.route[2]", "H4 follows H4: a Patrol relocates to another square each turn"),
        ("stages[1].enemies[0].guard.route[2]", "A1 is already on the route: a Roam rolls among different squares"),
    ]
    del data["stages"][1]["map"]
    assert findings_of(data)[-1] == (
        "stages[1].enemies[0].guard.route",
        "a route is walked on the stage's map: the stage has none",
    )
