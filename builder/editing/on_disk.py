"""Whether a file changed on disk since an editor read or wrote it: its size and time first, then its content."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from catalog.errors import WarbenchError
from catalog.toml_input import MAX_INPUT_BYTES, read_bounded


class ChangedOnDisk(WarbenchError):
    """The file an editor would save over was changed by someone else since it was opened or last saved."""


@dataclass(frozen=True)
class OnDisk:
    """A file as an editor last saw it."""

    size: int
    mtime_ns: int
    digest: str

    @classmethod
    def of(cls, path: Path | None) -> OnDisk | None:
        """The file as it is now; None when there is none (or it cannot be read)."""
        if path is None:
            return None
        try:
            found = path.stat()
            data = read_bounded(path, MAX_INPUT_BYTES, WarbenchError, "saved")
        except (OSError, WarbenchError):
            return None
        return cls(found.st_size, found.st_mtime_ns, hashlib.sha256(data).hexdigest())


def changed_since(path: Path, seen: OnDisk | None) -> bool:
    """Whether `path` now holds something other than what was `seen` (a file touched but not changed has not)."""
    try:
        found = path.stat()
    except OSError:
        return seen is not None  # removed since: saving puts it back, which the player should hear of
    if seen is not None and (found.st_size, found.st_mtime_ns) == (seen.size, seen.mtime_ns):
        return False
    now = OnDisk.of(path)
    return now is None or seen is None or now.digest != seen.digest
