"""The test run ends quietly: a worker's last garbage collections are quick, so xdist never interrupts it."""

from __future__ import annotations

import gc

from tests import conftest


def test_what_the_tests_leave_alive_is_not_scanned_again_when_the_session_ends():
    """pytest collects garbage five times as it closes; over every object a worker's tests left alive that took
    long enough for xdist to send the worker a SIGINT, which hypothesis's gc callback printed as a
    KeyboardInterrupt traceback under a PytestUnraisableExceptionWarning."""
    left_alive = [[n] for n in range(50_000)]
    before = gc.get_freeze_count()
    conftest.pytest_sessionfinish(None, 0)
    assert gc.get_freeze_count() >= before + len(left_alive)
