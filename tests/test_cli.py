"""The command line: validate's exit codes and JSON shape on every example, catalogue listing."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from builder.cli import main
from tests.conftest import EXAMPLES, REPO

EXAMPLE_ROSTERS = sorted(EXAMPLES.glob("*.toml"))


@pytest.mark.parametrize("path", EXAMPLE_ROSTERS, ids=lambda p: p.stem)
def test_every_example_is_legal_with_the_json_shape(path, capsys):
    assert main(["validate", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"valid", "game", "totals", "findings"}
    assert report["valid"] is True
    assert report["game"] == path.stem.split("-")[0]
    assert report["totals"]
    for finding in report["findings"]:
        assert set(finding) == {"code", "severity", "path", "message"}
        assert finding["severity"] in {"warning", "info"}
        assert finding["code"].startswith(report["game"] + "/")


def test_an_illegal_roster_exits_1_and_names_the_code(tmp_path, capsys):
    source = (EXAMPLES / "warsurge-499.toml").read_text(encoding="utf-8")
    illegal = tmp_path / "over.toml"
    illegal.write_text(
        source.replace("point_limit = 500", "point_limit = 400").replace(
            'catalogue = "warsurge-examples"', 'catalogue = "warsurge-examples"'
        ),
        encoding="utf-8",
    )
    assert main(["validate", str(illegal)]) == 1
    out = capsys.readouterr().out
    assert "NOT LEGAL" in out and "warsurge/point-limit" in out
    assert main(["validate", str(illegal), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] is False
    assert [f["code"] for f in report["findings"] if f["severity"] == "error"] == ["warsurge/point-limit"]


def test_catalog_list_names_every_bundled_catalogue(capsys):
    assert main(["catalog", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    ids = [line.split()[0] for line in lines]
    assert ids == sorted(["mcwarrior", "warcaster-nm", "warmachine-example", "warsurge-examples"])
    assert all("bundled" in line for line in lines)


def test_catalog_check_passes_the_bundled_files(capsys):
    paths = sorted(str(p) for p in (REPO / "catalog" / "data").glob("*.toml"))
    assert main(["catalog", "check", *paths]) == 0
    out = capsys.readouterr().out
    assert out.count(": ok — ") == len(paths)


def test_installed_command_runs_as_a_process():
    done = subprocess.run(
        [sys.executable, "-m", "builder.cli", "validate", str(EXAMPLES / "warsurge-499.toml")],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    assert (
        done.stdout.splitlines()[0].endswith("legal (Warsurge rulebook examples rev 1)") or ": legal (" in done.stdout
    )


def test_catalog_list_keeps_its_columns_in_line_whatever_the_length_of_an_id(capsys):
    from catalog.paths import installed_catalogue_dir

    folder = installed_catalogue_dir()
    folder.mkdir(parents=True)
    text = (REPO / "catalog" / "data" / "mcwarrior.toml").read_text(encoding="utf-8")
    long_id = "my-own-mcwarrior-catalogue-with-a-long-id"
    (folder / f"{long_id}.toml").write_text(text.replace('id = "mcwarrior"', f'id = "{long_id}"', 1), encoding="utf-8")
    assert main(["catalog", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 5 and lines[-1].startswith(long_id)
    assert len({line.index(" rev ") for line in lines}) == 1


def test_validate_json_on_unreadable_input_prints_a_json_error_and_exits_2(tmp_path, capsys):
    missing = tmp_path / "nowhere.toml"
    assert main(["validate", str(missing), "--json"]) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out) == {"valid": False, "error": f"{missing}: no such roster file", "problems": []}
    assert captured.err == f"warbench: {missing}: no such roster file\n"
    broken = tmp_path / "broken.toml"
    source = (EXAMPLES / "warsurge-499.toml").read_text(encoding="utf-8")
    broken.write_text(source.replace("point_limit = 500", 'point_limit = "many"\nmodels = "x"'), encoding="utf-8")
    assert main(["validate", str(broken), "--json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] is False and report["error"].startswith(f"{broken}: ")


def test_validates_totals_read_as_words_and_wrap_at_the_terminals_width(capsys, monkeypatch):
    """`validate` printed its totals as their keys ('total_bolts 36', 'points_used 75') on one line 150 columns
    long for a Warcaster force; they read as words, wrapped at the terminal's width."""
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["validate", str(EXAMPLES / "mcwarrior-rustbucket.toml")]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "  totals: total bolts 36, budget 40"
    assert main(["validate", str(EXAMPLES / "warcaster-marcher-worlds.toml")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:4] == [
        "  totals: format standard, units 14, max units 15, heroes 0, max heroes 3,",
        "    mantlets 0, max mantlets 4, cyphers in the rack 12, rack minimum 12,",
        "    rack maximum 15, minimum per cypher type 3, deployment cost (DC) 27",
    ]  # Warcaster's short names in words ('dc 27', 'rack min per type 3' before); the JSON keys stay
    assert max(map(len, lines)) <= 80
    assert main(["validate", str(EXAMPLES / "warcaster-marcher-worlds.toml"), "--json"]) == 0
    assert {"dc": 27, "rack_min_per_type": 3}.items() <= json.loads(capsys.readouterr().out)["totals"].items()


def test_validates_totals_wrap_between_two_totals_never_inside_one(capsys, monkeypatch):
    """Wrapped word by word, a line ended 'rack' and the next began 'maximum 15', or 'point' and 'limit 500', '4′ ×'
    and '4′': each total's words and number now stay on one line."""
    monkeypatch.setenv("COLUMNS", "50")
    assert main(["validate", str(EXAMPLES / "warsurge-apc.toml")]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        "  totals: points 434, points exact 434.3,",
        "    point limit 500, units 4, max units 10,",
        "    game size small, battlefield B,",
        "    battlefield size 4′ × 4′, cp dice 1",
    ]
