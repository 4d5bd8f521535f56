"""Regenerate catalog/data/warcaster-nm.toml from the BSData Warcaster XML, with the package's BattleScribe importer.

Usage: python3 tools/warcaster_from_bsdata.py [--reference DIR] [--out PATH] [--check]

Players do the same with `warbench catalog import FILE.gst FILE.cat…`; this script pins what the bundled file is
(its id, revision and change log), refuses missing summaries and stale name corrections, and stores the
fingerprints the copy test needs. The committed TOML is what ships; this script makes it reproducible.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from builder.battlescribe.reading import read_data_files
from builder.games.warcaster.bsdata_catalogue import convert, load_corrections, read_data

REFERENCE_DIR = Path(os.environ.get("WARBENCH_REFERENCE", ROOT.parent / "shared" / "reference" / "bsdata-warcaster"))
"""The BSData reference set: beside the repository as shared/, or wherever $WARBENCH_REFERENCE says."""
DATA_FILES = (
    "Warcaster_Neo-Mechanika.gst",
    "Iron_Star_Alliance.cat",
    "Marcher_Worlds.cat",
    "Aeternus_Continuum.cat",
    "Empyreans.cat",
)
"""The game system, then the factions in the catalogue's faction order."""
OUT = ROOT / "catalog" / "data" / "warcaster-nm.toml"
FINGERPRINTS = ROOT / "tests" / "fixtures" / "warcaster-reference-fingerprints.txt"
REVISION = 3
CHANGES = [
    {
        "revision": 2,
        "note": "names corrected from the community data: Apotropaic Reactor (was Aporopaic Reactor), "
        "Arc Disruptor (was Arc Distuptor), Astreus, Aeon of the First Magnitude (was '… first "
        "magnitude'); BattleScribe entry ids added for importing BattleScribe rosters",
    },
    {
        "revision": 3,
        "note": "weapon tags, energy types, Attachment and Flight explained in full sentences for the "
        "cards (summaries only; ids and numbers unchanged)",
    },
]
"""The change log rosters saved against an older revision report when they load (ids unchanged)."""


def write_fingerprints(descriptions: dict[str, str]) -> None:
    """Store hashes (never the text) of the reference rule texts and their 8-word runs for the copy test."""
    from fingerprints import fingerprints

    lines = sorted(fingerprints(descriptions.values()))
    FINGERPRINTS.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=REFERENCE_DIR)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="exit 1 unless the committed file is what the data gives")
    args = parser.parse_args(argv)
    files = read_data_files([args.reference / name for name in DATA_FILES])
    made = convert(
        read_data(files),
        catalogue_id="warcaster-nm",
        name="Warcaster: Neo-Mechanika",
        revision=REVISION,
        changes=CHANGES,
    )
    reader = made.reader
    stale = [wrong for wrong in load_corrections() if wrong not in reader.corrected]
    if stale:
        raise SystemExit(
            f"warcaster_corrections.toml: no name in the data is {', '.join(map(repr, stale))}; "
            "drop the corrections the data no longer needs"
        )
    if made.missing_summaries:
        raise SystemExit(
            f"{len(made.missing_summaries)} summaries missing from warcaster_summaries.toml: "
            f"{', '.join(made.missing_summaries[:20])}"
        )
    write_fingerprints(reader.rule_descriptions())
    if args.check:
        same = args.out.read_text(encoding="utf-8") == made.text
        print(f"{args.out}: {'matches the reference data' if same else 'DIFFERS from what the reference data gives'}")
        return 0 if same else 1
    args.out.write_text(made.text, encoding="utf-8")
    print(f"wrote {args.out}: {made.units} units")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
