"""Shared test helpers: paths to fixtures and bundled data, an isolated user data directory, the collector restored."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
FIXTURES = TESTS / "fixtures"
REPO = TESTS.parent
EXAMPLES = REPO / "builder" / "examples"


@pytest.fixture(autouse=True)
def isolated_home(tmp_path_factory, monkeypatch) -> Path:
    """Every test gets its own Warbench data directory and home folder, never the real ones."""
    home = tmp_path_factory.mktemp("warbench-home")
    monkeypatch.setenv("WARBENCH_HOME", str(home))
    monkeypatch.setenv("HOME", str(tmp_path_factory.mktemp("home")))  # ~/warbench, where new rosters go
    return home


@pytest.fixture
def collector_restored():
    """For tests of `open_app`, which pauses the garbage collector until the first frame: put it back as it was."""
    yield
    gc.unfreeze()
    gc.enable()
