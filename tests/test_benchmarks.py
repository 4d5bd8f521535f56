"""Every benchmark runs to its end in its quick mode and prints its figures, so one that breaks fails the suite;
no time is judged. A battle benchmark whose key does nothing stops with KeyDidNothing."""

from __future__ import annotations

import asyncio
import importlib
import os
import re
import tempfile
from pathlib import Path

import bench_battle
import pytest
from benching import KeyDidNothing

from builder.battles.session import BattleSession

TESTS = Path(__file__).parent
BENCHMARKS = sorted(path.stem for path in TESTS.glob("bench_*.py"))
NUMBER = r"[\d.]+"
FIGURES = {
    "bench_battle": [
        rf"{roster}\s+{keys}\s+key → totals updated: median\s+{NUMBER} ms, slowest\s+{NUMBER} ms"
        for roster, keys in (
            ("warsurge-largest.toml", r"- \+"),
            ("warcaster-largest.toml", r"p - \+"),
            ("mcwarrior-largest.toml", r"\] \["),
            ("warmachine-largest.toml", r"- \+"),
        )
    ],
    "bench_catalogue": [rf"open \d+ ms; edit → findings median {NUMBER} ms, worst {NUMBER} ms .*; save \d+ ms"],
    "bench_director": [rf"12 enemy units, 8 player units: orders for a turn: median {NUMBER} ms \(goal ≤ 50 ms\)"],
    "bench_pdf": [
        r"cards: 10  pages: \d+",
        rf"export, median of 1: {NUMBER} s wall, {NUMBER} s CPU",
        rf"size: {NUMBER} KB",
        rf"with backs \(duplex\): \d+ pages, {NUMBER} s wall",
    ],
    "bench_resources": [
        *(
            rf"{game}\s+400 resource events replayed: median\s+{NUMBER} ms"
            for game in ("warcaster", "warsurge", "warmachine")
        ),
        rf"warcaster battle\s+400 resource events replayed: median\s+{NUMBER} ms",
        r"warcaster battle code after three Pulse rounds \(\d+ events\): \d+ characters, \d+ without the events",
        rf"warcaster-largest.toml\s+a \^z\s+key → resource line updated at 80×24: median\s+{NUMBER} ms",
    ],
    "bench_scenario": [
        *(
            rf"{roster}\s+{scenario}\s+key → VP and winner updated: median\s+{NUMBER} ms, slowest\s+{NUMBER} ms; "
            rf"n → turn updated: median\s+{NUMBER} ms"
            for roster, scenario in (
                ("warmachine-largest.toml", "first-blood"),
                ("mcwarrior-largest.toml", "king-of-the-hill"),
                ("mcwarrior-largest.toml ×4", "king-of-the-hill"),
            )
        ),
        rf"400-event battle \(4 players\) replayed from its file: median\s+{NUMBER} ms",
    ],
    "bench_share": [
        *(rf"{game}-largest.toml\s+\d+\s+\d+\s+\d+\s+{NUMBER}  ≤ ½ zlib" for game in ("warcaster", "mcwarrior")),
        r"warcaster-largest.toml: \d+ bits = \d+ fixed",
    ],
    "bench_tui": [
        r"warcaster-largest\s+bare\s+\d+ ms\s+floor\s+\d+ ms .*warbench\s+\d+ ms",
        rf"key → panel set\s+median\s+{NUMBER} ms",
    ],
    "bench_validate": [
        *(rf"{game}-largest\s+\d+ entries\s+valid=True\s+{NUMBER} ms" for game in ("warcaster", "mcwarrior")),
        rf"baseline\s+{NUMBER} ms\s+validate\s+{NUMBER} ms",
        r"heavy modules imported by validate: ",
        rf"4 catalogues:\s+{NUMBER} ms in-process",
    ],
}
"""What each benchmark prints, a line per figure; a benchmark added to tests/ needs its entry here."""


@pytest.fixture(autouse=True)
def temporary_in_home(monkeypatch) -> None:
    """The benchmarks' temporary folders (and their processes') go into the test's home, not the system's."""
    monkeypatch.setattr(tempfile, "tempdir", os.environ["HOME"])
    monkeypatch.setenv("TMPDIR", os.environ["HOME"])


def test_every_benchmark_is_run_here():
    assert sorted(FIGURES) == BENCHMARKS


@pytest.mark.parametrize("name", BENCHMARKS)
def test_the_quick_mode_runs_to_its_end_and_prints_its_figures(name, capsys):
    importlib.import_module(name).main(quick=True)
    printed = capsys.readouterr().out
    missing = [figure for figure in FIGURES[name] if not re.search(figure, printed)]
    assert not missing, f"{name} printed:\n{printed}"


def test_a_warcaster_mark_before_deploying_is_refused_and_stops_the_benchmark():
    """What the benchmark met when Warcaster's units began in reserve: `-` refused, the screen never refreshed."""
    undeployed = bench_battle.Play("warcaster-largest.toml", bench_battle.BOXES)
    with pytest.raises(KeyDidNothing, match="warcaster-largest.toml: 'minus' did not refresh the battle"):
        asyncio.run(bench_battle.measure(undeployed, presses=1, warm_up=0))


@pytest.mark.parametrize("play", bench_battle.PLAYS, ids=lambda play: play.roster)
def test_a_battle_key_that_changes_nothing_stops_the_benchmark(play, monkeypatch):
    for action in ("take", "set_mark", "spend"):  # set_mark: a game's own mark (a Warcaster unit deployed)
        monkeypatch.setattr(BattleSession, action, lambda *args: None)
    monkeypatch.setattr(BattleSession, "marked", lambda *args: "")  # a mech's heat, checked for overheating
    first = (*play.setup, *play.keys)[0]
    with pytest.raises(KeyDidNothing, match=f"{play.roster}: '{first}' .*left the highlighted unit as it"):
        asyncio.run(bench_battle.measure(play, presses=1, warm_up=0))
