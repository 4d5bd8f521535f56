"""A disk cache of checked catalogues, so a cold `warbench validate` skips re-parsing unchanged files.

Keyed by a hash of the file's bytes and of the catalogue model sources: any edit to either misses.
A cache file that cannot be read is ignored and rebuilt; the cache never changes what loads.
"""

from __future__ import annotations

import pickle
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from catalog.files import write_atomic
from catalog.paths import cache_dir

MODELS_DIR = Path(__file__).parent / "models"


@lru_cache(maxsize=1)
def _models_fingerprint() -> bytes:
    import hashlib  # here: the builder's first frame reads pickles but hashes nothing (loading it costs ~5 ms)

    digest = hashlib.sha256()
    for source in sorted(MODELS_DIR.glob("*.py")):
        digest.update(source.read_bytes())
    return digest.digest()


def cache_key(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(_models_fingerprint() + data).hexdigest()[:32]


def read_pickle(path: Path):
    """What was pickled at `path`, or None: a missing, truncated or foreign cache file is simply a miss."""
    try:
        with path.open("rb") as handle:
            return pickle.load(handle)
    except Exception:
        return None


_held: list[tuple[Path, object]] | None = None
"""Writes waiting for the end of a `writes_held` block (None: write at once)."""


@contextmanager
def writes_held():
    """Hold `write_pickle`'s writes until the block ends: for a caller with something more urgent to do first (the
    builder's forked child sends the first view, then keeps the catalogue and the view)."""
    global _held
    outer, _held = _held, []
    try:
        yield
    finally:
        pending, _held = _held, outer
        for path, value in pending:
            write_pickle(path, value)


def write_pickle(path: Path, value) -> None:
    """Pickle `value` to `path` atomically, without fsync (a cache); best effort: a read-only cache or a value
    that will not pickle just means the next start rebuilds it."""
    if _held is not None:
        _held.append((path, value))
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL), durable=False)
    except Exception:
        pass


def load_cached(key: str):
    """The catalogue stored under `key`, or None."""
    return read_pickle(cache_dir() / "catalogues" / f"{key}.pickle")


def store(key: str, catalogue) -> None:
    """Save a checked catalogue under `key` (atomically; failures are ignored)."""
    write_pickle(cache_dir() / "catalogues" / f"{key}.pickle", catalogue)
