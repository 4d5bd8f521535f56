"""Hashes of texts and of their 8-word runs: lets a test prove summaries aren't copied without shipping the text."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

RUN = 8
"""A summary may not share this many consecutive words with a reference text."""


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def digest(words_: Iterable[str]) -> str:
    return hashlib.blake2b(" ".join(words_).encode("utf-8"), digest_size=8).hexdigest()


def fingerprints(texts: Iterable[str]) -> set[str]:
    """Hash of each whole text (prefixed `all:`) and of each run of RUN consecutive words."""
    found: set[str] = set()
    for text in texts:
        w = words(text)
        if w:
            found.add("all:" + digest(w))
        found.update(digest(w[i : i + RUN]) for i in range(len(w) - RUN + 1))
    return found
