"""The parsed stylesheet kept between starts: Textual parses every CSS source (ours and its widgets') each time.

Parsing the ~18 sources the editor uses takes tens of milliseconds before the first frame; unpickling what
an earlier start parsed takes about 5. The file is named by the installed Textual (its CSS code's file
stamps: asking for `textual.__version__` reads package metadata, ~20 ms), the Python version and the theme's
CSS variables, and each entry by the CSS text itself, so a changed stylesheet is parsed afresh; a missing or
damaged file is simply a normal parse. Textual is pinned (pyproject), so its parse cache is a stable seam.
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

import textual

from catalog.cache import read_pickle, write_pickle
from catalog.files import file_stamp
from catalog.paths import cache_dir


TEXTUAL_CSS_CODE = ("__init__.py", "css/parse.py", "css/tokenize.py", "css/model.py", "css/styles.py",
                    "css/_styles_builder.py")
"""The Textual files whose code shapes what its CSS parser produces; any reinstall or upgrade restamps them."""


def textual_stamps() -> tuple[tuple[str, int, int] | None, ...]:
    """(file, mtime_ns, size) of Textual's CSS code, standing in for its version at the cost of six stats."""
    root = Path(textual.__file__).parent
    return tuple(file_stamp(root / name) for name in TEXTUAL_CSS_CODE)


def _cache_file(stylesheet) -> tuple[Path, str]:
    """The file for this Textual, Python and theme, and the key it must hold (the name is a checksum of it: zlib is
    loaded already, where hashlib would cost ~5 ms of every start; a shared name only means a normal parse)."""
    variables = sorted(stylesheet._variables.items())
    key = repr((textual_stamps(), sys.version_info[:2], variables))
    return cache_dir() / "css" / f"{zlib.crc32(key.encode()):08x}.pickle", key


def prime(stylesheet) -> frozenset:
    """Fill the stylesheet's parse cache from an earlier start; the keys filled (none when there was nothing)."""
    path, key = _cache_file(stylesheet)
    try:
        kept_for, entries = read_pickle(path)
        if kept_for != key:
            return frozenset()
        for key, rules in entries:
            stylesheet._parse_cache.set(key, rules)
        return frozenset(key for key, _ in entries)
    except Exception:  # nothing kept, or not what this Textual keeps: Textual parses as usual
        return frozenset()


def keep(stylesheet, primed: frozenset) -> None:
    """Keep what this start parsed for the next one, if it parsed anything new (best effort)."""
    try:
        entries = [(key, node[3]) for key, node in stylesheet._parse_cache._cache.items()]
    except Exception:  # not the parse cache this Textual was pinned with: keep nothing
        return
    if {key for key, _ in entries} - primed:
        path, key = _cache_file(stylesheet)
        write_pickle(path, (key, entries))
