"""`warbench serve` in a real headless Chromium: the builder draws, takes key presses and saves a roster."""

from __future__ import annotations

import asyncio
import os
import shutil
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES
from tests.fixtures.browser import Browser
from tests.fixtures.served import served_builder


async def wait_for(condition, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.1)


async def test_in_chromium_the_builder_draws_takes_keys_and_saves(tmp_path):
    roster = tmp_path / "home" / "lists" / "warsurge-499.toml"
    roster.parent.mkdir(parents=True)
    shutil.copy(EXAMPLES / "warsurge-499.toml", roster)
    with served_builder(tmp_path, str(roster)) as served:
        data = served.home / "data"
        with pytest.raises(urllib.error.HTTPError) as refused:
            await asyncio.to_thread(urllib.request.urlopen, served.address.split("?")[0])
        assert refused.value.code == 403
        async with Browser(served.address, tmp_path / "chromium", (800, 600)) as browser:
            await wait_for((data / "recent.json").is_file, "the builder to open the roster in its editor")
            await browser.click(5, 5)  # the terminal takes the keyboard; the catalogue filter has the focus
            await browser.type("captain")
            await browser.press("enter")
            recovery = data / "recovery"
            await wait_for(lambda: any('"captain"' in f.read_text(encoding="utf-8") for f in recovery.glob("*.toml")),
                           "the added unit to be autosaved")
            await browser.press("s", ctrl=True)
            await wait_for(lambda: 'id = "captain"' in roster.read_text(encoding="utf-8"), "the roster to be saved")
            shot = Path(os.environ.get("WARBENCH_SCREENSHOTS", tmp_path)) / "served-builder.png"
            await browser.screenshot(shot)
            assert shot.read_bytes().startswith(b"\x89PNG") and shot.stat().st_size > 20_000
