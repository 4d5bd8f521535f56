"""Benchmark the builder as a player meets it: in a terminal, until the roster's entries and findings are on
screen (beside a bare Textual app measured the same way), and key press → findings updated.

Run: `python tests/bench_tui.py` (prints figures against the goals; `--quick`: one start of each app on the largest
Warcaster roster and one key press, as the suite does). Each start runs `warbench ROSTER` (or the bare app) in a pseudo-terminal of 80×24 and reads what it draws
until the markers are there; the app knows nothing of the benchmark.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import re
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

from benching import KeyDidNothing

REPO = Path(__file__).resolve().parent.parent
ROSTERS = REPO / "tests" / "fixtures" / "rosters"
LARGEST = ROSTERS / "warcaster-largest.toml"
LARGEST_OF_EACH_GAME = [
    ROSTERS / f"{game}-largest.toml" for game in ("warcaster", "mcwarrior", "warsurge", "warmachine")
]
RUNS = 11
ESCAPES = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][A-Z0-9]|[=>78])")

BARE = """
from textual.app import App
from textual.widgets import Label
class Bare(App):
    def compose(self):
        yield Label("bare app ready")
Bare().run()
"""

FLOOR = """
import sys
from textual.app import App
from textual.widgets import Label
from builder.editing.view import view_of
from builder.roster.files import read_roster
from builder.rules import validate
from builder.game import game
class Floor(App):
    def compose(self):
        loaded = read_roster(sys.argv[1])
        view = view_of(loaded.roster, validate(loaded.roster, loaded.catalogue), game(loaded.roster.game).edits(loaded.catalogue))
        yield Label(f"floor ready with {len(view.lines)} lines")
Floor().run()
"""
"""The bare app that also reads, checks and views the roster before drawing: what any editor pays before its own
screen (Textual, pydantic, the models, the catalogue), so `ours − floor` is the editor's own screen."""


