"""PDF export benchmark: `python tests/bench_pdf.py` (`--quick`: a 10-card deck, each export once, as the suite does).

Goal: a 100-card deck exported in-process in at most 1 s and 300 KB. The deck is a Warcaster force of
every unit in the bundled catalogue (warjacks in several loadouts) plus Cyphers, printed with force
(it breaks every force limit), so each card carries a full stat line, weapons and rules.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from builder.catalogues import load_catalogue
from builder.games.warcaster.roster import (
    WarcasterRoster,
    WarcasterUnit,
)
from builder.rules import validate

CARDS = 100
GOAL_SECONDS = 1.0
GOAL_BYTES = 300 * 1024


def loadouts(unit, n: int):
    """Up to n distinct loadouts of a warjack or vehicle (the i-th option of every slot, rotated)."""
    for i in range(n):
        yield {slot.id: slot.options[(i + s) % len(slot.options)].weapon for s, slot in enumerate(unit.hardpoints)}


def deck(catalogue, cards: int = CARDS) -> WarcasterRoster:
    """A roster whose export has exactly `cards` distinct cards (at most 15 of them Cyphers)."""
    from builder.games.warcaster.cards import card_key

    cyphers = [c.id for c in catalogue.cyphers][: min(15, cards // 2)]
    candidates: list[WarcasterUnit] = []
    for unit in catalogue.units:
        if unit.type == "attachment":
            continue
        if unit.hardpoints:
            for hardpoints in loadouts(unit, 3):
                candidates.append(
                    WarcasterUnit(id=unit.id, cortex=unit.cortexes[0] if unit.cortexes else None, hardpoints=hardpoints)
                )
        else:
            attachments = [a.id for a in catalogue.units if a.type == "attachment" and unit.id in a.joins][:1]
            candidates.append(WarcasterUnit(id=unit.id, attachments=attachments))
    units, seen = [], set()
    for unit in candidates:
        if card_key(unit) not in seen and len(units) < cards - len(cyphers):
            seen.add(card_key(unit))
            units.append(unit)
    return WarcasterRoster(
        catalogue=catalogue.id, name="Benchmark deck", faction="marcher-worlds", rack=cyphers, units=units
    )


def main(quick: bool = False) -> int:
    """Print the figures; 1 when a goal is missed. `quick` exports a 10-card deck and one example, once each, and
    judges no goal."""
    repeat = 1 if quick else 5
    t0 = time.perf_counter()
    from builder.games.warcaster.cards import card_key
    from exports.pdf import pdf_bytes
    from exports.pdf.content import group
    from exports.pdf.fonts import register_fonts

    register_fonts()
    setup = time.perf_counter() - t0
    catalogue = load_catalogue("warcaster-nm")
    roster = deck(catalogue, 10 if quick else CARDS)
    cards = len(group(roster.units, card_key)) + len(roster.rack)
    report = validate(roster, catalogue)

    cold_start = time.perf_counter()
    data = pdf_bytes(roster, catalogue, force=True, report=report)
    cold = time.perf_counter() - cold_start
    walls, cpus = [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        data = pdf_bytes(roster, catalogue, force=True, report=report)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    size = len(data)
    from reportlab.lib import rl_accel

    accelerated = type(rl_accel.fp_str).__name__ == "builtin_function_or_method"
    print(f"cards: {cards}  pages: {data.count(b'/Type /Page') - data.count(b'/Type /Pages')}")
    print(f"reportlab C accelerator (rl-accel): {'yes' if accelerated else 'no'}")
    print(f"imports + font registration: {setup:.3f} s")
    print(f"first export (cold caches): {cold:.3f} s")
    print(
        f"export, median of {repeat}: {wall:.3f} s wall, {cpu:.3f} s CPU (goal ≤ {GOAL_SECONDS} s;"
        f" CPU time is the figure that a busy machine does not distort)"
    )
    print(f"size: {size / 1024:.1f} KB (goal ≤ {GOAL_BYTES // 1024} KB)")
    print("bundled examples (pages, size, CPU time):")
    from builder.roster.files import read_roster

    examples = Path(__file__).resolve().parent.parent / "builder" / "examples"
    for path in sorted(examples.glob("*.toml"))[: 1 if quick else None]:
        loaded = read_roster(path)
        cpu_start = time.process_time()
        example = pdf_bytes(loaded.roster, loaded.catalogue)
        spent = time.process_time() - cpu_start
        pages = example.count(b"/Type /Page") - example.count(b"/Type /Pages")
        print(f"  {path.stem:<26} {pages:>2} pages {len(example) / 1024:6.1f} KB {spent:6.3f} s")
    walls, cpus = [], []
    for _ in range(repeat):
        start, cpu_start = time.perf_counter(), time.process_time()
        duplex = pdf_bytes(roster, catalogue, force=True, report=report, backs=True)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu_start)
    backs_wall, backs_cpu = statistics.median(walls), statistics.median(cpus)
    pages = duplex.count(b"/Type /Page") - duplex.count(b"/Type /Pages")
    print(
        f"the same deck with backs (duplex): {pages} pages, {backs_wall:.3f} s wall, {backs_cpu:.3f} s CPU, "
        f"{len(duplex) / 1024:.1f} KB"
    )
    if quick:
        print("quick run: goals not judged")
        return 0
    ok = (
        min(wall, cpu) <= GOAL_SECONDS
        and size <= GOAL_BYTES
        and min(backs_wall, backs_cpu) <= GOAL_SECONDS
        and len(duplex) <= GOAL_BYTES
    )
    print("OK" if ok else "OVER GOAL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(quick="--quick" in sys.argv[1:]))
