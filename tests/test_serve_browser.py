"""`warbench serve` in a real headless Chromium (Debian's, driven by Playwright): on phones and desktops at every
pixel ratio the page asks nothing of another host, the footer's keys are drawn before the page is touched, the
screenshot shows the whole app, and a tap on a footer key works; the builder takes key presses and saves. One
server serves every page (each browser context gets its own builder)."""

from __future__ import annotations

import asyncio
import json
import math
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
from tests.fixtures.terminal_pixels import CELLS, cells_from, undrawn_cells

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),  # the tests share the module's browser, and so its loop
    pytest.mark.xdist_group(
        "chromium"
    ),  # ...and one worker runs them all (`--dist loadgroup`): one Chromium, one server
]

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
async def playwright():
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        yield playwright


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def chromium(playwright):
    """One headless Chromium for the module (each test has a fresh browser context: its own cookies and pages)."""
    assert CHROMIUM.is_file(), "Chromium is missing: run tools/install-browser (the README's test command does)"
    browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)  # headless
    try:
        yield browser
    finally:
        await browser.close()


@asynccontextmanager
async def chromium_page(browser, size: tuple[int, int] | None = None, **profile):
    """A page of a new context of the browser, that notes its xterm.js terminals: its size in CSS pixels, or a
    Playwright device profile (size, pixel ratio, touch)."""
    context = await browser.new_context(**({"viewport": {"width": size[0], "height": size[1]}} if size else profile))
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


async def wait_for(condition, what: str, timeout: float = 30.0, page=None) -> None:
    """Wait until `condition` holds; a timeout says what it waited for, and what the page's terminal then showed."""
    deadline = time.monotonic() + timeout
    while not await condition():
        if time.monotonic() > deadline:
            shown = "\n".join(await screen_text(page)) if page is not None else ""
            raise AssertionError(f"timed out waiting for {what}" + (f"; the screen showed:\n{shown}" if shown else ""))
        await asyncio.sleep(0.1)


async def screen_text(page) -> list[str]:
    return await page.evaluate(SCREEN_TEXT)


def screenshot_path(tmp_path: Path, name: str) -> Path:
    return Path(os.environ.get("WARBENCH_SCREENSHOTS", tmp_path)) / name


PROFILES = {
    "desktop, ratio 1": {"viewport": {"width": 1280, "height": 800}},
    "desktop, ratio 2": {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 2},
    "Pixel 7": "Pixel 7",  # 412×839, ratio 2.625
    "Galaxy S24": "Galaxy S24",  # 360×780, ratio 3
}
"""The sizes and pixel ratios the builder is shown at: dicts of Playwright context options, or the names of
Playwright's device profiles. (A 412-pixel phone at ratio 2 was one more: the Pixel 7 is that phone at a
fractional ratio, the harder case, and the desktop takes ratio 2; each page costs two seconds of the suite's CPU.)"""
GEOMETRY = """() => {
  const terminal = window.warbenchTerminals[0];
  const box = element => element.getBoundingClientRect().toJSON();
  const canvas = document.querySelector("#terminal canvas");
  const probe = document.createElement("span");
  probe.style.cssText = `position: absolute; visibility: hidden; white-space: pre; line-height: normal;
    font-family: ${terminal.options.fontFamily}; font-size: ${terminal.options.fontSize}px`;
  probe.textContent = "W".repeat(32);
  document.body.append(probe);
  const glyph = {width: probe.offsetWidth / 32, height: probe.offsetHeight};
  probe.remove();
  return {ratio: devicePixelRatio, rows: terminal.rows, cols: terminal.cols, glyph, element: box(terminal.element),
          canvas: box(canvas), backing: {width: canvas.width, height: canvas.height}};
}"""
"""Where the terminal is and what it draws at: the page's pixel ratio, its rows and columns, a glyph of its font
measured on the page (as xterm.js measures it), the terminal's element and its first canvas (in CSS pixels), and
that canvas's backing store (in device pixels)."""


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def served_editor(tmp_path_factory):
    """One server for the profiles, a roster open in its editor: each browser context gets its own builder."""
    tmp_path = tmp_path_factory.mktemp("served-editor")
    roster = tmp_path / "home" / "lists" / "warsurge-499.toml"
    roster.parent.mkdir(parents=True)
    shutil.copy(EXAMPLES / "warsurge-499.toml", roster)
    with served_builder(tmp_path, str(roster)) as served:
        yield served


CELLS_JSON = f"() => JSON.stringify(({CELLS})(window.warbenchTerminals[0]))"
"""The terminal's cells as one JSON string: Playwright hands a string over at once, where it would serialise each of
the thousands of small arrays on its own (a third of a second at 1280×800, twice a screen)."""


async def settled_screen(page) -> tuple[list[list], bytes]:
    """The terminal's cells and a screenshot of the page taken while they did not change."""
    for _ in range(20):
        before = await page.evaluate(CELLS_JSON)
        shot = await page.screenshot()
        if before == await page.evaluate(CELLS_JSON):
            return json.loads(before), shot
    raise AssertionError("the screen kept changing while it was photographed")


