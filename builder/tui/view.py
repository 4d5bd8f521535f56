"""What the editor shows, as plain values, and the last view of each roster kept for a fast start.

Opening a roster the player opened before draws its last view at once, from the view cache, while the
roster, its catalogue and the rules load right after the first frame (they replace the view within a
fraction of a second). A cached view is used only while the roster file, its catalogue file and
Warbench's own code are unchanged; any problem reading it just means a normal start.
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NamedTuple

from builder.findings import Finding, Report
from builder.editing.base import BrowserEntry, Inspection, RosterLine, TotalItem
from catalog.cache import read_pickle, write_pickle
from catalog.files import file_stamp
from catalog.paths import cache_dir

if TYPE_CHECKING:
    from builder.editing.base import GameAdapter

VIEW_FORMAT = 3
CODE_ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("builder", "catalog", "exports")


class EditorView(NamedTuple):
    """Everything the editor's panes show for a roster at one moment."""

    game: str
    title: str
    subtitle: str
    errors: int
    browser: tuple[BrowserEntry, ...]
    lines: tuple[RosterLine, ...]
    flagged: frozenset[str]
    selected: str | None
    inspection: Inspection | None
    totals: tuple[TotalItem, ...]
    findings: tuple[Finding, ...]
    extra: dict[str, str]
    """A game screen's own figures (the Warcaster rack tab's label)."""


Select = Callable[[tuple[RosterLine, ...], frozenset[str]], "str | None"]
"""Given the roster's lines and the flagged ones, which line is selected (the editor's roster list decides)."""


def view_of(roster, report: Report, adapter: GameAdapter, select: Select | None = None) -> EditorView:
    """What the editor shows for a roster, its findings and the selected line (by default the opening one)."""
    lines = tuple(adapter.lines(roster))
    flagged = frozenset(location.line_key for finding in report.errors
                        if (location := adapter.locate(finding.path)) and location.line_key)
    selected = select(lines, flagged) if select is not None else adapter.opening_line(lines)
    return EditorView(
        game=adapter.game, title=roster.name,
        subtitle=" · ".join(p for p in (adapter.title, adapter.describe(roster)) if p),
        errors=len(report.errors), browser=tuple(adapter.browser(roster)), lines=lines, flagged=flagged,
        selected=selected, inspection=adapter.inspect(roster, selected) if selected else None,
        totals=tuple(adapter.totals(roster, report)), findings=report.findings, extra=adapter.extra(roster))


class CachedView(NamedTuple):
    """A view and what it was made from."""

    roster_path: str
    """The roster file, resolved (two paths may share a cache file name)."""
    roster_text: bytes
    """The roster file's bytes (compared whole: a few kilobytes, and no hash library to load at startup)."""
    depends_on: tuple[tuple[str, int, int], ...]
    """(path, mtime_ns, size) of the catalogue file and of Warbench's own sources."""
    view: EditorView


def code_stamps() -> tuple[tuple[str, int, int], ...]:
    """Every source file of Warbench, so a changed program never shows a view an older one made."""
    stamps = []
    for package in PACKAGES:
        for folder, dirs, files in os.walk(CODE_ROOT / package):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            stamps += [file_stamp(Path(folder) / name) for name in sorted(files) if name.endswith((".py", ".tcss"))]
    return tuple(s for s in stamps if s is not None)


def _cache_file(roster_path: Path) -> Path:
    """Named by a checksum of the roster's path: two paths sharing one only take turns (each view says what it
    was made from), and zlib is loaded already, where hashlib would cost ~5 ms of every start."""
    key = zlib.crc32(_resolved(roster_path).encode())
    return cache_dir() / "views" / f"v{VIEW_FORMAT}-{key:08x}.pickle"


def _resolved(roster_path: Path) -> str:
    return str(Path(roster_path).resolve())


def _contents(roster_path: Path) -> bytes | None:
    try:
        return Path(roster_path).read_bytes()
    except OSError:
        return None


def cached_view(roster_path: Path) -> EditorView | None:
    """The view kept for this roster file, if it still matches the file, its catalogue and this program."""
    cached = read_pickle(_cache_file(roster_path))  # None when missing, damaged or from another version
    if not isinstance(cached, CachedView) or cached.roster_path != _resolved(roster_path):
        return None
    if cached.roster_text != _contents(roster_path):
        return None
    catalogue, code = cached.depends_on[:1], cached.depends_on[1:]
    if any(file_stamp(Path(path)) != (path, mtime, size) for path, mtime, size in catalogue):
        return None
    if code != code_stamps():
        return None
    return cached.view


def keep_view(roster_path: Path, catalogue_path: str, view: EditorView) -> None:
    """Keep the view of a saved roster for its next start (best effort: a read-only cache is no error)."""
    text, catalogue = _contents(roster_path), file_stamp(Path(catalogue_path))
    if text is None or catalogue is None:
        return
    write_pickle(_cache_file(roster_path), CachedView(_resolved(roster_path), text, (catalogue, *code_stamps()), view))
