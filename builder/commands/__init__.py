"""The command-line subcommands, one module per group, each imported only when it runs."""

from __future__ import annotations

import os


def skip_pydantic_plugin_scan() -> None:
    """Warbench uses no pydantic plugins: spare the first validation pydantic's search of every installed package
    for them (its documented switch, PYDANTIC_DISABLE_PLUGINS). A value the player set is kept."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
