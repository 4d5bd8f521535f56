"""`warbench serve`: the token guards every route, no request of any shape gets a traceback or logs the token, the
port is checked before the address is printed, and the served builder keeps to the shared folders."""

from __future__ import annotations

import logging
import re
import socket
from pathlib import Path

import pytest

from builder.cli import main
from builder.commands.serve import NOT_A_WEBSOCKET, REFUSED, ServerLog, web_app
from builder.serving import TOKEN_COOKIE, token_matches
from catalog.access import ROOTS_VARIABLE, refusal
from tests.conftest import EXAMPLES
from tests.fixtures.served import served_builder

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
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text
        addresses = set(re.findall(r"[a-z]+://[^\"')\s]+", text))  # every address the page names: this server's
        assert addresses == {
            "http://localhost:1/static/js/textual.js",
            "http://localhost:1/static/css/xterm.css",
            "http://localhost:1/static/fonts/RobotoMono-VariableFont_wght.ttf",
            "http://localhost:1/static/fonts/RobotoMono-Italic-VariableFont_wght.ttf",
            "ws://localhost:1/ws",
        }
        assert (await client.get("/static/js/textual.js")).status == 200  # the cookie now carries the token
        not_upgraded = await client.get("/ws")
        assert not_upgraded.status == 400 and await not_upgraded.text() == NOT_A_WEBSOCKET
        client.session.cookie_jar.clear()
        assert (await client.get("/static/js/textual.js")).status == 403


def test_tokens_compare_exactly():
    assert token_matches(TOKEN, TOKEN)
    assert not token_matches(None, TOKEN) and not token_matches(TOKEN.upper(), TOKEN) and not token_matches("", TOKEN)
    assert not token_matches("\udcff\udcfe", TOKEN) and not token_matches("\ud800" + TOKEN, TOKEN)  # not UTF-8


def test_the_server_log_is_one_line_without_the_token_and_silent_on_requests_it_could_not_read(capsys):
    from aiohttp.http_exceptions import LineTooLong

    log = logging.getLogger("test-serve-log")
    log.handlers[:], log.propagate = [ServerLog(TOKEN)], False
    try:
        raise LineTooLong(f"/?token={TOKEN}aaaa", "8190")
    except LineTooLong:
        log.exception("Error handling request from %s", "127.0.0.1")
    try:
        raise KeyError(f"token={TOKEN}\nsecond line")
    except KeyError:
        log.exception("Error handling request from %s", "127.0.0.1")
    assert capsys.readouterr().err == ("warbench serve: Error handling request from 127.0.0.1 (KeyError)\n")
    log.error("the app at /?token=%s stopped\x1b[31m", TOKEN)
    assert capsys.readouterr().err == "warbench serve: the app at /?token=… stopped?[31m\n"
    for problem in (ValueError("Expecting value: line 1 column 1 (char 0)"), AssertionError()):
        try:
            raise problem
        except (ValueError, AssertionError) as exc:
            log.exception(exc)  # as textual-serve reports a browser's message it could not read
    assert capsys.readouterr().err == (
        "warbench serve: ValueError: Expecting value: line 1 column 1 (char 0)\nwarbench serve: AssertionError\n"
    )


def test_a_served_builder_keeps_to_the_shared_folders(tmp_path):
    shared = tmp_path / "shared"
    (shared / "sub").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (shared / "escape").symlink_to(tmp_path / "elsewhere")
    roots = (shared.resolve(),)
    assert refusal(shared / "sub" / "army.toml", roots) is None
    assert refusal(shared, roots) is None
    for outside in (
        tmp_path / "elsewhere" / "x.toml",
        shared / ".." / "x.toml",
        shared / "escape" / "x.toml",
        Path("/etc/passwd"),
    ):
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


def answer(port: int, request: bytes) -> bytes:
    """The status line a raw request gets (a few seconds at most; the socket stays on this machine)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(request)
        received = b""
        while b"\r\n" not in received and (chunk := connection.recv(65536)):
            received += chunk
    return received.split(b"\r\n")[0]


def test_the_address_is_printed_once_the_port_is_bound_and_no_request_gets_a_traceback_or_logs_the_token(tmp_path):
    """One server for both (each start is a process importing the builder)."""
    with served_builder(tmp_path) as served:
        socket.create_connection(("127.0.0.1", served.port), timeout=5).close()  # no wait: it already listens
        token = served.token.encode()
        upgrade = (
            b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            b"Sec-WebSocket-Version: 13\r\n"
        )
        requests = {
            b"GET / HTTP/1.1\r\nHost: x\r\nCookie: warbench_token=\xff\xfe\r\n\r\n": 403,
            b'GET / HTTP/1.1\r\nHost: x\r\nCookie: warbench_token="\xff\r\n\r\n': 403,
            b"GET / HTTP/1.1\r\nHost: x\r\nCookie: warbench_token=%ff%fe\r\n\r\n": 403,
            b"GET /?token=%ff%fe HTTP/1.1\r\nHost: x\r\n\r\n": 403,
            b"GET /%zz?token=%G1%%% HTTP/1.1\r\nHost: x\r\n\r\n": 403,
            b"GET /static/../../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n": 403,
            b"GET / HTTP/1.1\r\nHost: \xff\xfe\r\n\r\n": 403,
            b"GET /ws HTTP/1.1\r\nHost: x\r\n" + upgrade + b"\r\n": 403,
            b"GET /ws?token=" + token + b" HTTP/1.1\r\nHost: x\r\n\r\n": 400,
            b"GET /download/nothing?token=" + token + b" HTTP/1.1\r\nHost: x\r\n\r\n": 404,
            b"GET /?token=\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n": 400,
            b"GET /?token=" + token + b"a" * 20_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n": 400,
            b"GET /?token=" + token + b" HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 20_000 + b"\r\n\r\n": 400,
            b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % n for n in range(500)) + b"\r\n": 400,
            b"GET / HTTP/9.9\r\n\r\n": 400,
            b"G\xffT / HTTP/1.1\r\n\r\n": 400,
            b"GET /\x00 HTTP/1.1\r\nHost: x\r\n\r\n": 400,
            b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http\r\n\r\n": 400,
            b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n": 400,
            b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n": 400,
        }
        got = {request: answer(served.port, request) for request in requests}
        assert {request: int(status.split()[1]) for request, status in got.items()} == requests
        assert answer(served.port, b"GET /?token=" + token + b" HTTP/1.1\r\nHost: x\r\n\r\n") == b"HTTP/1.1 200 OK"
    assert served.stderr.read_text(encoding="utf-8") == ""


@pytest.mark.parametrize("port", ["99999", "-1", "80a", "65536"])
def test_a_port_out_of_range_is_one_line_and_exit_2(port, capsys):
    with pytest.raises(SystemExit) as stopped:  # argparse's error, as the command line meets it
        main(["serve", "--port", port])
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert (
        err
        == f"warbench: argument --port: {port!r} is not a port: give a number from 1 to 65535 (0 picks a free one)\n"
    )


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
    out, err = capsys.readouterr()
    assert out == "" and err == f"warbench: cannot serve on 127.0.0.1:{port}: Address already in use\n"
    assert main(["serve", "--host", "no-such-host.invalid", "--port", "0"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("warbench: cannot serve on no-such-host.invalid:0: ") and err.count("\n") == 1
