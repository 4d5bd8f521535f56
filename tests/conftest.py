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
    """Every test gets its own Warbench data directory, never the real one."""
    home = tmp_path_factory.mktemp("warbench-home")
    monkeypatch.setenv("WARBENCH_HOME", str(home))
    return home
