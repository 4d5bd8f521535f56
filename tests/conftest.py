"""Shared test helpers: paths to fixtures and bundled data, and an isolated user data directory."""

from __future__ import annotations

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
