"""Make tests/fixtures/bsdata/warcaster-bsdata.zip: the BSData Warcaster files with every rule text blanked.

Usage: python3 tools/bsdata_fixture.py [--reference DIR]

The import tests need the data's structure, names, numbers and ids, never its sentences: each <description>
and <comment> keeps only the "POW (n)" a Cypher's power is read from, so no book text ships in the repository.
"""

from __future__ import annotations

import argparse
import re
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from warcaster_from_bsdata import DATA_FILES, REFERENCE_DIR, ROOT

OUT = ROOT / "tests" / "fixtures" / "bsdata" / "warcaster-bsdata.zip"
_TEXT = re.compile(r"<(description|comment)>(.*?)</\1>", re.DOTALL)
_POW = re.compile(r"POW\s*\(\s*[^)\s]*\s*\)")


def blank(xml: str) -> str:
    def keep_power(match: re.Match) -> str:
        power = _POW.search(match.group(2).split("Target")[0])
        return f"<{match.group(1)}>{power.group(0) if power else ''}</{match.group(1)}>"

    return _TEXT.sub(keep_power, xml)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=REFERENCE_DIR)
    args = parser.parse_args(argv)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(OUT, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in DATA_FILES:
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, blank((args.reference / name).read_text(encoding="utf-8")))
    print(f"wrote {OUT} ({OUT.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
