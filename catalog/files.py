"""Writing files so that they are whole or untouched (a temp file beside the target, fsync, then rename), with the
mode a plain open() would give, through symbolic links, and never over what the player did not mean to replace."""

from __future__ import annotations

import os
import stat
import tempfile
import time
from pathlib import Path

from catalog.errors import WarbenchError

STALE_SECONDS = 600
"""A temp file this old beside a target was left by a save that was killed: the next save removes it."""


def check_target(output: Path | str, *, inputs: tuple[Path | str, ...] = (), overwrite: bool = False,
                 error: type[WarbenchError] = WarbenchError) -> Path:
    """Where a command may write: never one of its own input files, and never an existing file unless told."""
    output = Path(output)
    if output.is_dir():
        raise error(f"{output}: is a directory; name a file to write")
    for source in inputs:
        try:
            if output.exists() and Path(source).exists() and os.path.samefile(output, source):
                raise error(f"{output}: is the file being read; write to another file")
        except OSError:
            pass
    if output.exists() and not overwrite:
        raise error(f"{output}: already exists (use --overwrite to replace it)")
    return output


def write_atomic(path: Path | str, data: bytes | str) -> None:
    """Replace `path` with `data` (text is written as UTF-8): a reader sees the old file or the new one, never
    half of each. A symbolic link is written through (its target is replaced, the link stays); a new file gets
    the mode the umask gives, an existing one keeps its mode. Raises OSError; the temp file never stays behind."""
    path = Path(os.path.realpath(path))
    directory = path.parent
    _remove_stale_temp_files(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        os.chmod(tmp, _mode_for(path))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data.encode("utf-8") if isinstance(data, str) else data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _mode_for(path: Path) -> int:
    """The existing file's permission bits, or those a new file gets from open(): 0o666 less the umask."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _remove_stale_temp_files(path: Path) -> None:
    """Temp files of this target left by a killed save (old enough that no save is still writing them)."""
    now = time.time()
    for leftover in path.parent.glob(f".{path.name}.*.tmp"):
        try:
            if now - leftover.stat().st_mtime > STALE_SECONDS:
                leftover.unlink()
        except OSError:
            pass
