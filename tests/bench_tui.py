"""Benchmark the builder: cold start to the first frame (vs a bare Textual app), and key → findings latency.

Run: `python tests/bench_tui.py` (not part of the pass/fail suite; prints figures against the goals).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LARGEST = REPO / "tests" / "fixtures" / "rosters" / "warcaster-largest.toml"
LARGEST_OF_EACH_GAME = [REPO / "tests" / "fixtures" / "rosters" / f"{game}-largest.toml"
                        for game in ("warcaster", "mcwarrior", "warsurge", "warmachine")]
RUNS = 11

BARE = """
from textual.app import App
from textual.widgets import Label
class Bare(App):
    def compose(self):
        yield Label("hello")
    def on_mount(self):
        self.call_after_refresh(self.first_frame)
    def first_frame(self):
        import os, time
        open(os.environ["WARBENCH_FIRST_FRAME_FILE"], "w").write(repr(time.time()))
        self.exit()
Bare().run(headless=True, size=(80, 24))
"""
WARBENCH = """
import sys
from builder.commands.tui import open_app  # as `warbench ROSTER` starts it, headless and at the bare app's size
open_app(sys.argv[1]).run(headless=True, size=(80, 24))
"""


def first_frame_ms(code: str, *args: str, home: str) -> tuple[float, float]:
    """Wall time from starting a fresh interpreter to its first frame, and to its exit."""
    stamp = Path(home) / "first-frame"
    env = {**os.environ, "WARBENCH_HOME": home, "WARBENCH_FIRST_FRAME_FILE": str(stamp),
           "WARBENCH_EXIT_AFTER_FIRST_FRAME": "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: bytecode is cached, for Textual and for us
    start = time.time()
    subprocess.run([sys.executable, "-c", code, *args], check=True, cwd=REPO, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.time()
    return (float(stamp.read_text()) - start) * 1000, (end - start) * 1000


STARTS = {"reopened (kept view)": (), "first open": ("views",), "nothing cached": ("views", "css", "catalogues")}
"""How each kind of start is made: which of Warbench's caches are removed before each run."""


def cold_start(roster: Path, runs: int = RUNS, *, start: str = "reopened (kept view)") -> dict[str, float]:
    """Medians for the bare app and for Warbench on `roster`, run alternately so drift hits both alike.

    start: "reopened (kept view)"; "first open" (a roster never opened before: no kept view); "nothing cached"
    (the first start after installing: no kept view, no parsed stylesheet, no checked catalogue).
    """
    home = tempfile.mkdtemp(prefix="warbench-bench-")
    first_frame_ms(WARBENCH, str(roster), home=home)  # warm-up: bytecode, caches, kept view
    bare, ours, ratios = [], [], []
    for _ in range(runs):
        bare.append(first_frame_ms(BARE, home=home))
        for cache in STARTS[start]:
            shutil.rmtree(Path(home) / "cache" / cache, ignore_errors=True)
        ours.append(first_frame_ms(WARBENCH, str(roster), home=home))
        ratios.append(ours[-1][0] / bare[-1][0])
    quartiles = statistics.quantiles(ratios, n=4)
    return {"bare": statistics.median(b for b, _ in bare), "bare_exit": statistics.median(e for _, e in bare),
            "ours": statistics.median(o for o, _ in ours), "ours_exit": statistics.median(e for _, e in ours),
            "ratio": statistics.median(ratios), "ratio_q1": quartiles[0], "ratio_q3": quartiles[2]}


def bench_cold_start() -> None:
    print("cold start to the first frame (headless, 80×24; median of", RUNS, "runs alternating with a bare Textual "
          "app; goal ≤ 1.5× bare)")
    for roster in LARGEST_OF_EACH_GAME:
        for start in STARTS:
            f = cold_start(roster, start=start)
            print(f"  {roster.stem:20s} {start:20s}  bare {f['bare']:5.0f} ms   warbench {f['ours']:5.0f} ms  "
                  f"{f['ratio']:.2f}× bare (middle half of runs {f['ratio_q1']:.2f}–{f['ratio_q3']:.2f})   "
                  f"(to exit with the roster loaded: {f['ours_exit']:.0f} ms)")


async def key_to_findings() -> tuple[list[float], list[float]]:
    """Press `d` (duplicate) and Ctrl+Z alternately on the largest roster: time until the findings panel is set."""
    from builder.tui.app import make_app
    from builder.tui.widgets.findings_panel import FindingsPanel

    app = make_app(LARGEST, data_dir=Path(tempfile.mkdtemp(prefix="warbench-bench-")))
    set_at: list[float] = []
    to_panel, round_trip = [], []
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(FindingsPanel)
        original = panel.watch_findings

        def watch(findings):
            original(findings)
            set_at.append(time.perf_counter())

        panel.watch_findings = watch
        await pilot.press("escape")
        for i in range(60):
            set_at.clear()
            start = time.perf_counter()
            await pilot.press("d" if i % 2 == 0 else "ctrl+z")
            end = time.perf_counter()
            if set_at:
                to_panel.append((set_at[0] - start) * 1000)
            round_trip.append((end - start) * 1000)
        units = len(app.screen.session.roster.units)
    assert units == 22, units
    return to_panel[10:], round_trip[10:]


def bench_key_latency() -> None:
    to_panel, round_trip = asyncio.run(key_to_findings())
    print("key press → findings panel updated, largest Warcaster roster (22 entries; goal ≤ 50 ms)")
    print(f"  key → panel set      median {statistics.median(to_panel):6.1f} ms   max {max(to_panel):6.1f} ms")
    print(f"  Pilot press returned median {statistics.median(round_trip):6.1f} ms   max {max(round_trip):6.1f} ms   "
          "(includes the Pilot's own waits for idle)")


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    bench_cold_start()
    bench_key_latency()
