"""`warbench serve`'s rules, outside any web framework: the access token, the folders a served builder may use."""

from __future__ import annotations

import os
from pathlib import Path

ROOTS_VARIABLE = "WARBENCH_SERVE_ROOTS"
"""Set for the builder a browser drives: the only folders (os.pathsep-separated) it may read or write files in."""
TOKEN_COOKIE = "warbench_token"
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")


def new_token() -> str:
    """A random access token for one run of the server (128 bits, URL-safe)."""
    import secrets  # here: the builder imports this module for the shared folders alone, on every start

    return secrets.token_urlsafe(16)


def token_matches(given: str | None, token: str) -> bool:
    """Whether a request carries the token (compared in constant time)."""
    import secrets

    return given is not None and secrets.compare_digest(given.encode("utf-8"), token.encode("utf-8"))


def public_host(host: str) -> str:
    """The address a browser should use: the host given, or for 0.0.0.0 / :: this machine's address on its
    network (the one it would reach other machines from), so that a phone on the same network can open it."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    import socket

    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))  # no packet is sent: this only picks the outgoing interface
        return probe.getsockname()[0]
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()


def roots_from_environment() -> tuple[Path, ...] | None:
    """The folders a served builder may use, or None when the builder runs in a terminal (no limit)."""
    value = os.environ.get(ROOTS_VARIABLE)
    if value is None:
        return None
    return tuple(Path(part).resolve() for part in value.split(os.pathsep) if part)


def refusal(path: Path | str, roots: tuple[Path, ...] | None) -> str | None:
    """Why a served builder may not use `path` (it resolves outside every allowed folder), or None."""
    if roots is None:
        return None
    resolved = Path(path).expanduser().resolve()
    if any(resolved == root or root in resolved.parents for root in roots):
        return None
    return f"{path}: outside the folders this server shares ({', '.join(str(r) for r in roots)})"
