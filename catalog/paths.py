"""Where Warbench keeps things: bundled data inside the package, the user's data directory."""

from __future__ import annotations

import os
from pathlib import Path

BUNDLED_DIR = Path(__file__).parent / "data"


def data_dir() -> Path:
    """The user data directory: $WARBENCH_HOME, else $XDG_DATA_HOME/warbench, else ~/.local/share/warbench."""
    if home := os.environ.get("WARBENCH_HOME"):
        return Path(home)
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "warbench"


def installed_catalogue_dir() -> Path:
    """Where a player's own catalogue files are found by id."""
    return data_dir() / "catalogues"
