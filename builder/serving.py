"""`warbench serve`'s rules, outside any web framework: the access token, the address (which folders a served
builder may use is decided in catalog.access)."""

from __future__ import annotations

TOKEN_COOKIE = "warbench_token"
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")


def new_token() -> str:
    """A random access token for one run of the server (128 bits, URL-safe)."""
    import secrets

    return secrets.token_urlsafe(16)


def token_matches(given: str | None, token: str) -> bool:
    """Whether a request carries the token (compared in constant time). A cookie or query that is not valid UTF-8
    arrives with its bad bytes as lone surrogates: it is simply not the token."""
    import secrets

    return given is not None and secrets.compare_digest(given.encode("utf-8", "surrogatepass"), token.encode())


def port_number(text: str) -> int:
    """`--port`'s value: a whole number from 0 to 65535 (0: any free port), else argparse's error saying so."""
    from argparse import ArgumentTypeError

    port = int(text) if text.isascii() and text.strip().isdigit() else -1
    if not 0 <= port <= 65535:
        raise ArgumentTypeError(f"{text!r} is not a port: give a number from 1 to 65535 (0 picks a free one)")
    return port


def public_host(host: str) -> str:
    """The address a browser should use: the host given, or for 0.0.0.0 / :: this machine's address on its
    network (the one it would reach other machines from), so that a phone on the same network can open it."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    import socket

    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))  # no packet is sent: this only picks the outgoing interface
        return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()
