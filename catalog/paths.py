"""Where Warbench keeps things: bundled data inside the package, the user's data directory."""

from __future__ import annotations

import os
from pathlib import Path

BUNDLED_DIR = Path(__file__).parent / "data"
EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "builder" / "examples"
"""The example rosters, leagues and campaigns that ship with Warbench."""
SHIPPED_DIRS = (BUNDLED_DIR.resolve(), EXAMPLES_DIR)
"""Folders of files that ship with Warbench and stay as shipped: nothing Warbench does writes into them."""
APP_NAME = "warbench"


def data_dir() -> Path:
    """The user data directory: $WARBENCH_HOME, else the platform's place for an application's data (platformdirs):
    $XDG_DATA_HOME/warbench or ~/.local/share/warbench on Linux, ~/Library/Application Support/warbench on macOS,
    %LOCALAPPDATA%\\warbench on Windows."""
    if home := os.environ.get("WARBENCH_HOME"):
        return Path(home)
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)


def installed_catalogue_dir() -> Path:
    """Where a player's own catalogue files are found by id."""
    return data_dir() / "catalogues"