@pytest.mark.parametrize("profile", PROFILES)
async def test_at_every_size_and_pixel_ratio_the_whole_builder_is_on_screen_and_takes_a_tap(
    tmp_path, chromium, playwright, served_editor, profile
):
    named = PROFILES[profile]
    options = playwright.devices[named] if isinstance(named, str) else named
    async with chromium_page(chromium, **options) as page:
        asked = record_requests(page)
        await page.goto(served_editor.address)

        async def editor_drawn() -> bool:
            rows = await screen_text(page)
            return len(rows) > 2 and "Fantasy Army" in rows[0] and rows[-1].rstrip().endswith("^p palette")

        await wait_for(editor_drawn, "the editor and its footer", page=page)  # no tap yet: as a phone first shows it
        await page.evaluate("document.fonts.ready")
        loaded = "[...document.fonts].filter(f => f.status == 'loaded').map(f => f.family.replaceAll('\"', ''))"
        assert "Roboto Mono" in await page.evaluate(loaded)  # the terminal's font, from this server
        geometry = await page.evaluate(GEOMETRY)
        cells, picture = await settled_screen(page)
        screenshot_path(tmp_path, f"served-{profile.replace(', ', '-').replace(' ', '-')}.png").write_bytes(picture)
        rows, cols, ratio = geometry["rows"], geometry["cols"], geometry["ratio"]

        # The terminal fills its element with as many cells as fit at its font's size (xterm.js rounds a glyph to
        # whole device pixels: its width down, its height up)...
        cell = (math.floor(geometry["glyph"]["width"] * ratio), math.ceil(geometry["glyph"]["height"] * ratio))
        element, canvas, backing = geometry["element"], geometry["canvas"], geometry["backing"]
        assert (cols, rows) == (int(element["width"] * ratio // cell[0]), int(element["height"] * ratio // cell[1]))
        # ...and its canvas holds one device pixel for each of the screen's, so that a cell takes its place.
        assert abs(backing["width"] - canvas["width"] * ratio) <= 2, (backing, canvas, ratio)
        assert abs(backing["height"] - canvas["height"] * ratio) <= 2, (backing, canvas, ratio)
        assert abs(backing["width"] - cols * cell[0]) <= 2 and abs(backing["height"] - rows * cell[1]) <= 2

        # The buffer holds the whole app, in its narrow layout on a phone: the top bar to its right end, the
        # catalogue, roster, totals and findings, and the footer's keys...
        text = ["".join(c[0] or " " for c in row) for row in cells]
        assert text[0].rstrip().endswith("LEGAL") and text[-1].rstrip().endswith("^p palette")
        for pane in ("╭─ Catalogue", "╭─ Roster", "╭─ Findings", " Points 499/500"):
            assert any(pane in row for row in text), pane
        assert max(len(row.rstrip()) for row in text) in (cols, cols - 1)  # something reaches the right edge
        # ...and the screenshot shows each cell where the buffer has it: its background, and its character's ink.
        origin = (round(canvas["x"] * ratio), round(canvas["y"] * ratio))
        undrawn = undrawn_cells(picture, cells_from(cells), origin, cell)
        assert not [c for c in undrawn if c[1] in (0, rows - 1) or c[0] >= cols - 2], undrawn
        assert len(undrawn) <= rows * cols // 100, undrawn

        # A tap (a click on a desktop) on the footer's "^p palette" opens the command palette.
        key = text[-1].rindex("^p palette") + 1
        x, y = canvas["x"] + (key + 0.5) * cell[0] / ratio, canvas["y"] + (rows - 0.5) * cell[1] / ratio
        await (page.touchscreen.tap(x, y) if options.get("has_touch") else page.mouse.click(x, y))

        async def palette_open() -> bool:
            return any("Search for commands" in row for row in await screen_text(page))

        await wait_for(palette_open, "the command palette", page=page)
    assert {urlsplit(address).netloc for address in asked} == {f"127.0.0.1:{served_editor.port}"}, asked
    assert {urlsplit(address).path for address in asked} >= {
        "/",
        "/static/js/textual.js",
        "/static/css/xterm.css",
        "/static/fonts/RobotoMono-VariableFont_wght.ttf",
        "/ws",
    }


async def test_in_chromium_the_builder_takes_keys_and_saves(tmp_path, chromium, served_editor):
    roster, data = served_editor.home / "lists" / "warsurge-499.toml", served_editor.home / "data"
    shipped = roster.read_bytes()
    with pytest.raises(urllib.error.HTTPError) as refused:
        await asyncio.to_thread(urllib.request.urlopen, served_editor.address.split("?")[0])
    assert refused.value.code == 403
    try:
        async with chromium_page(chromium, (800, 600)) as page:
            asked = record_requests(page)
            await page.goto(served_editor.address)

            async def editor_open() -> bool:
                rows = await screen_text(page)
                return len(rows) > 2 and "Fantasy Army" in rows[0] and rows[-1].rstrip().endswith("^p palette")

            await wait_for(editor_open, "the builder to open the roster in its editor", page=page)
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
    finally:
        roster.write_bytes(shipped)  # the next page of this server opens the roster as shipped
    assert {urlsplit(address).netloc for address in asked} == {f"127.0.0.1:{served_editor.port}"}, asked
