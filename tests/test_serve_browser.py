"""`warbench serve` in a real headless Chromium (Debian's, driven by Playwright): the page asks nothing of another
host, the footer's keys are drawn before the page is touched, and the builder takes key presses and saves."""

from __future__ import annotations

import asyncio
import os
import shutil
import time
import urllib.error
import urllib.request
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import pytest_asyncio

from tests.conftest import EXAMPLES
from tests.fixtures.served import served_builder

pytestmark = pytest.mark.asyncio(loop_scope="module")  # the tests share the module's browser, and so its loop

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium, installed by tools/install-browser (Playwright's own browser downloads are not used)."""
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
TERMINAL_HOOK = """
Object.defineProperty(Object.prototype, "_addonManager", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "_addonManager", {value, writable: true, configurable: true});
    (window.warbenchTerminals = window.warbenchTerminals || []).push(this);
  },
});
"""
"""textual.js keeps its xterm.js Terminal to itself; each Terminal sets `_addonManager` once, as it is built, so this
notes it on the page, and the test reads what it shows through xterm.js's buffer API."""
SCREEN_TEXT = """() => {
  const terminal = (window.warbenchTerminals || [])[0];
  if (!terminal) return [];
  const rows = [];
  for (let y = 0; y < terminal.rows; y++) rows.push(terminal.buffer.active.getLine(y).translateToString(true));
  return rows;
}"""


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def chromium():
    """One headless Chromium for the module (each test has a fresh browser context: its own cookies and pages)."""
    from playwright.async_api import async_playwright

    assert CHROMIUM.is_file(), "Chromium is missing: run tools/install-browser (the README's test command does)"
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)  # headless
        try:
            yield browser
        finally:
            await browser.close()


@asynccontextmanager
async def chromium_page(browser, size: tuple[int, int]):
    """A page of a new context of the browser, its size in CSS pixels, that notes its xterm.js terminals."""
    context = await browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = await context.new_page()
        await page.add_init_script(TERMINAL_HOOK)
        yield page
    finally:
        await context.close()


def record_requests(page) -> list[str]:
    """Every address the page asks for from now on (documents, scripts, styles, fonts, images, websockets)."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.on("websocket", lambda websocket: asked.append(websocket.url))
    return asked


async def wait_for(condition, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not await condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.1)


async def screen_text(page) -> list[str]:
    return await page.evaluate(SCREEN_TEXT)


def screenshot_path(tmp_path: Path, name: str) -> Path:
    return Path(os.environ.get("WARBENCH_SCREENSHOTS", tmp_path)) / name


async def test_the_page_asks_only_this_server_and_draws_the_footers_keys_untouched(tmp_path, chromium):
    with served_builder(tmp_path) as served:
        async with chromium_page(chromium, (1280, 800)) as page:
            asked = record_requests(page)
            await page.goto(served.address)

            async def footer_drawn() -> bool:
                rows = await screen_text(page)
                return bool(rows) and "palette" in rows[-1]

            await wait_for(footer_drawn, "the footer's keys")  # no click, no tap: as a phone first shows it
            footer = (await screen_text(page))[-1]
            assert "n New roster" in footer and "o Open" in footer and footer.rstrip().endswith("^p palette")
            loaded = "[...document.fonts].filter(f => f.status == 'loaded').map(f => f.family.replaceAll('\"', ''))"
            assert "Roboto Mono" in await page.evaluate(loaded)  # the terminal's font, from this server
            await page.screenshot(path=screenshot_path(tmp_path, "served-start.png"))
    own = f"127.0.0.1:{served.port}"
    assert {urlsplit(address).netloc for address in asked} == {own}, asked
    assert {urlsplit(address).path for address in asked} >= {
        "/",
        "/static/js/textual.js",
        "/static/css/xterm.css",
        "/static/fonts/RobotoMono-VariableFont_wght.ttf",
        "/ws",
    }


async def test_in_chromium_the_builder_takes_keys_and_saves(tmp_path, chromium):
    roster = tmp_path / "home" / "lists" / "warsurge-499.toml"
    roster.parent.mkdir(parents=True)
    shutil.copy(EXAMPLES / "warsurge-499.toml", roster)
    with served_builder(tmp_path, str(roster)) as served:
        data = served.home / "data"
        with pytest.raises(urllib.error.HTTPError) as refused:
            await asyncio.to_thread(urllib.request.urlopen, served.address.split("?")[0])
        assert refused.value.code == 403
        async with chromium_page(chromium, (800, 600)) as page:
            asked = record_requests(page)
            await page.goto(served.address)

            async def editor_open() -> bool:
                return (data / "recent.json").is_file() and "palette" in "".join((await screen_text(page))[-1:])

            await wait_for(editor_open, "the builder to open the roster in its editor")
            await page.mouse.click(5, 5)  # the terminal takes the keyboard; the catalogue filter has the focus
            await page.keyboard.type("captain")
            await page.keyboard.press("Enter")

            async def autosaved() -> bool:
                return any('"captain"' in f.read_text(encoding="utf-8") for f in (data / "recovery").glob("*.toml"))

            await wait_for(autosaved, "the added unit to be autosaved")
            await page.keyboard.press("Control+s")

            async def saved() -> bool:
                return 'id = "captain"' in roster.read_text(encoding="utf-8")

            await wait_for(saved, "the roster to be saved")
            assert any("Captain" in row for row in await screen_text(page))
            shot = screenshot_path(tmp_path, "served-builder.png")
            await page.screenshot(path=shot)
            assert shot.read_bytes().startswith(b"\x89PNG") and shot.stat().st_size > 20_000
    assert {urlsplit(address).netloc for address in asked} == {f"127.0.0.1:{served.port}"}, asked
