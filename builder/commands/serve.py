"""`warbench serve [FILE] [--host H] [--port P]`: the builder in a browser (textual-serve), behind an access token."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

from builder.serving import LOCAL_HOSTS, TOKEN_COOKIE, new_token, public_host, token_matches
from catalog.access import ROOTS_VARIABLE
from catalog.errors import WarbenchError

REFUSED = "This Warbench needs its access token: open the address `warbench serve` printed, token included."
PHONE_VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'
"""Added to textual-serve's page, whose head has none: a phone then lays it out at its own width instead of a
desktop's 980 pixels shrunk to fit (unreadable text)."""


class ServeError(WarbenchError):
    """The builder cannot be served: a file that will not open, a port in use."""


def web_app(server, token: str):
    """The aiohttp application serving textual-serve's page, websocket, downloads and static files, each only to
    a request carrying the token (in the address, or the cookie set when the address was opened)."""
    import aiohttp_jinja2
    import jinja2
    from aiohttp import web

    @web.middleware
    async def require_token(request: web.Request, handler):
        from_address = request.query.get("token")
        if not token_matches(from_address or request.cookies.get(TOKEN_COOKIE), token):
            return web.Response(status=403, text=REFUSED)
        response = await handler(request)
        if request.path == "/" and isinstance(response, web.Response) and response.text:
            response.text = response.text.replace("<head>", "<head>" + PHONE_VIEWPORT, 1)
        if from_address and isinstance(response, web.Response):
            response.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="Strict")
        return response

    app = web.Application(middlewares=[require_token])
    aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(server.templates_path))
    app.add_routes([
        web.get("/", server.handle_index, name="index"),
        web.get("/ws", server.handle_websocket, name="websocket"),
        web.get("/download/{key}", server.handle_download, name="download"),
        web.static("/static", server.statics_path, name="static"),
    ])
    return app


def shared_folders(file: Path | None) -> list[Path]:
    """The folders the served builder may use: the user's data directory, the new-rosters folder, the bundled
    examples, and the folder of the file it was started with."""
    from builder.editing.storage import EXAMPLES_DIR
    from catalog.paths import data_dir

    folders = [data_dir(), Path.home() / "warbench", EXAMPLES_DIR]
    if file is not None:
        folders.append(file.resolve().parent)
    return folders


def served_command(file: Path | None) -> str:
    """The command textual-serve runs for each browser: this Python's builder, with the file if one was given."""
    parts = [sys.executable, "-m", "builder.cli", "tui"] + ([str(file.resolve())] if file is not None else [])
    return " ".join(shlex.quote(part) for part in parts)


def run_serve(args) -> int:
    from exports.share.terminal import half_blocks, text_qr_matrix
    from textual_serve.server import Server

    file = Path(args.file) if args.file else None
    if file is not None:
        from builder.roster.header import file_kind

        file_kind(file)  # a file that is not Warbench's fails here, with its one line, not in the browser
    token = new_token()
    url = f"http://{public_host(args.host)}:{args.port}"
    os.environ[ROOTS_VARIABLE] = os.pathsep.join(str(folder) for folder in shared_folders(file))
    server = Server(served_command(file), host=args.host, port=args.port, title="Warbench", public_url=url)
    address = f"{url}/?token={token}"
    print(f"Warbench is served at\n\n    {address}\n")
    if args.host not in LOCAL_HOSTS:
        print(half_blocks(text_qr_matrix(address)))
        print("\nScan it with a phone on the same network. Anyone with this address can use your Warbench "
              "while it runs; without the token, the server answers 403.")
    print("Files stay on this machine, in: " + ", ".join(str(f) for f in shared_folders(file)))
    print("Ctrl+C stops the server.")
    sys.stdout.flush()
    from aiohttp import web

    try:
        web.run_app(web_app(server, token), host=args.host, port=args.port, print=None)
    except OSError as exc:
        raise ServeError(f"cannot serve on {args.host}:{args.port}: {exc.strerror or exc}") from None
    return 0
