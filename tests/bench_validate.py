"""Benchmark: rules on the largest legal rosters, `warbench validate` cold, loading the bundled catalogues.

Run: `python tests/bench_validate.py` (prints figures against the goals; `--quick`: one call of each in-process and one
run of each process, as the suite does).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LARGEST = sorted((REPO / "tests" / "fixtures" / "rosters").glob("*-largest.toml"))
HEAVY = ("textual", "reportlab", "qrcode", "PIL", "zxingcpp")


def median_ms(function, repeat: int = 2000) -> float:
    """Median wall time of one call, in milliseconds (after up to 50 warm-up calls)."""
    for _ in range(min(50, repeat)):
        function()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def bench_rules(repeat: int = 2000) -> None:
    from builder.roster.files import read_roster
    from builder.rules import validate

    print("validation of the largest legal roster per game (goal ≤ 1 ms median, in-process)")
    for path in LARGEST:
        loaded = read_roster(path)
        report = validate(loaded.roster, loaded.catalogue)
        ms = median_ms(lambda: validate(loaded.roster, loaded.catalogue), repeat)
        size = len(getattr(loaded.roster, "units", None) or getattr(loaded.roster, "mechs", []))
        verdict = "ok" if ms <= 1 else "OVER"
        print(f"  {path.stem:<22} {size:>3} entries  valid={report.valid!s:<5} {ms:7.3f} ms  {verdict}")


def run_ms(argv: list[str]) -> float:
    return run_timed(argv)[0]


def run_timed(argv: list[str]) -> tuple[float, str]:
    """A process's wall time in milliseconds, and what it printed."""
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, check=True)
    return (time.perf_counter() - start) * 1000, done.stdout


def bench_cold_validate(rounds: int = 15) -> None:
    """The worst case: the Warcaster force, whose catalogue is by far the largest (with more than one round, a
    first run fills the cache). Each timed run also says which heavy modules the command imported."""
    roster = str(REPO / "tests" / "fixtures" / "rosters" / "warcaster-largest.toml")
    baseline_cmd = [sys.executable, "-c", "from pydantic import BaseModel; import tomllib"]
    probe = (
        f"import sys\nfrom builder.cli import main\ntry:\n    main(['validate', {roster!r}])\nexcept SystemExit:\n    pass\n"
        f"print('heavy=' + ','.join(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))))"
    )
    validate_cmd = [sys.executable, "-c", probe]  # `warbench validate ROSTER`, then the heavy modules it imported
    if rounds > 1:
        run_timed(validate_cmd)
    base, ours = [], []
    out = ""
    for _ in range(rounds):  # interleaved, so machine load hits both alike
        base.append(run_ms(baseline_cmd))
        ms, out = run_timed(validate_cmd)
        ours.append(ms)
    b, o = statistics.median(base), statistics.median(ours)
    print(
        "`warbench validate` as a cold process (goal ≤ 2.5× `python -c 'from pydantic import BaseModel; import tomllib'`)"
    )
    print(
        f"  {Path(roster).name}: baseline {b:6.1f} ms   validate {o:6.1f} ms   ratio {o / b:4.2f}×  "
        f"{'ok' if o <= 2.5 * b else 'OVER'}   (best of {rounds}: {min(base):.1f} vs {min(ours):.1f} ms)"
    )
    heavy = out.rsplit("heavy=", 1)[-1].strip()
    print(f"  heavy modules imported by validate: {heavy or 'none'}")


def bench_catalogues(rounds: int = 15, repeat: int = 20) -> None:
    code = (
        "from builder.catalogues import read_catalogue_file\nfrom catalog.loader import list_catalogues\n"
        "[read_catalogue_file(i.path) for i in list_catalogues() if i.bundled]"
    )
    cold = statistics.median(run_ms([sys.executable, "-c", code]) for _ in range(rounds))
    from builder.catalogues import read_catalogue_file
    from catalog.loader import list_catalogues

    infos = [i for i in list_catalogues() if i.bundled]
    warm = median_ms(lambda: [read_catalogue_file(i.path) for i in infos], repeat)
    print("loading all bundled catalogues")
    print(f"  {len(infos)} catalogues: {warm:6.1f} ms in-process (uncached), {cold:6.1f} ms as a fresh process")
    for info in infos:
        ms = median_ms(lambda: read_catalogue_file(info.path), repeat)
        print(f"    {info.id:<22} {info.path.stat().st_size // 1024:>4} KB  {ms:6.1f} ms")


def main(quick: bool = False) -> None:
    """Rules, the cold command, the catalogues; `quick` makes one call of each in-process (after one warm-up) and
    starts each process once."""
    bench_rules(1 if quick else 2000)
    bench_cold_validate(1 if quick else 15)
    bench_catalogues(*((1, 1) if quick else (15, 20)))


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    main(quick="--quick" in sys.argv[1:])
