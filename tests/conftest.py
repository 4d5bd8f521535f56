"""Shared test helpers: paths to fixtures and bundled data, and an isolated home that no test writes outside of."""

from __future__ import annotations

import gc
import os
import shutil
import sys
import tempfile
from pathlib import Path

import platformdirs
import pytest

# The suite imports the project in many processes (the xdist workers, command-line subprocesses, the served
# builder): Python's default bytecode cache is restored for them even where the environment turns it off
# (PYTHONDONTWRITEBYTECODE), so each process reuses the compiled modules (the usual __pycache__ folders,
# which git ignores).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
# Hypothesis keeps its examples (to replay a failure) and its caches in the system's temporary folder, not in a
# `.hypothesis` folder wherever the tests were started.
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", str(Path(tempfile.gettempdir()) / "warbench-hypothesis"))

TESTS = Path(__file__).parent
FIXTURES = TESTS / "fixtures"
REPO = TESTS.parent
EXAMPLES = REPO / "builder" / "examples"
REAL_HOME = Path.home()
"""The home folder of whoever runs the tests, read before any test replaces it."""
REAL_PLACES = (
    REAL_HOME / "warbench",
    Path(platformdirs.user_data_dir("warbench", appauthor=False)),
    Path(platformdirs.user_cache_dir("warbench", appauthor=False)),
)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once every test module is imported, the modules, models and tests live for the whole run: the garbage
    collector stops scanning them (`gc.freeze`) and runs less often, for each Pilot test makes many short-lived
    objects, and scanning everything imported again and again is slow."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000)


def pytest_sessionfinish(session: pytest.Session | None, exitstatus: int) -> None:
    """What the tests left alive is frozen too: pytest collects garbage five times as it closes, and over a whole
    worker's leftovers that took so long that xdist sent the worker a SIGINT (after 5 s), which hypothesis's gc
    callback printed as a KeyboardInterrupt under a PytestUnraisableExceptionWarning."""
    gc.freeze()


@pytest.fixture(scope="session", autouse=True)
def still_screens():
    """Apps under test run with Textual's animations off, as `TEXTUAL_ANIMATIONS=none` would (that variable is read
    when Textual is imported, which a pytest plugin does before this file): a Pilot key press waits until every
    animation has finished, and a sliding tab underline would add a third of a second of redraws to each."""
    import textual.constants

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(textual.constants, "TEXTUAL_ANIMATIONS", "none")
        yield


def _contents(folder: Path) -> list[tuple[str, int]] | None:
    """Every file under a folder with its modification time (None when there is no folder)."""
    if not folder.is_dir():
        return None
    return sorted((str(path), path.stat().st_mtime_ns) for path in folder.rglob("*") if path.is_file())


@pytest.fixture(scope="session", autouse=True)
def real_home_untouched():
    """No test may write Warbench's files into the real home (recent rosters, recovery files, new rosters)."""
    before = [_contents(folder) for folder in REAL_PLACES]
    yield
    assert [_contents(folder) for folder in REAL_PLACES] == before, "a test wrote into the real home folder"


@pytest.fixture(autouse=True)
def isolated_home(tmp_path_factory, monkeypatch) -> Path:
    """Every test gets its own Warbench data directory and home folder, never the real ones (made with `mkdtemp`
    in the run's temporary folder: pytest's numbered `mktemp` reads the whole folder each time, which grows with
    every test)."""
    base = tmp_path_factory.getbasetemp()
    home = Path(tempfile.mkdtemp(prefix="warbench-home-", dir=base))
    monkeypatch.setenv("WARBENCH_HOME", str(home))
    monkeypatch.setenv("HOME", tempfile.mkdtemp(prefix="home-", dir=base))  # ~/warbench, where new rosters go
    return home


def examples_in(folder: Path) -> Path:
    """Every game's example rosters copied into `folder` (beside where a test writes its battles); the folder."""
    for roster in EXAMPLES.glob("*.toml"):
        shutil.copy(roster, folder / roster.name)
    return folder


@pytest.fixture
def table(tmp_path) -> Path:
    """The example rosters of every game copied beside where a test writes its battles."""
    return examples_in(tmp_path)
