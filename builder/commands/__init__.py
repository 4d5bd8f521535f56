"""The command-line subcommands, one module per group, each imported only when it runs."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from catalog.wording import visible


def subcommand(commands: Any, name: str, help: str, **options: Any) -> Any:
    """One subcommand of a group (`add_subparsers`), its `help`, the line the group's `--help` lists it by, also the
    first line of its own `--help`."""
    options.setdefault("description", help[0].upper() + help[1:] + ".")
    return commands.add_parser(name, help=help, **options)


def skip_pydantic_plugin_scan() -> None:
    """Warbench uses no pydantic plugins: spare the first validation pydantic's search of every installed package
    for them (its documented switch, PYDANTIC_DISABLE_PLUGINS). A value the player set is kept."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")


class VisibleText(io.TextIOBase):
    """A text stream that writes every control and bidi character except line breaks as a visible escape."""

    def __init__(self, inner: TextIO) -> None:
        self.inner = inner

    def write(self, text: str) -> int:
        self.inner.write(visible(text, keep="\n"))
        return len(text)

    def flush(self) -> None:
        self.inner.flush()


@contextmanager
def visible_output() -> Iterator[None]:
    """While a command runs, nothing it prints (names, notes and messages from files and codes included) can
    move the cursor, retitle the window, set the clipboard or reorder a line."""
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = VisibleText(sys.stdout), VisibleText(sys.stderr)
    try:
        yield
    finally:
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        sys.stdout, sys.stderr = streams
