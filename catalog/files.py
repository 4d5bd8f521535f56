"""Writing files so that they are whole or untouched (a temp file beside the target, fsync, then rename), with the
mode a plain open() would give, through symbolic links, and never over what the player did not mean to replace;
files that belong together are written all or not at all."""

from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
import time
from pathlib import Path

from catalog.access import admit
from catalog.errors import WarbenchError

STALE_SECONDS = 600
"""A temp file this old beside a target was left by a save that was killed: the next save removes it."""


def check_target(
    output: Path | str,
    *,
    inputs: tuple[Path | str, ...] = (),
    overwrite: bool = False,
    error: type[WarbenchError] = WarbenchError,
) -> Path:
    """Where a command may write: never one of its own input files (give every file it read, those named inside
    others too: `catalog.access.reads_recorded` lists them), and never an existing file unless told."""
    output = Path(output)
    if output.is_dir():
        raise error(f"{output}: is a directory; name a file to write")
    for source in inputs:
        try:
            if output.exists() and Path(source).exists() and os.path.samefile(output, source):
                raise error(f"{output}: is the file being read; write to another file")
        except (OSError, ValueError):
            pass
    if output.exists() and not overwrite:
        raise error(f"{output}: already exists (use --overwrite to replace it)")
    return output


def write_atomic(path: Path | str, data: bytes | str) -> None:
    """Replace `path` with `data` (text is written as UTF-8): a reader sees the old file or the new one, never
    half of each. A symbolic link is written through (its target is replaced, the link stays); a new file gets
    the mode the umask gives, an existing one keeps its mode. Raises OSError (OutsideSharedFolders where a served
    builder may not write); the temp file never stays behind."""
    write_together({Path(path): data})


def write_together(files: dict[Path, bytes | str]) -> None:
    """Write several files as one (each as `write_atomic` writes it): all of them, or, when any cannot be written,
    none: the files that existed keep what they held and those this call made are gone. Every file is first
    written whole beside its target (where a full disk fails), and only then put in place, in order."""
    targets = []
    for path, data in files.items():
        admit(path, writing=True)
        targets.append((Path(os.path.realpath(path)), data))
    if len({target for target, _data in targets}) < len(targets):
        raise OSError(errno.EINVAL, "two of the files to write are one and the same file")
    staged: list[tuple[Path, str, str | None]] = []
    placed: list[tuple[Path, str | None]] = []
    try:
        for target, data in targets:
            _remove_stale_temp_files(target)
            tmp = _staged_copy(target, data)
            staged.append((target, tmp, None))
            if len(targets) > 1 and target.exists():
                staged[-1] = (target, tmp, _backup_of(target))
        try:
            for target, tmp, backup in staged:
                os.replace(tmp, target)
                placed.append((target, backup))
        except BaseException:
            for target, backup in reversed(placed):
                if backup is None:
                    target.unlink(missing_ok=True)
                else:
                    os.replace(backup, target)
            raise
    finally:
        for _target, tmp, backup in staged:
            Path(tmp).unlink(missing_ok=True)
            if backup is not None:
                Path(backup).unlink(missing_ok=True)


def _staged_copy(target: Path, data: bytes | str) -> str:
    """A temp file beside `target` holding `data`, on disk (fsync), with the mode the target has or would get."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.chmod(tmp, _mode_for(target))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data.encode("utf-8") if isinstance(data, str) else data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return tmp


def _backup_of(target: Path) -> str:
    """A second name for the existing `target` (a hard link, or a copy where links are not possible), to put
    back if a later file of the same write fails."""
    backup = f"{target.parent / ('.' + target.name)}.{os.getpid()}-{time.monotonic_ns()}.bak.tmp"
    try:
        os.link(target, backup)
    except OSError:
        try:
            shutil.copy2(target, backup)
        except BaseException:
            Path(backup).unlink(missing_ok=True)
            raise
    return backup


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