def on_screen_ms(argv: list[str], markers: list[str], home: str, timeout: float = 20.0) -> float:
    """Wall time from starting `argv` in an 80×24 pseudo-terminal until every marker has been drawn."""
    wanted = [marker.encode("utf-8") for marker in markers]
    env = {**os.environ, "HOME": home, "WARBENCH_HOME": home, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: a terminal of the bare app's size, then the program
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.execvpe(argv[0], argv, env)
    seen = b""
    try:
        while True:
            if time.perf_counter() - start > timeout:
                raise TimeoutError(f"{argv[-1]}: {markers} not drawn in {timeout} s")
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    raise RuntimeError(f"{argv[-1]} ended before drawing {markers}") from None
                text = ESCAPES.sub(b"", seen)
                if all(marker in text for marker in wanted):
                    return (time.perf_counter() - start) * 1000
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


def markers_for(roster: Path) -> list[str]:
    """What shows that the roster is in: its name in the header, its first entry, and the findings title."""
    from builder.editing.view import view_of
    from builder.game import game
    from builder.roster.files import read_roster
    from builder.rules import validate

    loaded = read_roster(roster)
    view = view_of(
        loaded.roster, validate(loaded.roster, loaded.catalogue), game(loaded.roster.game).edits(loaded.catalogue)
    )
    entry = next(line.label for line in view.lines if not line.label.startswith("⚙"))
    return [loaded.roster.name[:20], entry.lstrip("★ ")[:12], "Findings ·"]


def open_time(roster: Path, home: str, runs: int = RUNS) -> dict[str, float]:
    """Medians for the bare app, the floor and Warbench on `roster`, run in turn so drift hits all alike (after a
    warm-up start of each that compiles the bytecode, when there is more than one run)."""
    warbench = [str(Path(sys.executable).parent / "warbench"), str(roster)]
    bare_app = [sys.executable, "-c", BARE]
    floor_app = [sys.executable, "-c", FLOOR, str(roster)]
    markers = markers_for(roster)
    if runs > 1:
        on_screen_ms(warbench, markers, home)
        on_screen_ms(bare_app, ["bare app ready"], home)
        on_screen_ms(floor_app, ["floor ready"], home)
    bare, floor, ours, ratios, floor_ratios = [], [], [], [], []
    for _ in range(runs):
        bare.append(on_screen_ms(bare_app, ["bare app ready"], home))
        floor.append(on_screen_ms(floor_app, ["floor ready"], home))
        ours.append(on_screen_ms(warbench, markers, home))
        ratios.append(ours[-1] / bare[-1])
        floor_ratios.append(floor[-1] / bare[-1])
    quartiles = statistics.quantiles(ratios, n=4) if runs > 1 else ratios * 3
    return {
        "bare": statistics.median(bare),
        "ours": statistics.median(ours),
        "ratio": statistics.median(ratios),
        "ratio_q1": quartiles[0],
        "ratio_q3": quartiles[2],
        "floor": statistics.median(floor),
        "floor_ratio": statistics.median(floor_ratios),
    }


def bench_open(quick: bool = False) -> None:
    """Start-up figures for the largest roster of each game (`quick`: one start of each app on one roster)."""
    runs, rosters = (1, [LARGEST]) if quick else (RUNS, LARGEST_OF_EACH_GAME)
    print(
        f"roster entries and findings on screen, in an 80×24 pseudo-terminal (median of {runs} runs alternating "
        "with a bare Textual app showing one label; goal ≤ 1.8× bare); the floor is that bare app reading, "
        "checking and viewing the roster first"
    )
    for roster in rosters:
        with tempfile.TemporaryDirectory(prefix="warbench-bench-") as home:
            f = open_time(roster, home, runs)
        print(
            f"  {roster.stem:20s} bare {f['bare']:5.0f} ms   floor {f['floor']:5.0f} ms ({f['floor_ratio']:.2f}×)   "
            f"warbench {f['ours']:5.0f} ms   {f['ratio']:.2f}× bare "
            f"(middle half of runs {f['ratio_q1']:.2f}–{f['ratio_q3']:.2f})"
        )


async def key_to_findings(presses: int, warm_up: int) -> tuple[list[float], list[float]]:
    """Press `d` (duplicate) and Ctrl+Z alternately on the largest roster: time until the findings panel is set,
    for `presses` presses after `warm_up` untimed ones."""
    from builder.tui.app import make_app
    from builder.tui.widgets.findings_panel import FindingsPanel

    set_at: list[float] = []
    to_panel, round_trip = [], []
    with tempfile.TemporaryDirectory(prefix="warbench-bench-") as data:
        app = make_app(LARGEST, data_dir=Path(data))
        async with app.run_test(size=(80, 24)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            panel = app.screen.query_one(FindingsPanel)
            original = panel.watch_findings

            def watch(findings):
                original(findings)
                set_at.append(time.perf_counter())

            panel.watch_findings = watch
            await pilot.press("escape")
            for i in range(warm_up + presses):
                key = "d" if i % 2 == 0 else "ctrl+z"
                set_at.clear()
                start = time.perf_counter()
                await pilot.press(key)
                end = time.perf_counter()
                if not set_at:
                    raise KeyDidNothing(f"{LARGEST.name}: {key!r} did not set the findings panel")
                if i >= warm_up:
                    to_panel.append((set_at[0] - start) * 1000)
                    round_trip.append((end - start) * 1000)
            units = len(app.screen.session.roster.units)
    assert units == 22 + (warm_up + presses) % 2, units  # each `d` adds an entry, each ctrl+z takes it back
    return to_panel, round_trip


def bench_key_latency(quick: bool = False) -> None:
    """Key → findings figures (`quick`: one duplicate, with no warm-up)."""
    to_panel, round_trip = asyncio.run(key_to_findings(*((1, 0) if quick else (50, 10))))
    print("key press → findings panel updated, largest Warcaster roster (22 entries; goal ≤ 50 ms)")
    print(f"  key → panel set      median {statistics.median(to_panel):6.1f} ms   max {max(to_panel):6.1f} ms")
    print(
        f"  Pilot press returned median {statistics.median(round_trip):6.1f} ms   max {max(round_trip):6.1f} ms   "
        "(includes the Pilot's own waits for idle)"
    )


def main(quick: bool = False) -> None:
    """Start-up, then key latency."""
    bench_open(quick)
    bench_key_latency(quick)


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    main(quick="--quick" in sys.argv[1:])
