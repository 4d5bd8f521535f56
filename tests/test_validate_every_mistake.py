"""`validate` on a hand-edited roster lists every mistake, each with its key path, under a one-line summary."""

from __future__ import annotations

import pytest

from builder.cli import main
from builder.roster.errors import RosterFileError
from builder.roster.files import read_roster
from tests.conftest import FIXTURES

EVERY_MISTAKE = FIXTURES / "broken" / "every-mistake-roster.toml"


def validate_text(path, text: str, capsys) -> list[str]:
    """Write a hand-edited roster, validate it (exit 2, nothing on stdout), and return its stderr lines."""
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err.splitlines()


MIXED = (
    'warbench = 1\ngame = "warcaster"\ncatalogue = "warcaster-nm"\nfaction = "marcher-worlds"\n'
    'rack = ["cryo-lok"]\ncolour = "red"\n\n[[units]]\nid = "dusk-wolf"\ncortex = 7\n\n'
    '[[units]]\nid = "strike-raptorr"\n'
)
"""Wrong values and unknown ids in one file: the ids are still checked, on a copy without the wrong keys."""


@pytest.mark.parametrize(
    "text, problems",
    [
        (
            EVERY_MISTAKE.read_text(encoding="utf-8"),
            [
                "rack[1]: unknown cypher 'no-such-cypher'",
                "units[0].id: unknown unit 'dusk-wolff' — did you mean 'dusk-wolf'?",
                "units[1].hardpoints.left-arm: unknown weapon 'particle-acelerator' — did you mean "
                "'particle-accelerator', 'particle-cannon', 'particle-blaster'?",
            ],
        ),
        (
            MIXED,
            [
                "units[0].cortex: Input should be a valid string, got 7",
                "colour: unknown key",
                "rack[0]: unknown cypher 'cryo-lok' — did you mean 'cryo-lock'?",
                "units[1].id: unknown unit 'strike-raptorr' — did you mean 'strike-raptor', 'saber-strike-force', "
                "'interceptor'?",
            ],
        ),
    ],
    ids=["unknown-ids", "wrong-values-and-unknown-ids"],
)
def test_every_mistake_is_listed_with_its_path(tmp_path, capsys, text, problems):
    path = tmp_path / "hand-edited.toml"
    assert validate_text(path, text, capsys) == [
        f"warbench: {path}: {len(problems)} problems",  # each problem once: the list says the first
        *(f"  {p}" for p in problems),
    ]


def test_every_wrong_type_and_unknown_key_is_listed(tmp_path, capsys):
    path = tmp_path / "hand-edited.toml"
    lines = validate_text(
        path,
        'warbench = 1\ngame = "warsurge"\ncatalogue = "warsurge-examples"\n'
        'point_limit = "lots"\n\n[[units]]\nid = "soldiers"\nmodels = "ten"\ncolour = "blue"\n',
        capsys,
    )
    assert lines[0] == f"warbench: {path}: 3 problems"
    assert lines[1].startswith("  point_limit: Input should be a valid integer")
    assert [line.split(":")[0] for line in lines[1:]] == ["  point_limit", "  units[0].models", "  units[0].colour"]
    assert lines[3] == "  units[0].colour: unknown key"


def test_the_error_carries_every_problem_for_other_callers():
    with pytest.raises(RosterFileError) as caught:
        read_roster(EVERY_MISTAKE)
    assert [p.split(":")[0] for p in caught.value.problems] == [
        "rack[1]",
        "units[0].id",
        "units[1].hardpoints.left-arm",
    ]


def test_a_single_mistake_stays_one_line(capsys):
    assert main(["validate", str(FIXTURES / "broken" / "rosters" / "unknown-unit.toml")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_wrong_catalogue_value_still_reports_only_what_can_be_checked(tmp_path, capsys):
    path = tmp_path / "no-catalogue.toml"
    lines = validate_text(
        path,
        'warbench = 1\ngame = "warcaster"\ncatalogue = 3\nfaction = "marcher-worlds"\n[[units]]\nid = "nobody"\n',
        capsys,
    )
    assert lines == [f"warbench: {path}: catalogue: Input should be a valid string, got 3"]
