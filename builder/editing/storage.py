"""What the builder keeps in the user data directory: recent rosters and recovery files."""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path
from typing import NamedTuple

from catalog.errors import WarbenchError
from catalog.files import write_atomic
from catalog.paths import EXAMPLES_DIR
from catalog.slug import slugify
from catalog.toml_input import MAX_INPUT_BYTES, header_keys, read_bounded
from catalog.wording import hidden_character, visible

MAX_RECENT = 10


class RecentRoster(NamedTuple):
    """A roster the player opened or saved lately."""

    path: str
    name: str
    game: str
    kind: str = ""
    """"" for a roster, else the ledger's kind ("battle", "league", …): a roster and its battle share a name."""


class Store:
    """The builder's files under one data directory (the real one, or a test's tmp_path)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    @property
    def recent_file(self) -> Path:
        return self.root / "recent.json"

    @property
    def recovery_dir(self) -> Path:
        return self.root / "recovery"

    def recent(self) -> list[RecentRoster]:
        """Recent rosters, newest first; a missing, damaged or outsized file (or no regular file) reads as none."""
        try:
            data = json.loads(read_bounded(self.recent_file, MAX_INPUT_BYTES, WarbenchError, "recent rosters"))
            found = [
                RecentRoster(str(d["path"]), str(d.get("name", "")), str(d.get("game", "")), str(d.get("kind", "")))
                for d in data
                if isinstance(d, dict) and "path" in d
            ]
        except (OSError, ValueError, TypeError, WarbenchError):
            return []
        # the builder writes none, so an entry holding a control character or a long text was planted: left out
        return [r for r in found if not any(hidden_character(f) or len(f) > 1000 for f in r)][:MAX_RECENT]

    def remember(self, path: Path, name: str, game: str, kind: str = "") -> None:
        """Put a roster (or a ledger of `kind`) at the top of the recent list (best effort: a read-only disk is not
        an error)."""
        key = str(Path(path).resolve())
        entries = [RecentRoster(key, name, game, kind)] + [r for r in self.recent() if r.path != key]
        text = json.dumps([r._asdict() for r in entries[:MAX_RECENT]], indent=1)
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            write_atomic(self.recent_file, text)
        except OSError:
            pass

    def recovery_path(self, roster_path: Path | None) -> Path:
        """The recovery file of a roster: one per roster path (or one for an unsaved roster)."""
        if roster_path is None:
            return self.recovery_dir / "untitled.toml"
        full = str(Path(roster_path).resolve())
        digest = hashlib.sha1(full.encode("utf-8")).hexdigest()[:10]
        return self.recovery_dir / f"{slugify(Path(full).stem) or 'roster'}-{digest}.toml"

    def write_recovery(self, roster_path: Path | None, text: str) -> None:
        """Keep the roster's unsaved state so that a crash or a closed terminal loses nothing."""
        try:
            self.recovery_dir.mkdir(parents=True, exist_ok=True)
            write_atomic(self.recovery_path(roster_path), text)
        except OSError:
            pass

    def clear_recovery(self, roster_path: Path | None) -> None:
        self.recovery_path(roster_path).unlink(missing_ok=True)

    def newer_recovery(self, roster_path: Path) -> str | None:
        """The recovery text of a roster if it is newer than the file and says something else."""
        recovery = self.recovery_path(roster_path)
        try:
            if recovery.stat().st_mtime_ns <= Path(roster_path).stat().st_mtime_ns:
                return None
            text = read_bounded(recovery, MAX_INPUT_BYTES, WarbenchError, "recovery").decode("utf-8")
            saved = read_bounded(Path(roster_path), MAX_INPUT_BYTES, WarbenchError, "saved").decode("utf-8")
        except (OSError, WarbenchError, UnicodeDecodeError):  # not a file to offer: a FIFO, too large, outside
            return None
        return None if text == saved else text


def age(path: Path) -> str:
    """'3 min ago' for a file's modification time."""
    try:
        seconds = max(0, time.time() - path.stat().st_mtime)
    except OSError:
        return ""
    for size, unit in ((86400, "d"), (3600, "h"), (60, "min")):
        if seconds >= size:
            return f"{int(seconds // size)} {unit} ago"
    return "just now"


class ExampleRoster(NamedTuple):
    """A roster, league or campaign bundled with Warbench to start from."""

    path: Path
    name: str
    game: str
    kind: str = ""
    """What it is when not a roster: a league or campaign kind (`league`, `frontier-campaign`)."""


CAMPAIGN_EXAMPLES = "campaigns"
"""The examples' folder of leagues and campaigns (the armies they name lie under it)."""


def example_rosters(directory: Path = EXAMPLES_DIR) -> list[ExampleRoster]:
    """The bundled example rosters, then the leagues and campaigns, read from their header lines only (fast);
    unreadable ones are skipped."""
    found = []
    for folder in (directory, directory / CAMPAIGN_EXAMPLES):
        for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
            if (data := header_keys(path)) is not None:
                name, game = str(data.get("name") or path.stem), str(data.get("game", ""))
                found.append(ExampleRoster(path, name, game, str(data.get("kind", ""))))
    return found


def same_file(a: Path | str, b: Path | str) -> bool:
    """Whether two paths name one file (`~` and links resolved)."""
    return Path(a).expanduser().resolve() == Path(b).expanduser().resolve()


def where(path: Path | str) -> str:
    """A file for a toast: its name, then its folder on the next line with the home folder as ~ (a narrow toast
    then wraps between the two, never inside a name); a relative path's folder is said from the root, never "."."""
    path = Path(os.path.abspath(path))
    return f"{visible(path.name)}\nin {home_relative(path.parent)}"


def home_relative(path: Path | str) -> str:
    """A path with the home folder shown as ~ (and any control character in it as its escape)."""
    text, home = visible(str(path)), str(Path.home())
    return "~" + text[len(home) :] if text == home or text.startswith(home + "/") else text
