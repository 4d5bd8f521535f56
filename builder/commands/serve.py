"""`warbench serve [FILE] [--host H] [--port P]`: the builder in a browser (textual-serve), behind an access token."""

from __future__ import annotations

import errno
import logging
import os
import shlex
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from builder.roster.header import file_kind
from builder.serving import LOCAL_HOSTS, TOKEN_COOKIE, new_token, public_host, token_matches
from catalog.access import ROOTS_VARIABLE
from catalog.errors import WarbenchError
from catalog.paths import EXAMPLES_DIR, data_dir
from exports.share.terminal import half_blocks, text_qr_matrix

if TYPE_CHECKING:
    from argparse import Namespace

    from aiohttp import web
    from aiohttp.typedefs import Handler
    from textual_serve.server import Server

REFUSED = "This Warbench needs its access token: open the address `warbench serve` printed, token included."
NOT_A_WEBSOCKET = "This address is the builder's live connection, for the page to open: open the page instead."
PAGE_DIR = Path(__file__).parent / "page"
"""Warbench's own page around textual-serve's terminal: nothing on it comes from another host."""


class ServeError(WarbenchError):
    """The builder cannot be served: a file that will not open, a port in use."""


def web_app(server: Server, token: str) -> web.Application:
    """The aiohttp application serving Warbench's page and textual-serve's websocket, downloads and static files,
    each only to a request carrying the token (in the address, or the cookie set when the address was opened)."""
    import aiohttp_jinja2
    import jinja2
    from aiohttp import web

    @web.middleware
    async def require_token(request: web.Request, handler: Handler) -> web.StreamResponse:
        from_address = request.query.get("token")
        if not token_matches(from_address or request.cookies.get(TOKEN_COOKIE), token):
            return web.Response(status=403, text=REFUSED)
        if request.match_info.route.name == "websocket" and not web.WebSocketResponse().can_prepare(request).ok:
            return web.Response(status=400, text=NOT_A_WEBSOCKET)
        response = await handler(request)
        if from_address and isinstance(response, web.Response):
            response.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="Strict")
        return response

    app = web.Application(middlewares=[require_token])
    aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(PAGE_DIR))
    app.add_routes(
        [
            web.get("/", server.handle_index, name="index"),
            web.get("/ws", server.handle_websocket, name="websocket"),
            web.get("/download/{key}", server.handle_download, name="download"),
            web.static("/static", server.statics_path, name="static"),
        ]
    )
    return app


def shared_folders(file: Path | None) -> list[Path]:
    """The folders the served builder may use: the user's data directory, the new-rosters folder, the bundled
    examples, and the folder of the file it was started with."""

    folders = [data_dir(), Path.home() / "warbench", EXAMPLES_DIR]
    if file is not None:
        folders.append(file.resolve().parent)
    return folders


def served_command(file: Path | None) -> str:
    """The command textual-serve runs for each browser: this Python's builder, with the file if one was given."""
    parts = [sys.executable, "-m", "builder.cli", "tui"] + ([str(file.resolve())] if file is not None else [])
    return " ".join(shlex.quote(part) for part in parts)


class ServerLog(logging.Handler):
    """What the server says on its terminal: one line per problem, never a traceback nor the token. A request too
    malformed to read (a request line or header too long, bytes that are not HTTP) is answered 400 and says
    nothing here."""

    def __init__(self, token: str) -> None:
        super().__init__(logging.WARNING)
        self.token = token

    def emit(self, record: logging.LogRecord) -> None:
        from aiohttp.http_exceptions import HttpProcessingError

        problem = record.exc_info[1] if record.exc_info else None
        if isinstance(problem, HttpProcessingError):
            return
        text = record.getMessage()
        if problem is not None:
            kind = type(problem).__name__
            text = f"{kind}: {text}".rstrip(": ") if text == str(problem) else f"{text} ({kind})"
        text = " ".join(text.replace(self.token, "…").split())
        print("warbench serve: " + "".join(c if c.isprintable() else "?" for c in text), file=sys.stderr)


def server_logger(token: str) -> logging.Logger:
    """The logger the web server and textual-serve report to, through ServerLog alone."""
    handler = ServerLog(token)
    for name in ("warbench.serve", "textual-serve"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.propagate = False
    return logging.getLogger("warbench.serve")


def listening_sockets(host: str, port: int) -> list[socket.socket]:
    """Sockets bound to every address of `host` on `port` (0: a free port, the same for all) and listening, or a
    ServeError saying why not (a port in use or not allowed, an unknown host). An address family this machine
    does not have (IPv6 for `localhost` on some) is left out."""
    where = f"{host}:{port}"
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise ServeError(f"cannot serve on {where}: {getattr(exc, 'strerror', None) or exc}") from None
    bound: list[socket.socket] = []
    try:
        for family, kind, protocol, _name, address in dict.fromkeys(addresses):
            listener = socket.socket(family, kind, protocol)
            try:
                listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6:
                    listener.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                if bound:  # the port the first address got: the same one, unless 0 asked for any free port
                    address = (address[0], bound[0].getsockname()[1], *address[2:])
                listener.bind(address)
                listener.listen(128)
            except OSError as exc:
                listener.close()
                if exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
                    continue
                raise ServeError(f"cannot serve on {where}: {exc.strerror or exc}") from None
            bound.append(listener)
    except BaseException:
        for listener in bound:
            listener.close()
        raise
    if not bound:
        raise ServeError(f"cannot serve on {where}: no address of {host} can be used on this machine")
    return bound


def run_serve(args: Namespace) -> int:
    from textual_serve.server import Server

    file = Path(args.file) if args.file else None
    if file is not None:
        file_kind(file)  # a file that is not Warbench's fails here, with its one line, not in the browser
    sockets = listening_sockets(args.host, args.port)
    port = sockets[0].getsockname()[1]
    token = new_token()
    url = f"http://{public_host(args.host)}:{port}"
    os.environ[ROOTS_VARIABLE] = os.pathsep.join(str(folder) for folder in shared_folders(file))
    server = Server(served_command(file), host=args.host, port=port, title="Warbench", public_url=url)
    address = f"{url}/?token={token}"
    print(f"Warbench is served at\n\n    {address}\n")
    if args.host not in LOCAL_HOSTS:
        print(half_blocks(text_qr_matrix(address)))
        print(
            "\nScan it with a phone on the same network. Anyone with this address can use your Warbench "
            "while it runs; without the token, the server answers 403."
        )
    print("Files stay on this machine, in: " + ", ".join(str(f) for f in shared_folders(file)))
    print("Ctrl+C stops the server.")
    sys.stdout.flush()
    from aiohttp import web

    web.run_app(web_app(server, token), sock=sockets, print=None, access_log=None, logger=server_logger(token))
    return 0
