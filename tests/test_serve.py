"""`warbench serve`: the token guards every route, the served builder keeps to the shared folders, and in a real
headless Chromium the builder draws, takes key presses and saves a roster."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from builder.cli import main
from builder.commands.serve import PHONE_VIEWPORT, REFUSED, web_app
from builder.serving import TOKEN_COOKIE, token_matches
from catalog.access import ROOTS_VARIABLE, refusal
from tests.conftest import EXAMPLES
from tests.fixtures.browser import Browser

TOKEN = "tEsT-token_0123456789ab"


async def test_every_route_wants_the_token_and_the_address_sets_the_cookie():
    from aiohttp.test_utils import TestClient, TestServer
    from textual_serve.server import Server

    server = Server("true", public_url="http://localhost:1")
    async with TestClient(TestServer(web_app(server, TOKEN))) as client:
        for path in ("/", "/static/js/textual.js", "/ws", "/download/x", f"/?token={TOKEN[:-1]}"):
            response = await client.get(path)
            assert response.status == 403, path
            assert await response.text() == REFUSED
        page = await client.get(f"/?token={TOKEN}")
        assert page.status == 200 and page.cookies[TOKEN_COOKIE].value == TOKEN
        text = await page.text()
        assert "<head>" + PHONE_VIEWPORT in text and "textual.js" in text
        assert (await client.get("/static/js/textual.js")).status == 200  # the cookie now carries the token
        client.session.cookie_jar.clear()
        assert (await client.get("/static/js/textual.js")).status == 403


def test_tokens_compare_exactly():
    assert token_matches(TOKEN, TOKEN)
    assert not token_matches(None, TOKEN) and not token_matches(TOKEN.upper(), TOKEN) and not token_matches("", TOKEN)


def test_a_served_builder_keeps_to_the_shared_folders(tmp_path):
    shared = tmp_path / "shared"
    (shared / "sub").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (shared / "escape").symlink_to(tmp_path / "elsewhere")
    roots = (shared.resolve(),)
    assert refusal(shared / "sub" / "army.toml", roots) is None
    assert refusal(shared, roots) is None
    for outside in (tmp_path / "elsewhere" / "x.toml", shared / ".." / "x.toml", shared / "escape" / "x.toml",
                    Path("/etc/passwd")):
        assert "outside the folders this server shares" in refusal(outside, roots)
    assert refusal("/etc/passwd", None) is None  # in a terminal, no limit


async def test_the_builder_refuses_a_path_outside_the_shared_folders(tmp_path, monkeypatch):
    from builder.tui.app import make_app
    from builder.tui.dialogs.text_prompt import TextPrompt

    monkeypatch.setenv(ROOTS_VARIABLE, str(tmp_path / "shared"))
    app = make_app(data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        assert isinstance(app.screen, TextPrompt)
        app.screen.query_one("Input").value = str(EXAMPLES / "warsurge-499.toml")
        await pilot.press("enter")
        assert isinstance(app.screen, TextPrompt)  # refused: the prompt stays, saying why
        assert "outside the folders this server shares" in str(app.screen.query_one("#prompt-error").render())


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_port_in_use_or_a_file_that_is_not_warbenchs_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv(ROOTS_VARIABLE, "")  # serve sets it for the builders it starts; as it was after the test
    monkeypatch.delenv(ROOTS_VARIABLE)
    bad = tmp_path / "bad.toml"
    bad.write_text("not toml = = 1", encoding="utf-8")
    assert main(["serve", str(bad)]) == 2
    assert "not valid TOML" in capsys.readouterr().err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--host", "127.0.0.1", "--port", str(port)]) == 2
    assert capsys.readouterr().err.strip().startswith(f"warbench: cannot serve on 127.0.0.1:{port}")


@pytest.fixture
def served(tmp_path):
    """`warbench serve ROSTER` on a free port, in its own HOME; yields (address with token, roster, data dir)."""
    home = tmp_path / "home"
    roster = home / "lists" / "warsurge-499.toml"
    roster.parent.mkdir(parents=True)
    shutil.copy(EXAMPLES / "warsurge-499.toml", roster)
    env = {**os.environ, "HOME": str(home), "WARBENCH_HOME": str(home / "data")}
    env.pop(ROOTS_VARIABLE, None)
    process = subprocess.Popen([sys.executable, "-m", "builder.cli", "serve", str(roster), "--host", "127.0.0.1",
                                "--port", str(free_port())], env=env, stdout=subprocess.PIPE, text=True)
    try:
        address = next(m.group() for line in process.stdout if (m := re.search(r"http://\S+", line)))
        port = int(address.split(":")[2].split("/")[0])
        deadline = time.monotonic() + 30
        while True:  # the address is printed just before the server starts listening
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        yield address, roster, home / "data"
    finally:
        process.terminate()
        process.wait(timeout=10)


async def wait_for(condition, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.1)


async def test_in_chromium_the_builder_draws_takes_keys_and_saves(served, tmp_path):
    address, roster, data = served
    bare = address.split("?")[0]
    with pytest.raises(urllib.error.HTTPError) as refused:
        await asyncio.to_thread(urllib.request.urlopen, bare)
    assert refused.value.code == 403
    async with Browser(address, tmp_path / "chromium", (800, 600)) as browser:
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
