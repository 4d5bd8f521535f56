"""Stable ids from names: lowercase, apostrophes dropped, other runs of non-alphanumerics become '-'."""

from __future__ import annotations

import re
import unicodedata

_APOSTROPHES = re.compile(r"['’‘`]")
_NON_ALNUM = re.compile(r"[^a-z0-9]+")
SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"


def slugify(name: str) -> str:
    """Return the id for a name: "'Jack Hunter" -> "jack-hunter", "Assault Rifle & Bayonet" -> "assault-rifle-bayonet"."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    text = _APOSTROPHES.sub("", folded.lower())
    return _NON_ALNUM.sub("-", text).strip("-")
