"""Benchmark: a catalogue edit to findings updated, on the largest bundled catalogue (Warcaster, ~3,300 lines).

Run: `python tests/bench_catalogue.py` (`--quick`: one edit, as the suite does). Prints the median and worst of 40
edits (a unit's cost set, then back) from the call to the problems being current, and the time to open and to
save. Goal: an edit's findings within 50 ms.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from builder.editing.catalogue import CatalogueSession
from builder.editing.storage import Store
from catalog.paths import BUNDLED_DIR


def main(quick: bool = False) -> None:
    """Open, edit and save the catalogue; `quick` makes one edit."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "warcaster.toml"
        shutil.copy(BUNDLED_DIR / "warcaster-nm.toml", path)
        started = time.perf_counter()
        session = CatalogueSession.open(path, Store(Path(folder) / "data"))
        opened = time.perf_counter() - started
        unit = next(row.index for row in session.entries("units", "dusk wolf"))
        times = []
        for n in range(1 if quick else 40):
            started = time.perf_counter()
            session.set_value("units", unit, "dc", 5 + n % 2)
            assert session.problems == []
            times.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        session.save("benchmark")
        saved = time.perf_counter() - started
    print(
        f"open {opened * 1000:.0f} ms; edit → findings median {statistics.median(times):.1f} ms, "
        f"worst {max(times):.1f} ms (goal ≤ 50); save {saved * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
